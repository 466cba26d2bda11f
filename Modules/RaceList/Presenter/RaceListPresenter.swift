import Core
import Platform
import RaceData
import RaceListInteractor
import RaceListView

/// Coordinates the race list: turns commands into changes of the board (`RaceBoard`, the rules), records
/// what fetches brought (`Freshness`), keeps the automatic fetches and expiry wake-ups going
/// (`RaceListTimers`), and hands the view a view model. Talks to its neighbours through protocols.
@MainActor
public final class RaceListPresenter: RaceListModuleInput {
    private let interactor: any RaceListInteractorInput
    private let router: any RaceListRouterInput
    private let clock: any WallClock
    private let timers: RaceListTimers
    private weak var view: (any RaceListViewInput)?

    private let feed: BoardFeed
    private var board: RaceBoard {
        get { feed.board }
        set { feed.board = newValue }
    }
    private var freshness: Freshness { feed.freshness }
    private let marks: BoardMarks
    /// Status line, notices and alerts every second: on once someone watches a live terminal.
    private var isLive = false
    private let offersShell: Bool
    /// Where local start times and days are told, and `list all` divides days.
    private let timeZone: LocalZone
    /// While `watch` runs: whether the next board drawn is a frame after the first; nil when not watching.
    private var watchFrame: Bool?
    /// The last thing drawn was `list all`, not the board: a favourite toggled or a sheet closed draws it again.
    private var showsAll = false
    /// Accessible mode: what happens on the board, said a line at a time (nil: the live region shows it).
    private var announcer: BoardAnnouncer?

    public init(
        interactor: any RaceListInteractorInput, router: any RaceListRouterInput, view: any RaceListViewInput,
        clock: any WallClock, scheduler: any Scheduler, refreshPolicy: RefreshPolicy,
        alerts: RaceAlerts = RaceAlerts(), board: RaceBoard = RaceBoard(), offersShell: Bool = true,
        timeZone: LocalZone = .system
    ) {
        self.timeZone = timeZone
        self.offersShell = offersShell
        self.marks = BoardMarks(interactor: interactor, alerts: alerts)
        let timers = RaceListTimers(scheduler: scheduler, policy: refreshPolicy)
        self.feed = BoardFeed(board: board, interactor: interactor, clock: clock, timers: timers)
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
        self.timers = timers
        marks.events = self
        feed.events = self
    }

    // MARK: - Commands

    public func start() { if freshness.stage == .awaitingFirstAnswer { feed.fetch() } }

    public func showList(completion: @escaping CommandCompletion) { show(all: false, completion) }

    public func showAll(completion: @escaping CommandCompletion) { show(all: true, completion) }

    private func show(all: Bool, _ completion: @escaping CommandCompletion) {
        showsAll = all
        redraw(completion: completion)
    }

    public func redraw(completion: @escaping CommandCompletion) {
        feed.whenSettled { [weak self] in self?.drawBoard(completion) }
    }

    public var drawnCount: Int { board.lastDrawn?.count ?? 0 }

    /// Nothing to wait for: the tick keeps the favourite markers current each second, and races that have left
    /// are dropped here first (a refill fetched if that leaves the board short, drawn when it comes).
    public func redrawLive() {
        feed.refillIfShort()
        _ = render(all: showsAll)
    }

    /// A filter, a search, a region, a size: the board changes, and is drawn. A bigger board than the races on
    /// hand asks for more.
    public func change(_ change: RaceBoard.Change, completion: @escaping CommandCompletion) {
        board.apply(change)
        if case .size = change, board.isShort, freshness.stage == .hasRaces { feed.fetch() }
        showList(completion: completion)
    }

    public func refresh(completion: @escaping CommandCompletion) {
        feed.fetch()
        redraw(completion: completion)
    }

    public func openRace(position: Int, completion: @escaping CommandCompletion) {
        withBoardRace(at: position, command: "show", completion: completion) { [router] race in
            router.openRaceDetail(race, completion: completion)
        }
    }

    public func toggleFavourite(position: Int, completion: @escaping CommandCompletion) {
        withBoardRace(at: position, command: "fav", completion: completion) { [weak self] race in
            guard let self else { return }
            guard let error = self.marks.toggle(race, on: self.board, at: self.clock.now) else {
                return completion(self.render(all: self.showsAll))
            }
            self.view?.displayCommandError(error.description)
            completion(.failure(.cannotSave))
        }
    }

    /// `alert MINUTES`, `alert off`; a bare `alert` (nil) only says how alerts stand.
    public func setAlert(_ choice: RaceAlerts.Choice?, completion: @escaping CommandCompletion) {
        if let choice { marks.alerts.choose(choice) }
        view?.displayMessage(viewModels().alertSetting(marks.alerts.lead))
        feed.whenSettled { [weak self] in
            guard let self else { return }
            self.reloadMarks()
            completion(.success)
        }
    }

    /// `save`: the filter, region, count and alert, kept for the next start.
    public func saveSettings(completion: @escaping CommandCompletion) {
        var settings = board.settings
        settings.alert = marks.alerts.kept
        switch interactor.saveSettings(settings) {
        case .success(let saved):
            view?.displayMessage(RaceListViewModels.settingsSaved(settings, saved))
            completion(.success)
        case .failure(let error):
            view?.displayCommandError("Settings not saved: \(error.description).")
            completion(.failure(.cannotSave))
        }
    }

    public func startLiveUpdates(announcing: Bool) {
        guard !isLive else { return }
        (isLive, announcer) = (true, announcing ? BoardAnnouncer() : nil)
        tick()
    }

    public func openFavourites(completion: @escaping CommandCompletion) {
        router.openFavourites(completion: completion)
    }

    /// `seconds` boards: one now, then one as each second turns; frames after the first are drawn over the one
    /// before.
    public func watch(seconds: Int, completion: @escaping CommandCompletion) {
        timers.frames(
            max(0, seconds - 1), now: { [clock] in clock.now() },
            draw: { [weak self] isFollowUp, done in
                self?.watchFrame = isFollowUp
                self?.showList(completion: done)
            },
            completion: { [weak self] result in
                self?.watchFrame = nil
                completion(result)
            })
    }

    /// Once a second while live: races that left the board are said and replaced, the marks are read again for
    /// alerts, and the status line moves on.
    private func tick() {
        feed.refillIfShort()
        reloadMarks()
        view?.displayStatus(viewModels().status(isFetching: feed.isFetching))
        let now = clock.now()
        announcer?.lines(board: board.visible, standings: interactor.raceStandings(at: now), now: now).forEach {
            view?.displayNotice($0)
        }
        timers.scheduleTick(now: clock.now()) { [weak self] in self?.tick() }
    }

    /// Once the board is settled, `work` with the race at position N of the board the user last saw (or would
    /// see now, if nothing was drawn yet); a bad N, or no races at all, is reported here instead.
    private func withBoardRace(
        at position: Int, command: String, completion: @escaping CommandCompletion,
        _ work: @escaping @MainActor (Race) -> Void
    ) {
        feed.whenSettled { [weak self] in
            guard let self else { return }
            if case .failedWithoutRaces(let error) = self.freshness.stage, self.board.lastDrawn == nil {
                self.view?.displayCommandError("\(error.description) \(self.viewModels().error(error).errorHint ?? "")")
                return completion(.failure(error.exitStatus))
            }
            switch self.board.race(at: position, command: command) {
            case .success(let race): work(race)
            case .failure(let error):
                self.view?.displayCommandError(error.message)
                completion(.failure(.usage))
            }
        }
    }

    // MARK: - Marks

    /// Marks are read before each draw, so changes made on other screens or by another process show up.
    private func drawBoard(_ completion: @escaping CommandCompletion) {
        reloadMarks()
        completion(render(all: showsAll))
    }

    /// Reads what marks races (the board's markers, and the alerts).
    private func reloadMarks() {
        marks.reload(on: board, at: clock.now)
    }

    // MARK: - View model

    private func viewModels() -> RaceListViewModels {
        let now = clock.now()
        return RaceListViewModels(
            board: board, freshness: freshness, favouriteIDs: marks.ids, now: now, watchFrame: watchFrame,
            standings: interactor.raceStandings(at: now), offersShell: offersShell, timeZone: timeZone,
            marks: { [interactor] in interactor.marks(inRace: $0) },
            market: { [interactor] in interactor.market(ofRace: $0, at: now) })
    }

    private func render(all: Bool = false) -> CommandResult {
        let models = viewModels()
        let screen = models.screen(all: all, source: interactor.sourceDescription)
        if let drawn = screen.drawn { board.recordDrawn(drawn) }
        view?.display(screen.model)
        switch freshness.stage {
        case .failedWithoutRaces(let error): return .failure(error.exitStatus)
        // The status line follows what was just drawn (a new filter), not only the clock.
        case .hasRaces where isLive: view?.displayStatus(models.status(isFetching: feed.isFetching))
        default: break
        }
        return .success
    }
}

extension RaceListPresenter: BoardEventHandler {
    func handle(_ event: BoardEvent) {
        switch event {
        case .left(let races) where isLive:
            for race in races { view?.displayNotice(RaceListViewModels.leftBoard(race)) }
        case .fetched(let before) where isLive:
            if let notice = viewModels().freshnessChange(from: before) { view?.displayNotice(notice) }
            // A start that failed drew no board: when the source recovers by itself, the board is drawn, not
            // only announced.
            if case .failedWithoutRaces = before.stage, freshness.stage == .hasRaces, board.lastDrawn == nil {
                _ = render()
            }
        case .left, .fetched: break
        case .awaitingFirstAnswer: _ = render()
        case .alert(let alert):
            // A race that will not run neither starts soon nor jumps.
            guard !interactor.abandonedRaceIDs.contains(alert.race.id) else { return }
            view?.displayAlert(viewModels().alert(alert))
        case .warning(let warning): view?.displayWarning(warning)
        }
    }
}
