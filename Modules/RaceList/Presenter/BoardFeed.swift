import Core
import Platform
import RaceData
import RaceListInteractor

/// The races the board is made from, kept current: one fetch at a time with commands waiting for it
/// (`FetchInFlight`), what each fetch brought (`Freshness`), the automatic fetches and the expiry wake-ups
/// (`RaceListTimers`), and races leaving the board with a fetch when it runs short. The presenter narrows
/// `board`, reads `freshness`, and hears what happened as `BoardEvent`s.
@MainActor
final class BoardFeed {
    var board: RaceBoard
    private(set) var freshness = Freshness()
    private let interactor: any RaceListInteractorInput
    private let clock: any WallClock
    private let timers: RaceListTimers
    private let fetchInFlight = FetchInFlight()

    /// Hears races leave, fetches come back and the first wait.
    weak var events: (any BoardEventHandler)?

    init(board: RaceBoard, interactor: any RaceListInteractorInput, clock: any WallClock, timers: RaceListTimers) {
        self.board = board
        self.interactor = interactor
        self.clock = clock
        self.timers = timers
    }

    var isFetching: Bool { fetchInFlight.isActive }

    /// Sends a fetch unless one is out already.
    /// - Parameter awaited: whether commands wait for what it brings (see `FetchInFlight`); false for the
    ///   routine ones the timer sends.
    func fetch(awaited: Bool = true) {
        guard fetchInFlight.begin(awaited: awaited) else { return }
        interactor.refresh { [weak self] result in
            self?.didFetch(result)
        }
    }

    /// Runs `work` now, unless a fetch is in flight or expiry has left the board short, in which case it runs
    /// once fresh data has arrived.
    func whenSettled(_ work: @escaping @MainActor () -> Void) {
        refillIfShort()
        if fetchInFlight.isActive, !fetchInFlight.hasWaiting, freshness.stage == .awaitingFirstAnswer {
            events?.handle(.awaitingFirstAnswer)
        }
        fetchInFlight.afterwards(work)
    }

    /// Drops the races that have left; fetches when that leaves the board short (or waits for the fetch out).
    /// Every command and every tick comes through here: races found abandoned since are taken off the board.
    func refillIfShort() {
        board.abandonedIDs = interactor.abandonedRaceIDs
        if !removeExpired().isEmpty, board.isShort { fetch() }
    }

    private func didFetch(_ result: Result<RaceFeed, RaceDataError>) {
        let before = freshness
        let seen = seenRaces
        switch result {
        case .success(let feed):
            board.replaceRaces(with: feed, at: clock.now())
            board.abandonedIDs = interactor.abandonedRaceIDs
            freshness.recordSuccess(feed, at: clock.now())
        case .failure(let error):
            // The last good races stay on the board, marked stale.
            freshness.recordFailure(error)
        }
        board.removeExpired(at: clock.now())
        events?.handle(.left(seen.filter { $0.hasLeftBoard(at: clock.now()) }))
        events?.handle(.fetched(before: before))
        timers.scheduleFetch(afterConsecutiveFailures: freshness.consecutiveFailures) { [weak self] in
            self?.fetch(awaited: false)
        }
        scheduleExpiryCheck()
        fetchInFlight.finish()
    }

    /// A wake-up as the next race leaves, so a board that runs short is refilled at once, not at the next
    /// command.
    private func scheduleExpiryCheck() {
        timers.scheduleExpiry(at: board.nextExpiry, now: clock.now()) { [weak self] in
            guard let self, !self.fetchInFlight.isActive else { return }
            if !self.removeExpired().isEmpty, self.board.isShort {
                self.fetch()
            } else {
                self.scheduleExpiryCheck()
            }
        }
    }

    /// Drops the races that have left the board, telling of those the user saw on it.
    private func removeExpired() -> [Race] {
        let gone = board.removeExpired(at: clock.now())
        // Every command comes through here: the races drawn are looked at only when some have gone.
        guard !gone.isEmpty else { return gone }
        let drawn = Set((board.lastDrawn ?? []).map(\.id))
        let wereSeen = gone.filter { drawn.contains($0.id) }
        if !wereSeen.isEmpty { events?.handle(.left(wereSeen)) }
        return gone
    }

    /// The races still here that were on the board as last drawn: news of a race leaving is news only of one the
    /// user saw (a start that failed drew none, and its recovery must not announce races that went before anyone
    /// saw them), and only once (one already gone is not here).
    private var seenRaces: [Race] {
        let drawn = Set((board.lastDrawn ?? []).map(\.id))
        return board.races.filter { drawn.contains($0.id) }
    }
}
