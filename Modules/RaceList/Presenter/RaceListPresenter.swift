import Core
import Foundation
import RaceData
import RaceListInteractor
import RaceListView

/// Holds the race list's state and every rule about it: ordering, filter,
/// expiry and refill, countdown text, favourite markers, automatic refresh
/// with backoff, and the loading / loaded / stale / empty / error states.
/// Talks to its neighbours through protocols.
@MainActor
public final class RaceListPresenter: RaceListModuleInput {
    private let interactor: any RaceListInteractorInput
    private let router: any RaceListRouterInput
    private let clock: any WallClock
    private let scheduler: any Scheduler
    private let refreshPolicy: RefreshPolicy
    private weak var view: (any RaceListViewInput)?

    private var phase = Phase.notLoaded
    /// Unexpired races, in board order.
    private var races: [Race] = []
    private var skipped: [SkippedRace] = []
    private var filter: Set<RaceCategory> = []
    private var favouriteIDs: Set<String> = []
    /// The board as last drawn: what `show N` and `fav N` refer to.
    private var lastBoard: [Race]?
    private var isFetching = false
    /// Work waiting for the fetch in flight.
    private var afterFetch: [@MainActor () -> Void] = []
    /// When the races shown were last fetched (or saved, for an offline copy).
    private var lastGoodUpdate: Date?
    /// Why the races shown are not fresh; nil while fetches work.
    private var staleReason: RaceDataError?
    private var consecutiveFailures = 0
    /// The next board drawn is a `watch` frame after the first.
    private var drawsWatchFrame = false
    private var nextAutomaticFetch: (any ScheduledWork)?
    private var nextExpiryCheck: (any ScheduledWork)?

    private enum Phase {
        case notLoaded
        case loaded
        case failed(RaceDataError)
    }

    public static let title = "Next to Go"
    public static let watchSeconds = (standard: 30, range: 1...3600)
    public static let retryHint = "Type `refresh` to retry."

    public init(
        interactor: any RaceListInteractorInput, router: any RaceListRouterInput, view: any RaceListViewInput,
        clock: any WallClock, scheduler: any Scheduler, refreshPolicy: RefreshPolicy
    ) {
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
        self.scheduler = scheduler
        self.refreshPolicy = refreshPolicy
    }

    /// The categories currently let through; empty means all.
    public var activeFilter: Set<RaceCategory> { filter }

    // MARK: - Commands

    public func start() {
        guard case .notLoaded = phase, !isFetching else { return }
        fetch()
    }

    public func showList(completion: @escaping CommandCompletion) {
        whenSettled { [weak self] in self?.drawBoard(completion) }
    }

    public func filter(arguments: [String], completion: @escaping CommandCompletion) {
        if arguments.isEmpty {
            view?.displayCommandError(
                "Usage: filter horse|greyhound|harness ... toggles categories; `filter clear` shows all.")
            completion(.failure(.usage))
            return
        }
        if arguments.count == 1, arguments[0].lowercased() == "clear" {
            clearFilter(completion: completion)
            return
        }
        var categories: [RaceCategory] = []
        for word in arguments {
            guard let category = RaceCategory(userInput: word) else {
                view?.displayCommandError(
                    "Unknown category \(TerminalText.quoted(word)). Choose from horse, greyhound, harness, or `filter clear`."
                )
                completion(.failure(.usage))
                return
            }
            categories.append(category)
        }
        toggleFilter(categories, completion: completion)
    }

    /// Turns each category on if it is off and off if it is on; a category
    /// named twice is toggled twice.
    public func toggleFilter(_ categories: [RaceCategory], completion: @escaping CommandCompletion) {
        for category in categories {
            if filter.remove(category) == nil { filter.insert(category) }
        }
        showList(completion: completion)
    }

    public func clearFilter(completion: @escaping CommandCompletion) {
        filter.removeAll()
        showList(completion: completion)
    }

    public func refresh(completion: @escaping CommandCompletion) {
        if !isFetching { fetch() }
        showList(completion: completion)
    }

    public func openRace(arguments: [String], completion: @escaping CommandCompletion) {
        whenSettled { [weak self] in
            guard let self, let race = self.boardRace(arguments, command: "show", completion: completion) else {
                return
            }
            self.router.openRaceDetail(race, completion: completion)
        }
    }

    public func toggleFavourite(arguments: [String], completion: @escaping CommandCompletion) {
        whenSettled { [weak self] in
            guard let self, let race = self.boardRace(arguments, command: "fav", completion: completion) else { return }
            self.interactor.toggleFavourite(FavouriteRace(race)) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let state):
                    self.apply(state)
                    completion(self.render())
                case .failure(let error):
                    self.view?.displayCommandError(error.description)
                    completion(.failure(.cannotSave))
                }
            }
        }
    }

    public func openFavourites(completion: @escaping CommandCompletion) {
        router.openFavourites(completion: completion)
    }

    public func watch(arguments: [String], completion: @escaping CommandCompletion) {
        let range = Self.watchSeconds.range
        let seconds = arguments.isEmpty ? Self.watchSeconds.standard : arguments.count == 1 ? Int(arguments[0]) : nil
        guard let seconds, range.contains(seconds) else {
            view?.displayCommandError(
                "Usage: watch [SECONDS] redraws the board every second for SECONDS "
                    + "(\(range.lowerBound) to \(range.upperBound), default \(Self.watchSeconds.standard)).")
            completion(.failure(.usage))
            return
        }
        drawWatchFrames(remaining: seconds, completion: completion)
    }

    /// One board now, then one a second until `remaining` runs out. Counted
    /// in frames, not by the clock, so a pinned `--now` still ends.
    private func drawWatchFrames(remaining: Int, completion: @escaping CommandCompletion) {
        showList { [weak self] result in
            guard let self else { return }
            guard remaining > 0, result == .success else {
                self.drawsWatchFrame = false
                completion(result)
                return
            }
            _ = self.scheduler.schedule(after: 1) { [weak self] in
                self?.drawsWatchFrame = true
                self?.drawWatchFrames(remaining: remaining - 1, completion: completion)
            }
        }
    }

    // MARK: - Fetching

    private func fetch() {
        isFetching = true
        interactor.refresh { [weak self] result in
            self?.didFetch(result)
        }
    }

    private func didFetch(_ result: Result<RaceFeed, RaceDataError>) {
        isFetching = false
        switch result {
        case .success(let feed):
            races = feed.races.sorted(by: RaceOrder.isOrderedBefore)
            skipped = feed.skipped
            phase = .loaded
            if let offline = feed.offline {
                lastGoodUpdate = offline.savedAt
                staleReason = offline.reason
                consecutiveFailures += 1
            } else {
                lastGoodUpdate = clock.now()
                staleReason = nil
                consecutiveFailures = 0
            }
        case .failure(let error):
            consecutiveFailures += 1
            // The last good races stay on the board, marked stale.
            if case .loaded = phase {
                staleReason = error
            } else {
                phase = .failed(error)
            }
        }
        _ = removeExpiredRaces()
        scheduleAutomaticFetch()
        scheduleExpiryCheck()
        let waiting = afterFetch
        afterFetch = []
        for work in waiting { work() }
    }

    // MARK: - Things that happen by themselves

    /// The next automatic fetch: after the refresh interval, or after the
    /// backoff delay while fetches fail.
    private func scheduleAutomaticFetch() {
        nextAutomaticFetch?.cancel()
        nextAutomaticFetch = nil
        guard let delay = refreshPolicy.delay(afterConsecutiveFailures: consecutiveFailures) else { return }
        nextAutomaticFetch = scheduler.schedule(after: delay) { [weak self] in
            guard let self, !self.isFetching else { return }
            self.fetch()
        }
    }

    /// Wakes when the next race leaves the board, so a board that runs
    /// short is refilled at once, not only at the next command.
    private func scheduleExpiryCheck() {
        nextExpiryCheck?.cancel()
        nextExpiryCheck = nil
        // `races` is in start order, so the first leaves first.
        guard refreshPolicy.isEnabled, let first = races.first else { return }
        let nextExpiry = first.advertisedStart.addingTimeInterval(Race.boardExpiryDelay)
        nextExpiryCheck = scheduler.schedule(after: max(1, nextExpiry.timeIntervalSince(clock.now()))) { [weak self] in
            guard let self, !self.isFetching else { return }
            let removed = self.removeExpiredRaces()
            if removed > 0, self.visibleRaces().count < NextToGoRules.boardSize {
                self.fetch()
            } else {
                self.scheduleExpiryCheck()
            }
        }
    }

    /// Runs `work` now, unless a fetch is in flight or expiry has left the
    /// board short, in which case it runs once fresh data has arrived.
    private func whenSettled(_ work: @escaping @MainActor () -> Void) {
        if !isFetching {
            let removed = removeExpiredRaces()
            if removed > 0, visibleRaces().count < NextToGoRules.boardSize {
                fetch()
            }
        }
        guard isFetching else {
            work()
            return
        }
        if afterFetch.isEmpty, case .notLoaded = phase {
            view?.display(viewModel(.loading(source: interactor.sourceDescription)))
        }
        afterFetch.append(work)
    }

    private func removeExpiredRaces() -> Int {
        let now = clock.now()
        let before = races.count
        races.removeAll { $0.hasLeftBoard(at: now) }
        return before - races.count
    }

    private func visibleRaces() -> [Race] {
        Array(races.lazy.filter { NextToGoRules.passes($0, filter: self.filter) }.prefix(NextToGoRules.boardSize))
    }

    /// The race at position N of the board the user last saw (or would see
    /// now, if nothing was drawn yet). Reports a bad N itself.
    private func boardRace(_ arguments: [String], command: String, completion: CommandCompletion) -> Race? {
        if case .failed(let error) = phase, lastBoard == nil {
            view?.displayCommandError("\(error.description) \(Self.retryHint)")
            completion(.failure(error.exitStatus))
            return nil
        }
        let board = lastBoard ?? visibleRaces()
        switch PositionArgument.index(from: arguments, command: command, count: board.count, listName: "board") {
        case .success(let index):
            return board[index]
        case .failure(let error):
            view?.displayCommandError(error.message)
            completion(.failure(.usage))
            return nil
        }
    }

    // MARK: - Favourites

    /// Markers are read from the store before each draw, so changes made on
    /// other screens or by another process show up.
    private func drawBoard(_ completion: @escaping CommandCompletion) {
        interactor.loadFavourites { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let state): self.apply(state)
            case .failure(let error): self.view?.displayWarning(error.description)
            }
            completion(self.render())
        }
    }

    private func apply(_ state: FavouritesState) {
        favouriteIDs = state.ids
        if let warning = state.warning { view?.displayWarning(warning) }
    }

    // MARK: - View model

    private func render() -> CommandResult {
        switch phase {
        case .notLoaded:
            view?.display(viewModel(.loading(source: interactor.sourceDescription)))
            return .success
        case .failed(let error):
            view?.display(viewModel(.error(message: error.description, hint: Self.retryHint)))
            return .failure(error.exitStatus)
        case .loaded:
            let visible = visibleRaces()
            lastBoard = visible
            if visible.isEmpty {
                view?.display(viewModel(.empty(message: emptyMessage())))
            } else {
                let now = clock.now()
                view?.display(viewModel(.races(visible.enumerated().map { row(for: $1, position: $0 + 1, now: now) })))
            }
            return .success
        }
    }

    private func viewModel(_ content: RaceListViewModel.Content) -> RaceListViewModel {
        RaceListViewModel(
            title: Self.title, filterSummary: filterSummary(), content: content, footnote: footnote(for: content),
            staleNotice: staleNotice(for: content), replacesPrevious: drawsWatchFrame)
    }

    /// "stale — last update 2m ago (connection refused)", while the races
    /// shown are the last good ones and fetching them again fails.
    private func staleNotice(for content: RaceListViewModel.Content) -> String? {
        switch content {
        case .races, .empty: break
        case .loading, .error: return nil
        }
        guard let staleReason, let lastGoodUpdate else { return nil }
        let age = Countdown.roughAge(seconds: Int(saturatingRoundedDown: clock.now().timeIntervalSince(lastGoodUpdate)))
        return "stale — last update \(age) ago (\(staleReason.reason))"
    }

    /// Races the feed could not supply are worth knowing about, but only
    /// next to data, not next to a loading or error line.
    private func footnote(for content: RaceListViewModel.Content) -> String? {
        switch content {
        case .races, .empty: break
        case .loading, .error: return nil
        }
        guard let first = skipped.first else { return nil }
        return skipped.count == 1
            ? "1 race in the feed was left out (\(first.reason))."
            : "\(skipped.count) races in the feed were left out (first: \(first.reason))."
    }

    private func row(for race: Race, position: Int, now: Date) -> RaceRowViewModel {
        let countdown = Countdown(from: now, to: race.advertisedStart)
        return RaceRowViewModel(
            position: position,
            category: race.category,
            raceNumber: "R\(race.number)",
            meetingName: race.meetingName,
            countdown: countdown.text,
            urgency: NextToGoRules.urgency(of: countdown),
            isFavourite: favouriteIDs.contains(race.id))
    }

    private func filterSummary() -> String {
        filter.isEmpty ? "all categories" : filter.sorted().map(\.displayName).joined(separator: ", ")
    }

    private func emptyMessage() -> String {
        filter.isEmpty
            ? "No upcoming races."
            : "No upcoming races for \(filterSummary()). Type `filter clear` to see every category."
    }
}
