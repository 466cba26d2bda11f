import Core
import Platform
import RaceData

/// Where races come from, as chosen with `--source`.
public enum RaceSource: Sendable, Equatable, CustomStringConvertible {
    case snapshot
    case file(path: String)
    /// A file read once, then replayed in passes from the launch (`SnapshotReplay`).
    case replay(path: String)
    /// A script of answers and failures, one a fetch (`ScriptedRaceService`).
    case script(path: String)
    case http(URL)

    public static let usage =
        (["snapshot"] + RacingAPI.all.map(\.name)).joined(separator: ", ")
        + ", file:PATH, replay:PATH, script:PATH or an http(s):// URL"

    /// Parses `snapshot`, an API's name (`neds`), `file:PATH`, `replay:PATH` or an `http://` / `https://` URL.
    /// A `nextraces` URL asking for fewer than 45 races is asked for 45 (`HTTPRaceService.askingForMostRaces`).
    public init?(argument: String) {
        let lowered = argument.lowercased()
        if lowered == "snapshot" {
            self = .snapshot
        } else if let api = RacingAPI.named(lowered) {
            self = .http(api.feedURL)
        } else if lowered.hasPrefix("file:") {
            let path = String(argument.dropFirst("file:".count))
            guard !path.isEmpty else { return nil }
            self = .file(path: path)
        } else if lowered.hasPrefix("replay:") {
            let path = String(argument.dropFirst("replay:".count))
            guard !path.isEmpty else { return nil }
            self = .replay(path: path)
        } else if lowered.hasPrefix("script:") {
            let path = String(argument.dropFirst("script:".count))
            guard !path.isEmpty else { return nil }
            self = .script(path: path)
        } else if lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            let url = URL(string: argument), url.host != nil
        {
            self = .http(HTTPRaceService.askingForMostRaces(url))
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .snapshot: "snapshot"
        case .file(let path): "file:\(path)"
        case .replay(let path): "replay:\(path)"
        case .script(let path): "script:\(path)"
        case .http(let url): url.absoluteString
        }
    }

    /// Builds the service for this source. Only the snapshot and a replayed file can fail here (they are read
    /// at once); files and URLs are read on each fetch.
    /// For a URL, the cached copy is looked up now; a damaged one is ignored
    /// and reported in `warnings`. URLs are fetched through `transport` (the app's libcurl client).
    public func makeService(
        clock: any WallClock, limits: HTTPRaceService.Limits = .standard, transport: any HTTPTransport,
        cache: FeedCache? = nil
    ) throws(RaceDataError) -> ServiceSetup {
        switch self {
        case .snapshot:
            return ServiceSetup(service: try SnapshotRaceService.embedded(clock: clock))
        case .file(let path):
            return ServiceSetup(service: FileRaceService(path: path))
        case .script(let path):
            return ServiceSetup(service: try ScriptedRaceService(path: path))
        case .replay(let path):
            let file = FileRaceService(path: path)
            let capture = try file.fetchRaces()
            return ServiceSetup(
                service: SnapshotRaceService(
                    capture: capture, clock: clock, launch: clock.now(),
                    description: "\(file.sourceDescription) (replayed)"))
        case .http(let url):
            var offlineCopy: CachedFeed?
            var warnings: [String] = []
            switch cache?.lookUp(url) {
            case .found(let copy)?: offlineCopy = copy
            case .damaged(let path)?: warnings.append("Warning: ignoring the damaged cached feed at \(path).")
            case .none?, nil: break
            }
            return ServiceSetup(
                service: OfflineFallbackRaceService(
                    wrapping: HTTPRaceService(url: url, limits: limits, transport: transport),
                    cache: cache, cacheKey: url, offlineCopy: offlineCopy, clock: clock),
                warnings: warnings)
        }
    }
}

/// A ready service, and anything the user should hear about setting it up.
public struct ServiceSetup: Sendable {
    public let service: any RaceService
    public let warnings: [String]

    public init(service: any RaceService, warnings: [String] = []) {
        self.service = service
        self.warnings = warnings
    }
}

/// Where race cards come from, as chosen with `--cards`, or the race source's own (`standard(for:)`).
public enum RaceCardSource: Sendable, Equatable {
    case none
    /// The cards made for the embedded snapshot, told as its replay goes.
    case snapshot
    case folder(path: String)
    case http(base: URL)

    public static let usage = "snapshot, file:DIR, an http(s):// affiliates API base, or none"

    public init?(argument: String) {
        let lowered = argument.lowercased()
        if lowered == "none" {
            self = .none
        } else if lowered == "snapshot" {
            self = .snapshot
        } else if let base = RacingAPI.named(lowered)?.cardsBase {
            self = .http(base: base)
        } else if lowered.hasPrefix("file:") {
            let path = String(argument.dropFirst("file:".count))
            guard !path.isEmpty else { return nil }
            self = .folder(path: path)
        } else if lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            let url = URL(string: argument), url.host != nil
        {
            self = .http(base: url)
        } else {
            return nil
        }
    }

    /// The cards that go with a race source when `--cards` is not given: the snapshot's own for the snapshot,
    /// Neds' affiliates API for the Neds feed, none for anything else (a file or another server has no
    /// known card source).
    public static func standard(for source: RaceSource) -> RaceCardSource {
        switch source {
        case .snapshot: .snapshot
        case .http(let url): RacingAPI.serving(url)?.cardsBase.map { .http(base: $0) } ?? .none
        case .file, .replay, .script: .none
        }
    }

    /// - Parameter headers: what each request to an affiliates API carries (`From`, `X-Partner`).
    /// - Parameter cache: where cards fetched over HTTP are kept for a sheet opened offline.
    public func makeService(
        clock: any WallClock, transport: any HTTPTransport, headers: [HTTPHeader], cache: RaceCardCache? = nil
    ) -> CardServices {
        switch self {
        case .none:
            return .none
        case .snapshot:
            let service = SnapshotRaceCardService(clock: clock)
            return CardServices(
                cards: service, meetings: service, statuses: service, marketIndex: SnapshotMarketIndex(),
                fields: SnapshotFieldService(clock: clock))
        case .folder(let path):
            let service = FolderRaceCardService(directory: path)
            return CardServices(cards: service, statuses: service, boardCards: service)
        case .http(let base):
            let budget = CardRequestBudget()
            let service = HTTPRaceCardService(
                base: base, headers: headers, transport: transport, cache: cache, clock: clock, budget: budget)
            // The board's reads share the sheets' budget but keep no copies: the copies kept are the cards opened.
            let boardReads = HTTPRaceCardService(
                base: base, headers: headers, transport: transport, cache: nil, clock: clock, budget: budget)
            return CardServices(
                cards: service, meetings: service, statuses: service, boardCards: boardReads)
        }
    }
}
