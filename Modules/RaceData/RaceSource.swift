import Core
import Foundation

/// Where races come from, as chosen with `--source`.
public enum RaceSource: Sendable, Equatable, CustomStringConvertible {
    case snapshot
    case file(path: String)
    case http(URL)

    public static let usage = "snapshot, file:PATH or an http(s):// URL"

    /// Parses `snapshot`, `file:PATH` or an `http://` / `https://` URL.
    public init?(argument: String) {
        let lowered = argument.lowercased()
        if lowered == "snapshot" {
            self = .snapshot
        } else if lowered.hasPrefix("file:") {
            let path = String(argument.dropFirst("file:".count))
            guard !path.isEmpty else { return nil }
            self = .file(path: path)
        } else if lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            let url = URL(string: argument), url.host != nil
        {
            self = .http(url)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .snapshot: "snapshot"
        case .file(let path): "file:\(path)"
        case .http(let url): url.absoluteString
        }
    }

    /// Builds the service for this source. Only the snapshot can fail here
    /// (its resource is read at once); files and URLs are read on each fetch.
    public func makeService(clock: any WallClock, timeout: TimeInterval = HTTPRaceService.defaultTimeout)
        throws(RaceDataError) -> any RaceService
    {
        switch self {
        case .snapshot: try SnapshotRaceService.embedded(clock: clock)
        case .file(let path): FileRaceService(path: path)
        case .http(let url): HTTPRaceService(url: url, timeout: timeout)
        }
    }
}
