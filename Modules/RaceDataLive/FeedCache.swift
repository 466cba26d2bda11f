import Core
import Files
import Platform
import RaceData

/// The last good feed of each URL, under `$XDG_CACHE_HOME/next-to-go/`, so the board can start with no network.
/// It keeps the races as the source's format decoded them (in the app's own JSON), whatever that format was:
/// the cache knows no feed shape. The file is input like any other: one that is not this, or holds a race that
/// could not have been saved (an id too long, a start no clock holds), is damaged and ignored.
public struct FeedCache: Sendable {
    public let directory: URL
    /// Far more races than any feed gives.
    static let maximumRaces = 20_000
    /// A saved feed's file; a bigger one is not ours.
    static let maximumFileBytes = 32 * 1024 * 1024

    public init(directory: URL) {
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/next-to-go`, else `~/.cache/next-to-go`.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        XDGDirectory.resolve("XDG_CACHE_HOME", homeFallback: ".cache", environment: environment)
    }

    /// One file per URL, named by a stable hash of it (FNV-1a: Swift's own
    /// hashing is seeded per process).
    public func fileURL(for url: URL) -> URL {
        directory.appendingPathComponent("feed-\(Self.stableHash(of: url)).json")
    }

    /// FNV-1a of the URL, in hex: the same on every run and machine.
    static func stableHash(of url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    public enum Lookup: Sendable, Equatable {
        case none
        case found(CachedFeed)
        /// The file is there but unusable; it is ignored (and overwritten by
        /// the next good fetch).
        case damaged(path: String)
    }

    public func lookUp(_ url: URL) -> Lookup {
        let file = fileURL(for: url)
        let data: Data
        do {
            data = try RegularFile.read(file.path, maximumBytes: Self.maximumFileBytes)
        } catch {
            return error == .missing ? .none : .damaged(path: file.path)
        }
        // A copy an earlier version kept (the answer's bytes) is simply not there for this one.
        if let earlier = try? JSONDecoder().decode(EarlierEntry.self, from: data), earlier.body != nil,
            earlier.races == nil
        {
            return .none
        }
        guard let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.url == url.absoluteString,
            entry.savedAt.isFinite, Race.plausibleStarts.contains(Date(timeIntervalSince1970: entry.savedAt)),
            entry.races.count <= Self.maximumRaces, entry.races.allSatisfy(Self.couldHaveBeenSaved)
        else {
            return .damaged(path: file.path)
        }
        return .found(
            CachedFeed(
                feed: RaceFeed(races: entry.races, skipped: entry.skipped),
                savedAt: Date(timeIntervalSince1970: entry.savedAt)))
    }

    /// Best effort: a cache that cannot be written costs nothing but the
    /// offline start, so failures are ignored.
    public func save(_ feed: RaceFeed, for url: URL, at date: Date) {
        let entry = Entry(
            url: url.absoluteString, savedAt: date.timeIntervalSince1970, races: feed.races, skipped: feed.skipped)
        guard let data = try? JSONEncoder().encode(entry), data.count <= Self.maximumFileBytes else { return }
        try? AtomicFile.write(data, to: fileURL(for: url), durability: .renamedOnly)
    }

    /// What a feed's decoder can give: the bounds every format's races are held to (text is cut to its limit
    /// and an ellipsis).
    static func couldHaveBeenSaved(_ race: Race) -> Bool {
        let texts = [
            race.name, race.meetingName, race.venue.name, race.venue.state, race.venue.country,
            race.form.trackCondition, race.form.weather,
        ].compactMap { $0 }
        return !race.id.isEmpty && race.id.count <= Race.maximumIDLength && !race.meetingName.isEmpty
            && texts.allSatisfy { $0.count <= Race.maximumTextLength + 1 }
            && (race.form.comment?.count ?? 0) <= Race.maximumCommentLength + 1
            && Race.plausibleNumbers.contains(race.number) && Race.plausibleStarts.contains(race.advertisedStart)
    }

    private struct Entry: Codable {
        let url: String
        let savedAt: TimeInterval
        let races: [Race]
        let skipped: [SkippedRace]
    }

    /// An entry of an earlier version: the answer's bytes, no races.
    private struct EarlierEntry: Decodable {
        let body: String?
        let races: [Race]?
    }
}

/// A feed saved earlier, and when.
public struct CachedFeed: Sendable, Equatable {
    public let feed: RaceFeed
    public let savedAt: Date

    public init(feed: RaceFeed, savedAt: Date) {
        self.feed = feed
        self.savedAt = savedAt
    }
}
