import Core
import Platform

/// Why a fetch produced no races. Every message names the source.
public enum RaceDataError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The source could not be reached or read: missing file, no network,
    /// refused or reset connection.
    case unavailable(source: String, reason: String)
    /// The server answered with a status other than 2xx.
    case httpStatus(source: String, code: Int)
    /// No answer in time: `phase` says which limit ran out.
    case timedOut(source: String, phase: TimeoutPhase, seconds: TimeInterval)
    /// The body ended before the length the server announced.
    case truncated(source: String, received: Int, expected: Int)
    /// The body was bigger than the cap, so reading stopped.
    case tooLarge(source: String, limit: Int)
    /// The server sent something that says it is not JSON.
    case wrongContentType(source: String, contentType: String)
    /// Something came back, but it is not a Neds `nextraces` feed.
    case invalidFeed(source: String, reason: String)

    public enum TimeoutPhase: Sendable, Equatable, Codable {
        /// Looking up the server's name (DNS): its addresses did not come in time.
        case lookup
        /// Connecting and waiting for the response to start.
        case connect
        /// The whole exchange, body included.
        case total
    }

    public var description: String {
        switch self {
        case .invalidFeed(let source, let reason):
            "The races from \(source) are not a usable feed: \(reason)."
        default:
            "Could not read races from \(source): \(reason)."
        }
    }

    /// The cause alone, short enough for "stale — last update 2m ago (reason)".
    public var reason: String {
        switch self {
        case .unavailable(_, let reason): reason
        case .httpStatus(_, let code): "the server answered HTTP \(code)"
        case .timedOut(let source, .lookup, let seconds):
            "the name lookup\(Self.host(of: source).map { " of \($0)" } ?? "") had no answer within \(Self.seconds(seconds))"
        case .timedOut(_, .connect, let seconds): "no response within \(Self.seconds(seconds))"
        case .timedOut(_, .total, let seconds): "not finished within \(Self.seconds(seconds))"
        case .truncated(_, let received, let expected):
            "the answer was cut off after \(received) of \(expected) bytes"
        case .tooLarge(_, let limit): "the answer is larger than the \(Self.size(limit)) limit"
        case .wrongContentType(_, let contentType): "expected JSON but the server sent \(contentType)"
        case .invalidFeed(_, let reason): reason
        }
    }

    public var source: String {
        switch self {
        case .unavailable(let source, _), .httpStatus(let source, _), .timedOut(let source, _, _),
            .truncated(let source, _, _), .tooLarge(let source, _), .wrongContentType(let source, _),
            .invalidFeed(let source, _):
            source
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .unavailable, .httpStatus, .timedOut, .truncated: .unavailable
        case .invalidFeed, .tooLarge, .wrongContentType: .dataError
        }
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// The server a source's address names: what a name lookup looks up.
    private static func host(of source: String) -> String? {
        URL(string: source)?.host(percentEncoded: false).flatMap { $0.isEmpty ? nil : $0.lowercased() }
    }

    private static func size(_ bytes: Int) -> String {
        bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MB" : "\(bytes) byte"
    }
}

extension RaceDataError {
    /// Too many requests (429), or a server in trouble (5xx): a source to ask less often until it answers again.
    public var asksToWait: Bool {
        if case .httpStatus(_, let code) = self { return code == 429 || code >= 500 }
        return false
    }
}
