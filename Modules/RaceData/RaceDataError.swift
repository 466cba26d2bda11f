import Core

/// Why a fetch produced no races. Every message names the source.
public enum RaceDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source could not be reached or read: missing file, no network, refused connection.
    case unavailable(source: String, reason: String)
    /// The server answered with a status other than 2xx.
    case httpStatus(source: String, code: Int)
    /// Something came back, but it is not a Neds `nextraces` feed.
    case invalidFeed(source: String, reason: String)

    public var description: String {
        switch self {
        case .unavailable(let source, let reason):
            "Could not read races from \(source): \(reason)."
        case .httpStatus(let source, let code):
            "Could not read races from \(source): the server answered HTTP \(code)."
        case .invalidFeed(let source, let reason):
            "The races from \(source) are not a usable feed: \(reason)."
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .unavailable, .httpStatus: .unavailable
        case .invalidFeed: .dataError
        }
    }
}
