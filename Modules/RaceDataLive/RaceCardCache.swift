import Core
import Files
import Platform
import RaceData

/// The last good race card of each card URL, under `$XDG_CACHE_HOME/next-to-go/cards/`, so a sheet opened with
/// no network (a favourite, a race on a board read from the offline feed) still shows its field, or its result,
/// as last seen. Saved as the app's own compact form, not the server's bytes (a real card is 400 KB, most of it
/// bets and money tracking the sheet never shows).
public struct RaceCardCache: Sendable {
    public let directory: URL
    /// How many cards are kept; the oldest go first.
    public let maximumFiles: Int
    /// A saved card is a few kilobytes; a bigger file is not ours.
    static let maximumFileBytes = 1024 * 1024

    public init(directory: URL, maximumFiles: Int = 300) {
        self.directory = directory
        self.maximumFiles = maximumFiles
    }

    /// Beside the feed cache: `$XDG_CACHE_HOME/next-to-go/cards`.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        FeedCache.defaultDirectory(environment: environment).appendingPathComponent("cards", isDirectory: true)
    }

    /// One file per card URL, named by the same stable hash as the feed cache's.
    public func fileURL(for url: URL) -> URL {
        directory.appendingPathComponent("card-\(FeedCache.stableHash(of: url)).json")
    }

    /// The card saved for `url`, and when; nil when there is none or it cannot be used (it is then overwritten
    /// by the next good fetch).
    public func lookUp(_ url: URL) -> (card: RaceCard, savedAt: Date)? {
        guard let data = try? RegularFile.read(fileURL(for: url).path, maximumBytes: Self.maximumFileBytes),
            let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.url == url.absoluteString,
            entry.savedAt.isFinite, Race.plausibleStarts.contains(Date(timeIntervalSince1970: entry.savedAt))
        else { return nil }
        // What the decoder caps, a file on disk could still hold: it is input like any card.
        return (entry.card.withinLimits(), Date(timeIntervalSince1970: entry.savedAt))
    }

    /// Best effort, as the feed cache: a card that cannot be saved costs only the offline copy.
    public func save(_ card: RaceCard, for url: URL, at date: Date) {
        guard
            let data = try? JSONEncoder().encode(
                Entry(url: url.absoluteString, savedAt: date.timeIntervalSince1970, card: card))
        else { return }
        try? AtomicFile.write(data, to: fileURL(for: url), durability: .renamedOnly)
        pruneOldest()
    }

    private func pruneOldest() {
        let manager = FileManager.default
        guard
            let names = try? manager.contentsOfDirectory(atPath: directory.path).filter({
                $0.hasPrefix("card-") && $0.hasSuffix(".json")
            }), names.count > maximumFiles
        else { return }
        let dated = names.map { name -> (String, Date) in
            let path = directory.appendingPathComponent(name).path
            let modified = (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
            return (path, modified)
        }
        for (path, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(names.count - maximumFiles) {
            try? manager.removeItem(atPath: path)
        }
    }

    private struct Entry: Codable {
        let url: String
        let savedAt: TimeInterval
        let card: RaceCard
    }
}
