import Core
import Platform
import RaceData
import Synchronization

/// Race cards from the affiliates API (`GET {base}/racing/events/{race id}`), fetched as the feed is: by the
/// child-process transport, within the same limits, each request carrying the caller's `From` and `X-Partner`.
/// A 404 is a card not (or no longer) published: no card, not an error. Each card fetched is kept in the
/// `RaceCardCache`; when the source cannot be reached the copy kept stands in, marked offline, as the feed's does.
/// Card requests keep to the source's `CardRequestBudget`, whoever makes them.
public struct HTTPRaceCardService: RaceCardService {
    /// Neds' deployment of the affiliates API (Ladbrokes and NZ TAB serve the same paths).
    public static let nedsBase = URL(string: "https://api-affiliates.neds.com.au/affiliates/v1")!
    /// Sent when no `--partner` is given: the API asks callers to say who they are.
    public static let defaultPartner = "next-to-go"

    public let base: URL
    public let headers: [HTTPHeader]
    private let transport: any HTTPTransport
    private let cache: RaceCardCache?
    private let clock: any WallClock
    /// Kept by the real clock, not the app's: a pinned `--now` still waits its two seconds between requests.
    private let budget: CardRequestBudget
    private let decoder = RaceCardDecoder()
    /// The last meetings list and when it came: the board's statuses and every meetings screen share one request.
    private let lastList = LastMeetingsAnswer()
    /// How long a meetings list is used before it is asked for again.
    public static let listLifetime: TimeInterval = 30

    public init(
        base: URL, headers: [HTTPHeader], transport: any HTTPTransport, cache: RaceCardCache? = nil,
        clock: any WallClock = SystemClock(), budget: CardRequestBudget? = nil
    ) {
        self.base = base
        self.headers = headers
        self.transport = transport
        self.cache = cache
        self.clock = clock
        self.budget = budget ?? CardRequestBudget()
    }

    public var sourceDescription: String { base.absoluteString }

    /// The card's address; nil for an id that is not a plain path segment (it never reaches the network).
    public func url(forRace id: String) -> URL? {
        guard let captureID = FolderRaceCardService.cardName(forRace: id) else { return nil }
        return base.appendingPathComponent("racing").appendingPathComponent("events").appendingPathComponent(
            captureID)
    }

    public func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        guard let url = url(forRace: id) else { return nil }
        let card: RaceCard
        do {
            let data = try budget.spend { () throws(RaceDataError) in try transport.get(url, headers: headers) }
            card = try decoder.decode(data, raceID: id, source: url.absoluteString)
        } catch {
            if case .httpStatus(_, 404) = error { return nil }
            // Any failure, a broken answer as much as no answer, is when the copy kept is wanted.
            guard let copy = keptCopy(forRace: id, because: error.reason) else { throw error }
            return copy
        }
        cache?.save(card, for: url, at: clock.now())
        return card
    }

    public func keptCopy(forRace id: String) -> RaceCard? {
        keptCopy(forRace: id, because: "the card could not be read now")
    }

    private func keptCopy(forRace id: String, because reason: String) -> RaceCard? {
        guard let url = url(forRace: id), let (saved, savedAt) = cache?.lookUp(url) else { return nil }
        var copy = saved
        copy.raceID = id
        copy.offline = OfflineCard(savedAt: savedAt, reason: reason)
        return copy
    }

    public func keepCopy(of card: RaceCard) {
        guard card.offline == nil, let cache, let url = url(forRace: card.raceID) else { return }
        cache.save(card, for: url, at: clock.now())
    }
}

extension HTTPRaceCardService: RaceStatusService, RaceMeetingsService {
    /// The meetings list is a day's races (some 500 KB): the board asks for its statuses every five minutes, not
    /// every refresh (a meetings screen may ask more often; `listLifetime`).
    public var statusLifetime: TimeInterval { 300 }

    public var meetingsDescription: String { "the meetings list of \(base.absoluteString)" }

    /// `GET {base}/racing/meetings`: today's races with their statuses.
    public var meetingsURL: URL { base.appendingPathComponent("racing").appendingPathComponent("meetings") }

    /// Today's races with their statuses; a replayed race is told its captured race's.
    public func statuses(ofRaces ids: [String]) throws(RaceDataError) -> [String: RaceStatus] {
        let all = try raceDay(at: clock.now()).standings
        var known: [String: RaceStatus] = [:]
        for id in ids {
            if let standing = all[SnapshotReplay.captureID(of: id)]?.last { known[id] = standing.status }
        }
        return known
    }

    /// The list as the server has it (the day it lists is the server's), or as it had it less than
    /// `listLifetime` ago; a failure is told again for `failureLifetime` rather than asked again.
    public func raceDay(at _: Date) throws(RaceDataError) -> RaceDay {
        // One request at a time, held under the lock: the board's statuses and a meetings screen asking together
        // share one answer, a failure too. Only the services' own queues ever wait on it.
        try lastList.answer.withLock { kept throws(RaceDataError) -> RaceDay in
            let now = clock.now()
            if let last = kept, now >= last.at {
                switch last.result {
                case .success(let day) where now.timeIntervalSince(last.at) < Self.listLifetime: return day
                case .failure(let error) where now.timeIntervalSince(last.at) < Self.failureLifetime: throw error
                default: break
                }
            }
            let result = Result { () throws(RaceDataError) in
                try MeetingsListDecoder().decode(
                    try transport.get(meetingsURL, headers: headers), source: meetingsURL.absoluteString)
            }
            kept = (now, result)
            return try result.get()
        }
    }

    /// After a failure the list is not asked for again this soon (a screen drawn each second asks each second).
    public static let failureLifetime: TimeInterval = 10
}

/// The last meetings answer of the service that asked for it, shared by its copies.
private final class LastMeetingsAnswer: Sendable {
    let answer = Mutex<(at: Date, result: Result<RaceDay, RaceDataError>)?>(nil)
}
