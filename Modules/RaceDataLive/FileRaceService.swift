import Core
import Files
import Platform
import RaceData
import Text

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
        return try Self.feed(in: bytes, format: format, source: sourceDescription, fileError: fileError)
            .replayable(as: "replay:\(path)")
    }

    /// The feed in a file read as it is decoded. A file that could not be read to its end, or grew past the
    /// limit while it was read, says so, not that its JSON is cut short or followed by more.
    static func feed(
        in bytes: FileBytes, format: any FeedFormat, source: String,
        fileError: (RegularFile.Failure) -> RaceDataError
    ) throws(RaceDataError) -> RaceFeed {
        let feed: RaceFeed
        do {
            feed = try format.decode(bytes, source: source)
        } catch {
            // What the decoder stopped at may be bytes the file gained while it was read: its end tells.
            bytes.readToEnd()
            throw bytes.readFailure.map(fileError) ?? error
        }
        if let failure = bytes.readFailure { throw fileError(failure) }
        return feed
    }

    private func fileError(_ failure: RegularFile.Failure) -> RaceDataError {
        failure.raceDataError(source: sourceDescription, notRegularReason: Self.notRegularReason(path))
    }

    private static func notRegularReason(_ path: String) -> String {
        PathText.isDirectory(path) ? "it is a directory, not a file" : "it is not a regular file"
    }
}
