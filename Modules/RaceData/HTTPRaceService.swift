import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches the live Neds feed (or anything serving that shape) over HTTP.
public final class HTTPRaceService: RaceService {
    public static let defaultURL = URL(string: "https://api.neds.com.au/rest/v1/racing/?method=nextraces&count=10")!
    public static let defaultTimeout: TimeInterval = 10

    public let url: URL
    private let session: URLSession
    private let decoder = NedsFeedDecoder()

    public init(url: URL, timeout: TimeInterval = HTTPRaceService.defaultTimeout) {
        self.url = url
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["Accept": "application/json"]
        self.session = URLSession(configuration: configuration)
    }

    deinit { session.invalidateAndCancel() }

    public var sourceDescription: String { url.absoluteString }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        let exchange = Exchange()
        let task = session.dataTask(with: url) { data, response, error in
            exchange.finish(data: data, response: response, error: error)
        }
        task.resume()
        exchange.wait()

        if let error = exchange.error {
            throw .unavailable(source: sourceDescription, reason: Self.reason(for: error))
        }
        guard let response = exchange.response as? HTTPURLResponse else {
            throw .unavailable(source: sourceDescription, reason: "the server sent no HTTP response")
        }
        guard (200..<300).contains(response.statusCode) else {
            throw .httpStatus(source: sourceDescription, code: response.statusCode)
        }
        return try decoder.decode(exchange.data ?? Data(), source: sourceDescription)
    }

    private static func reason(for error: any Error) -> String {
        let code = (error as? URLError)?.code
        switch code {
        case .timedOut?: return "timed out"
        case .cannotConnectToHost?: return "connection refused"
        case .cannotFindHost?, .dnsLookupFailed?: return "host not found"
        case .notConnectedToInternet?: return "no network connection"
        case .networkConnectionLost?: return "the connection was lost"
        default: return (error as NSError).localizedDescription
        }
    }
}

/// Hands one URLSession answer from its delegate queue to the waiting caller.
/// The fields are written once before `signal()` and read only after
/// `wait()`, which orders the accesses.
private final class Exchange: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private(set) var data: Data?
    private(set) var response: URLResponse?
    private(set) var error: (any Error)?

    func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        self.data = data
        self.response = response
        self.error = error
        done.signal()
    }

    func wait() { done.wait() }
}
