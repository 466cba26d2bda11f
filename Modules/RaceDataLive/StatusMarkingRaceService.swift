import Core
import Dispatch
import Platform
import RaceData
import Synchronization

/// The race source, with the card source's race statuses asked for beside each fetch (at most once per the
/// status source's lifetime) and told to the status book, so a board drawn later marks the abandoned races.
/// Statuses are extra: when they cannot be had, the board goes on without them, and they never hold the feed up.
/// A status source that answers at once (the snapshot's cards) is asked in the same fetch, on the race list's
/// serial queue, so what a board shows never depends on which of two answers came first; one that asks a server
/// (the affiliates meetings list, some 500 KB) is asked on a serial queue of its own, and what it says is in the
/// book when it comes: a card or a board never waits for it.
///
/// A list of statuses has no placings. Where `results` is given (a live card source), the races that have jumped
/// and are still on the board are asked for their cards too, soonest jumped first, one at a time on the status
/// queue within the card source's request budget, so a race's last minute shows its placings: `results` are the
/// app's card reads (`CardReads`), which tell the book what each card says.
public final class StatusMarkingRaceService: RaceService {
    private let races: any RaceService
    private let statuses: any RaceStatusService
    private let results: (any RaceCardService)?
    private let book: RaceStatusBook
    private let clock: any WallClock
    private let statusQueue: DispatchQueue
    /// When statuses were last asked for, and whether an answer is still awaited.
    private let asking = Mutex<(last: Date?, awaited: Bool)>((nil, false))
    /// When each jumped race's card was last asked for (or is being asked for).
    private let resultsAsked = Mutex<[String: Date]>([:])

    /// A jumped race's card is asked for again no sooner than this: a result is seldom in at the first asking.
    public static let resultInterval: TimeInterval = 15
    /// The most races whose results are asked for beside one fetch: the budget is shared with the sheets.
    public static let resultsPerFetch = 2

    public init(
        wrapping races: any RaceService, statuses: any RaceStatusService, results: (any RaceCardService)? = nil,
        book: RaceStatusBook, clock: any WallClock,
        statusQueue: DispatchQueue = DispatchQueue(label: "NextToGo.RaceStatuses")
    ) {
        self.races = races
        self.statuses = statuses
        self.results = results
        self.book = book
        self.clock = clock
        self.statusQueue = statusQueue
    }

    public var sourceDescription: String { races.sourceDescription }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        let feed = try races.fetchRaces()
        let now = clock.now()
        askResults(of: feed.races, at: now)
        let lifetime = statuses.statusLifetime
        let isDue = asking.withLock { asking in
            if asking.awaited { return false }
            if let last = asking.last, now.timeIntervalSince(last) < lifetime, now >= last { return false }
            asking = (now, true)
            return true
        }
        guard isDue else { return feed }
        let ids = feed.races.map(\.id)
        if statuses.answersAtOnce {
            ask(ids)
        } else {
            statusQueue.async { [self] in ask(ids) }
        }
        return feed
    }

    private func ask(_ ids: [String]) {
        if let known = try? statuses.standings(ofRaces: ids) {
            for (id, standings) in known { book.record(standings, forRace: id) }
        }
        asking.withLock { $0.awaited = false }
    }

    /// The races on the board that have jumped and whose final placings the book does not have, soonest jumped
    /// first: their cards, asked for on the status queue.
    private func askResults(of races: [Race], at now: Date) {
        guard let results else { return }
        let due = races.filter { race in
            guard now >= race.advertisedStart, !race.hasLeftBoard(at: now) else { return false }
            let standing = book.standing(ofRace: race.id, at: now)
            let hasFinalPlacings = standing?.status == .final && standing?.placings.isEmpty == false
            return !hasFinalPlacings && standing?.status != .abandoned
        }
        .sorted { $0.advertisedStart > $1.advertisedStart }
        let chosen = resultsAsked.withLock { asked -> [String] in
            asked = asked.filter { now.timeIntervalSince($0.value) < 600 && now >= $0.value }
            let fresh = due.map(\.id).filter { id in
                asked[id].map { now.timeIntervalSince($0) >= Self.resultInterval } ?? true
            }
            let picked = Array(fresh.prefix(Self.resultsPerFetch))
            for id in picked { asked[id] = now }
            return picked
        }
        guard !chosen.isEmpty else { return }
        // What each card says is told to the book by the app's card reads (`CardReads`) that `results` are.
        statusQueue.async {
            for id in chosen { _ = try? results.card(forRace: id) }
        }
    }
}
