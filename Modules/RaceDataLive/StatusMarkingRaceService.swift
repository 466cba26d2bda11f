import Core
import Dispatch
import Platform
import RaceData
import Synchronization

/// The race source, with the card source's race statuses asked for beside each fetch (at most once per the
/// status source's lifetime) and recorded in the day's book, so a board drawn later marks the abandoned races.
/// Statuses are extra: when they cannot be had, the board goes on without them, and they never hold the feed up.
/// A status source that answers at once (the snapshot's cards) is asked in the same fetch, on the race list's
/// serial queue, so what a board shows never depends on which of two answers came first; one that asks a server
/// (the affiliates meetings list, some 500 KB) is asked on a serial queue of its own, and what it says is in the
/// book when it comes: a card or a board never waits for it. (A list of statuses has no placings: the board's
/// `CardWatch` reads a jumped race's card for them.)
public final class StatusMarkingRaceService: RaceService {
    private let races: any RaceService
    private let statuses: any RaceStatusService
    private let book: RaceDayBook
    private let clock: any WallClock
    private let statusQueue: DispatchQueue
    /// When statuses were last asked for, and whether an answer is still awaited.
    private let asking = Mutex<(last: Date?, awaited: Bool)>((nil, false))

    public init(
        wrapping races: any RaceService, statuses: any RaceStatusService, book: RaceDayBook, clock: any WallClock,
        statusQueue: DispatchQueue = DispatchQueue(label: "NextToGo.RaceStatuses")
    ) {
        self.races = races
        self.statuses = statuses
        self.book = book
        self.clock = clock
        self.statusQueue = statusQueue
    }

    public var sourceDescription: String { races.sourceDescription }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        let feed = try races.fetchRaces()
        let now = clock.now()
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
}
