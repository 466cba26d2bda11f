import Foundation

/// Reads a feed from a JSON file on every fetch, as it is: no replay, so a
/// pinned `--now` makes runs exactly reproducible.
public struct FileRaceService: RaceService {
    public let path: String
    /// Feeds are small; anything bigger (or endless, like a device) is refused.
    public let maximumBytes: Int
    private let decoder = NedsFeedDecoder()

    public init(path: String, maximumBytes: Int = HTTPRaceService.Limits.standard.maximumBodyBytes) {
        self.path = path
        self.maximumBytes = maximumBytes
    }

    public var sourceDescription: String { "file \(path)" }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw .unavailable(source: sourceDescription, reason: Self.readFailureReason(path: path))
        }
        guard data.count <= maximumBytes else { throw .tooLarge(source: sourceDescription, limit: maximumBytes) }
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
