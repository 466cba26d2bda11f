import Foundation

/// The real API captures in `Tests/Fixtures`, byte-identical copies of public
/// captures (`Tests/Fixtures/SOURCES.md` says where each came from).
public enum Fixtures {
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    public static let directory = packageRoot.appendingPathComponent("Tests/Fixtures", isDirectory: true)

    public static let fiveRaces = "nextraces-2025-04-5-races.json"
    public static let tenRaces2024 = "nextraces-2024-03-10-races.json"
    public static let tenRaces2025 = "nextraces-2025-05-10-races.json"
    public static let fortyFiveRaces = "nextraces-2024-03-45-races.json"

    /// Every capture in the folder, so a new one is tested without edits.
    public static func allNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
    }

    public static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    /// The capture as a JSON object, to derive edited copies from.
    public static func json(_ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data(name)) as! [String: Any]
    }

    /// The capture cut to its first race (in its running order), with `edit` applied to that race's summary.
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

    /// Applies `edit` to every race summary of a capture and returns the document.
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
