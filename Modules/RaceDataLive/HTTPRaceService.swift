import Core
import Platform
import RaceData
import Synchronization

/// Fetches the live Neds feed (or anything serving that shape) over HTTP and decodes it: every way an exchange
/// can go wrong ends in a typed `RaceDataError` naming the URL, within the time limits (the transport's job).
/// Keeping the last good answer and standing in with it is `OfflineFallbackRaceService`'s.
public final class HTTPRaceService: RaceService {
    /// `--source neds`: the live Neds feed, asked for the most races it gives.
    public static let nedsURL = URL(
        string: "https://api.neds.com.au/rest/v1/racing/?method=nextraces&count=\(mostRacesAsked)")!
    /// The most races the Neds API answers with (real captures never hold more). It ignores any category asked
    /// for, so a board of greyhounds alone is full only if the feed is as long as it can be: with `count=10`,
    /// `filter greyhound` stayed empty for twenty minutes.
    public static let mostRacesAsked = 45

    /// The URL to fetch for one typed: a `nextraces` query asking for fewer than `mostRacesAsked` races (or not
    /// saying) is asked for that many; any other URL is fetched as typed.
    public static func askingForMostRaces(_ url: URL) -> URL {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = parts.queryItems,
            items.contains(where: { $0.name == "method" && $0.value == "nextraces" })
        else { return url }
        let asked = items.last { $0.name == "count" }.flatMap { $0.value.flatMap(Int.init) }
        if let asked, asked >= mostRacesAsked { return url }
        parts.queryItems =
            items.filter { $0.name != "count" } + [URLQueryItem(name: "count", value: "\(mostRacesAsked)")]
        return parts.url ?? url
    }

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
    private let format: any FeedFormat
    private let transport: any HTTPTransport

    /// - Parameter transport: how the bytes are fetched. The app passes `CurlHTTPTransport` (App/Fetch), which
    ///   opens libcurl at the first request, so a run that never fetches never loads it; tests pass fakes too.
    /// - Parameter format: the feed's shape; by default the one `RacingAPI` reads the URL as.
    public init(url: URL, limits: Limits = .standard, transport: any HTTPTransport, format: (any FeedFormat)? = nil) {
        self.url = url
        self.limits = limits
        self.transport = transport
        self.format = format ?? RacingAPI.format(of: url)
    }

    public var sourceDescription: String { url.absoluteString }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        try format.decode(try transport.get(url), source: sourceDescription)
    }
}
