import Core
import Files
import RaceData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads a feed from a JSON file on every fetch, as it is: no replay, so a
/// pinned `--now` makes runs exactly reproducible.
public struct FileRaceService: RaceService {
    public let path: String
    /// Feeds are small; anything bigger (or endless, like a device) is refused.
    public let maximumBytes: Int
    private let format: any FeedFormat

    public init(
        path: String, format: any FeedFormat = RacingAPI.all[0].format,
        maximumBytes: Int = HTTPRaceService.Limits.standard.maximumBodyBytes
    ) {
        self.path = path
        self.format = format
        self.maximumBytes = maximumBytes
    }

    /// The path as typed, cleaned: it is echoed in every message about this source.
    public var sourceDescription: String { "file \(TerminalText.clean(path, asciiOnly: true))" }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        let bytes: FileBytes
        do {
            bytes = try RegularFile.stream(path, maximumBytes: maximumBytes)
        } catch {
            throw fileError(error)
        }
        // Read as it is decoded: a file that could not be read to its end says so, not that its JSON is cut short.
        let feed: RaceFeed
        do {
            feed = try format.decode(bytes, source: sourceDescription)
        } catch {
            throw bytes.readFailure.map(fileError) ?? error
        }
        if let failure = bytes.readFailure { throw fileError(failure) }
        return feed.replayable(as: "replay:\(path)")
    }

    private func fileError(_ failure: RegularFile.Failure) -> RaceDataError {
        failure.raceDataError(source: sourceDescription, notRegularReason: Self.notRegularReason(path))
    }

    private static func notRegularReason(_ path: String) -> String {
        PathText.isDirectory(path) ? "it is a directory, not a file" : "it is not a regular file"
    }
}
