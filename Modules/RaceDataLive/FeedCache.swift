import Core
import Files
import Foundation
import RaceData

/// The last good feed of each URL, under `$XDG_CACHE_HOME/next-to-go/`, so
/// the board can start with no network.
public struct FeedCache: Sendable {
    public let directory: URL

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
            // The saved body is at most the feed cap, and JSON-escaped it can grow; a bigger file is not ours.
            data = try RegularFile.read(file.path, maximumBytes: 2 * HTTPRaceService.Limits.standard.maximumBodyBytes)
        } catch {
            return error == .missing ? .none : .damaged(path: file.path)
        }
        guard let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.url == url.absoluteString,
            entry.savedAt.isFinite, Race.plausibleStarts.contains(Date(timeIntervalSince1970: entry.savedAt)),
            let feed = try? NedsFeedDecoder().decode(Data(entry.body.utf8), source: url.absoluteString)
        else {
            return .damaged(path: file.path)
        }
        return .found(CachedFeed(feed: feed, savedAt: Date(timeIntervalSince1970: entry.savedAt)))
    }

    /// Best effort: a cache that cannot be written costs nothing but the
    /// offline start, so failures are ignored.
    public func save(_ body: Data, for url: URL, at date: Date) {
        guard let text = String(data: body, encoding: .utf8),
            let data = try? JSONEncoder().encode(
                Entry(url: url.absoluteString, savedAt: date.timeIntervalSince1970, body: text))
        else { return }
        try? AtomicFile.write(data, to: fileURL(for: url), durability: .renamedOnly)
    }

    private struct Entry: Codable {
        let url: String
        let savedAt: TimeInterval
        /// The feed exactly as the server sent it.
        let body: String
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
