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
