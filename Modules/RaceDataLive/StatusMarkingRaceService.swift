import Core
import Foundation
import RaceData
import Synchronization

/// The race source, with the card source's race statuses asked for beside each fetch (at most once per the
/// status source's lifetime) and told to the status book, so the board it draws next marks the abandoned races.
/// In the same fetch, on the race list's serial queue: what a board shows never depends on which of two
/// requests answered first. Statuses are extra: when they cannot be had, the board goes on without them.
public final class StatusMarkingRaceService: RaceService {
    private let races: any RaceService
    private let statuses: any RaceStatusService
    private let book: RaceStatusBook
    private let clock: any WallClock
    private let lastAsked = Mutex<Date?>(nil)

    public init(
        wrapping races: any RaceService, statuses: any RaceStatusService, book: RaceStatusBook, clock: any WallClock
    ) {
        self.races = races
        self.statuses = statuses
        self.book = book
        self.clock = clock
    }

    public var sourceDescription: String { races.sourceDescription }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        let feed = try races.fetchRaces()
        let now = clock.now()
        let isDue = lastAsked.withLock { last in
            if let last, now.timeIntervalSince(last) < statuses.statusLifetime, now >= last { return false }
            last = now
            return true
        }
        if isDue, let known = try? statuses.statuses(ofRaces: feed.races.map(\.id)) {
            for (id, status) in known { book.record(status, forRace: id) }
        }
        return feed
    }
}
