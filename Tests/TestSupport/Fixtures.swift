import Foundation
import SnapshotData

/// Feeds of our own in `Tests/Fixtures`, made by `Scripts/make-snapshot` from the recipes in
/// `Scripts/feeds/` (each recipe's `about` says what its feed holds), and the embedded snapshot made the
/// same way. Real captures of the API are not in the repository: see `RealCaptures`.
public enum Fixtures {
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    public static let directory = packageRoot.appendingPathComponent("Tests/Fixtures", isDirectory: true)

    /// Five races within three minutes, three sharing the first start second (JPN, AUS).
    public static let fiveRaces = "five-races.json"
    /// Ten races over half an hour: harness 5, greyhound 3, horse 2 (USA, CA, AUS, NZ).
    public static let tenRaces = "ten-races.json"
    /// Ten races over thirteen minutes: harness 5, horse 3, greyhound 2 (AUS, NZ, JPN).
    public static let tenRacesB = "ten-races-b.json"

    /// The embedded snapshot until the race day replaced it: 45 races over two hours of an evening, one of an
    /// unknown category and one without a start (Scripts/feeds/evening.json).
    public static let evening = directory.appendingPathComponent("evening.json")

    /// The embedded race day, the default source: a day of racing around the world (Scripts/feeds/race-day.json).
    public static var raceDay: Data {
        snapshotFeed.withUTF8Buffer { Data($0) }
    }

    /// The embedded race day written to a file of its own (once a test process), for what reads a path.
    public static let raceDayFile: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "next-to-go-race-day-\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("race-day.json")
        try? raceDay.write(to: file)
        return file
    }()

    /// Every feed in the folder, so a new one is tested without edits.
    public static func allNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
    }

    /// The feeds in the folder whose every race can be read: all but `evening.json`, which leaves two out on
    /// purpose (no start, an unknown category).
    public static func wholeNames() throws -> [String] {
        try allNames().filter { $0 != evening.lastPathComponent }
    }

    /// Every feed `Scripts/make-snapshot` makes: the test feeds and the embedded race day.
    public static func allFeeds() throws -> [URL] {
        try allNames().map(url) + [raceDayFile]
    }

    public static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    /// The feed as a JSON object, to derive edited copies from.
    public static func json(_ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data(name)) as! [String: Any]
    }

    /// The feed cut to its first race (in its running order), with `edit` applied to that race's summary.
    /// `replacing` then swaps placeholder text for raw JSON text no serialiser would write (a lone `\ud800`).
    public static func oneRace(
        _ name: String, replacing replacements: [String: String] = [:], _ edit: (_ summary: inout [String: Any]) -> Void
    ) throws -> Data {
        var document = try json(name)
        var body = document["data"] as! [String: Any]
        let first = (body["next_to_go_ids"] as! [String])[0]
        var summary = (body["race_summaries"] as! [String: Any])[first] as! [String: Any]
        edit(&summary)
        body["next_to_go_ids"] = [first]
        body["race_summaries"] = [first: summary]
        document["data"] = body
        var text = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
        for (placeholder, raw) in replacements { text = text.replacingOccurrences(of: placeholder, with: raw) }
        return Data(text.utf8)
    }

    /// Applies `edit` to every race summary of a feed and returns the document.
    public static func editedSummaries(
        _ name: String, _ edit: (_ key: String, _ summary: inout [String: Any]) -> Void
    ) throws -> Data {
        var document = try json(name)
        var body = document["data"] as! [String: Any]
        var summaries = body["race_summaries"] as! [String: Any]
        for key in summaries.keys.sorted() {
            var summary = summaries[key] as! [String: Any]
            edit(key, &summary)
            summaries[key] = summary
        }
        body["race_summaries"] = summaries
        document["data"] = body
        return try JSONSerialization.data(withJSONObject: document)
    }
}

/// A fresh directory under the system temporary folder, removed by `remove()`.
public struct TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("next-to-go-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func file(_ name: String, contents: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try contents.write(to: file)
        return file
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
