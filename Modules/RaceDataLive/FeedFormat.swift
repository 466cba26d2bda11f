import Files
import Platform
import RaceData

/// A racing API's feed, bytes in and races out. Every race service that reads a feed is given one, and the feed
/// cache keeps the races it decoded, not the bytes: a second API is a format of its own and an entry in
/// `RacingAPI.all`.
public protocol FeedFormat: Sendable {
    /// The races in `data`; `source` names it in errors.
    func decode(_ data: Data, source: String) throws(RaceDataError) -> RaceFeed
    /// The races in a file's bytes, which a format may read a stretch at a time as it goes (`FileBytes.more`;
    /// the default reads them whole). A file that stops short (`readFailure`) is its reader's to report.
    func decode(_ file: FileBytes, source: String) throws(RaceDataError) -> RaceFeed
}

extension FeedFormat {
    public func decode(_ file: FileBytes, source: String) throws(RaceDataError) -> RaceFeed {
        file.readToEnd()
        return try decode(file.data, source: source)
    }
}

/// A racing API the app knows by name (`--source neds`): where its feed and its race cards are, and the shape
/// of its feed.
public struct RacingAPI: Sendable {
    /// What `--source` and `--cards` call it.
    public let name: String
    public let feedURL: URL
    /// Its affiliates API base, the race cards' source that goes with its feed.
    public let cardsBase: URL?
    public let format: any FeedFormat
    /// What `--source NAME` reads, in help's words, wrapped to its column (about 50 characters).
    public let help: [String]
    /// What `--cards NAME` reads, likewise; nil without `cardsBase`.
    public let cardsHelp: [String]?

    public init(
        name: String, feedURL: URL, cardsBase: URL?, format: any FeedFormat, help: [String], cardsHelp: [String]?
    ) {
        self.name = name
        self.feedURL = feedURL
        self.cardsBase = cardsBase
        self.format = format
        self.help = help
        self.cardsHelp = cardsBase == nil ? nil : cardsHelp
    }

    /// Neds: the `nextraces` feed, asked for the most races it gives, and its affiliates API.
    public static let neds = RacingAPI(
        name: "neds", feedURL: HTTPRaceService.nedsURL, cardsBase: HTTPRaceCardService.nedsBase,
        format: NedsFeedDecoder(),
        help: [
            "the live Neds API, asked for its most (\(HTTPRaceService.mostRacesAsked)) races:",
            "it ignores categories, so a filter needs them all",
        ],
        cardsHelp: ["Neds' affiliates API (\(HTTPRaceCardService.nedsBase.host ?? "its affiliates host"))"])

    /// Every API the app knows. A URL typed in full is read as the first's shape unless it is another's host.
    public static let all: [RacingAPI] = [.neds]

    public static func named(_ name: String) -> RacingAPI? {
        all.first { $0.name == name.lowercased() }
    }

    /// The API whose feed a URL is (its host), if any.
    public static func serving(_ url: URL) -> RacingAPI? {
        all.first { $0.feedURL.host?.lowercased() == url.host?.lowercased() }
    }

    /// The shape a feed at `url` is read as.
    public static func format(of url: URL) -> any FeedFormat {
        (serving(url) ?? all[0]).format
    }
}
