import Core
import Platform
import RaceData
import RaceDetailInteractor

/// The sheet's race card, kept current while the sheet is open (as `BoardFeed` keeps the board's races): asked
/// for when first needed, then again every 10 s around the jump, when prices move and the result comes in, and
/// every minute otherwise, until the result is final. `note` says what the reader should know of it: offline,
/// not there yet, not fetched again, still on its way.
@MainActor
final class CardFeed {
    private(set) var card: RaceCard?
    private(set) var note: String?

    private let raceStart: Date
    private let interactor: any RaceDetailInteractorInput
    private let clock: any WallClock
    private let timeZone: LocalZone
    private let scheduler: (any Scheduler)?
    private let firstWait: TimeInterval?
    private var hasAsked = false
    private var nextFetch: (any ScheduledWork)?
    /// What waits for the first answer (or for `firstWait` to run out).
    private var waitingForFirst: (@MainActor () -> Void)?
    private var firstWaitTimeout: (any ScheduledWork)?

    static let refreshNearJump: TimeInterval = 10
    static let refresh: TimeInterval = 60
    static let nearJump: ClosedRange<TimeInterval> = -900...300

    /// - Parameter scheduler: for fetching the card again while the sheet is open; nil fetches it once.
    /// - Parameter firstWait: the most the first `whenReady` waits for the card before going on without it (a
    ///   person at a terminal is not kept waiting on a slow server; the live region draws the card when it
    ///   comes). nil waits for the card's answer, so piped output always has what the source gave.
    init(
        raceStart: Date, interactor: any RaceDetailInteractorInput, clock: any WallClock, timeZone: LocalZone,
        scheduler: (any Scheduler)?, firstWait: TimeInterval?
    ) {
        self.raceStart = raceStart
        self.interactor = interactor
        self.clock = clock
        self.timeZone = timeZone
        self.scheduler = scheduler
        self.firstWait = firstWait
        if interactor.cardSourceDescription == nil { note = Self.noSourceNote }
    }

    /// A run without race cards says so once, and how to have them.
    static let noSourceNote =
        "No race cards in this run: the field, prices and results come with --cards (snapshot, an affiliates API "
        + "URL or file:DIR)."

    isolated deinit {
        nextFetch?.cancel()
        firstWaitTimeout?.cancel()
    }

    /// The card as the race stands at `now`. The board's account of races (the day's book) may have the race
    /// further on than the card last fetched: the sheet then says what the board says at the same second (its
    /// status and placings), and the card is fetched again to catch up (the dividends).
    func card(at now: Date) -> RaceCard? {
        guard var card else { return nil }
        guard let standing = interactor.standing(at: now),
            standing.status.progress > (card.status?.progress ?? 0)
        else { return card }
        card.status = standing.status
        if standing.status == .closed || standing.status == .abandoned {
            card.placings = []
            card.dividends = []
        } else if card.placings.isEmpty {
            card.placings = standing.placings.enumerated().map { index, number in
                Placing(
                    position: index + 1, runnerNumber: number, name: card.runners.first { $0.number == number }?.name)
            }
        }
        catchUp()
        return card
    }

    private var isCatchingUp = false

    /// One fetch at a time to catch the card up with the board.
    private func catchUp() {
        guard !isCatchingUp, hasAsked, waitingForFirst == nil else { return }
        isCatchingUp = true
        interactor.fetchCard { [weak self] result in
            self?.isCatchingUp = false
            self?.apply(result)
        }
    }

    /// Where cards come from, as the reader is told; nil when cards are off.
    var sourceDescription: String? { interactor.cardSourceDescription }

    /// Runs `then` after the card's first answer (or the first wait's end); later, at once, from the card on
    /// hand. `then` is held strongly until it runs: a sheet dropped meanwhile still finishes, exactly once.
    func whenReady(_ then: @escaping @MainActor () -> Void) {
        guard !hasAsked else { return then() }
        hasAsked = true
        waitingForFirst = then
        interactor.fetchCard { [weak self] result in
            self?.apply(result)
            self?.scheduleNextFetch()
            self?.releaseWaiting()
        }
        if let firstWait, let scheduler, let source = sourceDescription, waitingForFirst != nil {
            firstWaitTimeout = scheduler.schedule(after: firstWait) { [weak self] in
                guard let self, self.waitingForFirst != nil else { return }
                self.note = "Fetching the race card from \(source)..."
                self.releaseWaiting()
            }
        }
    }

    private func releaseWaiting() {
        firstWaitTimeout?.cancel()
        firstWaitTimeout = nil
        let waiting = waitingForFirst
        waitingForFirst = nil
        waiting?()
    }

    private func apply(_ result: Result<RaceCard?, RaceDataError>) {
        switch result {
        case .success(let fetched?):
            if let offline = fetched.offline {
                // A card fetched live this session is newer than any copy kept on disk.
                if let card, card.offline == nil {
                    note = "The race card could not be fetched again: \(offline.reason)."
                    return
                }
                note =
                    "Offline: the race card as saved \(StartTimeFormatter.string(from: offline.savedAt, in: timeZone)) (\(offline.reason))."
            } else {
                note = nil
            }
            card = fetched
        case .success(nil):
            if card == nil, let source = sourceDescription {
                note = "No race card for this race from \(source) yet."
            }
        case .failure(let error):
            note =
                card == nil
                ? "No race card: \(error.reason)." : "The race card could not be fetched again: \(error.reason)."
        }
    }

    /// The live region draws what arrives; nothing is drawn from here.
    private func scheduleNextFetch() {
        guard let scheduler, sourceDescription != nil else { return }
        if let status = card?.status, status == .final || status == .abandoned { return }
        let toStart = raceStart.timeIntervalSince(clock.now())
        let delay = Self.nearJump ~= toStart ? Self.refreshNearJump : Self.refresh
        nextFetch = scheduler.schedule(after: delay) { [weak self] in
            self?.interactor.fetchCard { [weak self] result in
                self?.apply(result)
                self?.scheduleNextFetch()
            }
        }
    }
}
