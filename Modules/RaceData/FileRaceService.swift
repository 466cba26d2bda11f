import Foundation

/// Reads a feed from a JSON file on every fetch, as it is: no replay, so a
/// pinned `--now` makes runs exactly reproducible.
public struct FileRaceService: RaceService {
    public let path: String
    private let decoder = NedsFeedDecoder()

    public init(path: String) { self.path = path }

    public var sourceDescription: String { "file \(path)" }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unavailable(source: sourceDescription, reason: Self.readFailureReason(path: path))
        }
        return try decoder.decode(data, source: sourceDescription)
    }

    static func readFailureReason(path: String) -> String {
        var isDirectory: ObjCBool = false
        let manager = FileManager.default
        if !manager.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "it is a directory, not a file" }
        if !manager.isReadableFile(atPath: path) { return "permission denied" }
        return "the file could not be read"
    }
}
