import Core
import Foundation
import RaceData
import Synchronization

/// Fetches the live Neds feed (or anything serving that shape) over HTTP and decodes it: every way an exchange
/// can go wrong ends in a typed `RaceDataError` naming the URL, within the time limits (the transport's job).
/// Keeping the last good answer and standing in with it is `OfflineFallbackRaceService`'s.
public final class HTTPRaceService: RaceService {
    public static let defaultURL = URL(string: "https://api.neds.com.au/rest/v1/racing/?method=nextraces&count=10")!

    public struct Limits: Sendable, Equatable {
        /// Connecting and waiting for the response to start.
        public var connectTimeout: TimeInterval
        /// The whole exchange, body included.
        public var totalTimeout: TimeInterval
        public var maximumBodyBytes: Int

        public static let standard = Limits(connectTimeout: 5, totalTimeout: 10, maximumBodyBytes: 10 * 1024 * 1024)

        public init(connectTimeout: TimeInterval, totalTimeout: TimeInterval, maximumBodyBytes: Int) {
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.maximumBodyBytes = maximumBodyBytes
        }
    }

    public let url: URL
    public let limits: Limits
    private let decoder = NedsFeedDecoder()
    private let transport: any HTTPTransport

    /// - Parameter transport: how the bytes are fetched. The app passes `ChildProcessHTTPTransport`, which runs
    ///   the `next-to-go-fetch` helper, so the app itself never loads FoundationNetworking (and curl with its
    ///   thirty libraries: 6 ms of every start); tests may pass HTTPFetch's `InProcessHTTPTransport`.
    public init(url: URL, limits: Limits = .standard, transport: any HTTPTransport) {
        self.url = url
        self.limits = limits
        self.transport = transport
    }

    public var sourceDescription: String { url.absoluteString }

    /// The answer, decoded; it carries the bytes it came from for the feed cache.
    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        let body = try transport.get(url)
        return try decoder.decode(body, source: sourceDescription).withSourceBody(body)
    }
}
