import Core
import FavouritesInteractor
import FavouritesView
import Platform
import RaceData

/// Orders the favourites by start, words their countdown or how long ago
/// they jumped, and forgets those that jumped more than a day ago.
@MainActor
public final class FavouritesPresenter: FavouritesModuleInput {
    private let interactor: any FavouritesInteractorInput
    private let router: any FavouritesRouterInput
    private let clock: any WallClock
    private weak var view: (any FavouritesViewInput)?

    /// The list as last drawn: what `show N` and `unfav N` refer to.
    private var shown: [FavouriteRace] = []
    /// What the store held at the last look `showLive` took, for its next draw; a command's draw supersedes it.
    private var latest: [FavouriteRace]?

    public static let title = "Favourites"
    /// Favourites of races that jumped longer ago than this are pruned.
    public static let retention: TimeInterval = 24 * 60 * 60
    public static let emptyMessage = "No favourites yet. Type `fav N` on the race list to add race N."

    public init(
        interactor: any FavouritesInteractorInput, router: any FavouritesRouterInput, view: any FavouritesViewInput,
        clock: any WallClock
    ) {
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
    }

    public func show(completion: @escaping CommandCompletion) {
        switch interactor.loadFavourites() {
        case .success(let state):
            showWarning(of: state)
            prune(state.favourites, completion: completion)
        case .failure(let error):
            view?.displayCommandError(error.description)
            completion(.failure(.cannotSave))
        }
    }

    public var drawnCount: Int { shown.count }

    public func showLive() {
        render(latest ?? shown)
        if case .success(let state) = interactor.loadFavourites() { latest = state.favourites }
    }

    public func unfavourite(position: Int, completion: @escaping CommandCompletion) {
        guard let favourite = favourite(at: position, command: "unfav", completion: completion) else { return }
        didChange(interactor.removeFavourites(ids: [favourite.id]), completion: completion)
    }

    public func openRace(position: Int, completion: @escaping CommandCompletion) {
        guard let favourite = favourite(at: position, command: "show", completion: completion) else { return }
        interactor.latestRace(id: favourite.id) { [weak self] race in
            self?.router.openRaceDetail(race ?? favourite.race, completion: completion)
        }
    }

    // MARK: - Rules

    /// Removes favourites whose race jumped more than a day ago, then draws what is left. Only by a clock
    /// that tells today's time: by one set by hand (`--now`, `--start-at`) a day ahead, every favourite would
    /// look old. The store keeps a copy of what it had before it prunes, in case the real clock is wrong too.
    private func prune(_ favourites: [FavouriteRace], completion: @escaping CommandCompletion) {
        let oldest = clock.now().addingTimeInterval(-Self.retention)
        let stale = Set(favourites.filter { $0.advertisedStart < oldest }.map(\.id))
        guard !stale.isEmpty, !clock.isSetByHand else {
            render(favourites)
            completion(.success)
            return
        }
        didChange(interactor.pruneFavourites(ids: stale), completion: completion)
    }

    private func didChange(_ result: Result<FavouritesState, FavouritesError>, completion: CommandCompletion) {
        switch result {
        case .success(let state):
            showWarning(of: state)
            render(state.favourites)
            completion(.success)
        case .failure(let error):
            view?.displayCommandError(error.description)
            completion(.failure(.cannotSave))
        }
    }

    private func favourite(at position: Int, command: String, completion: CommandCompletion) -> FavouriteRace? {
        switch PositionArgument.index(
            of: position, command: command, count: shown.count, listName: "favourites list")
        {
        case .success(let index):
            return shown[index]
        case .failure(let error):
            view?.displayCommandError(error.message)
            completion(.failure(.usage))
            return nil
        }
    }

    private func showWarning(of state: FavouritesState) {
        if let warning = state.warning { view?.displayWarning(warning) }
    }

    // MARK: - View model

    private func render(_ favourites: [FavouriteRace]) {
        latest = nil
        shown = favourites.sorted { RaceOrder.isOrderedBefore($0.race, $1.race) }
        guard !shown.isEmpty else {
            view?.display(FavouritesViewModel(title: Self.title, content: .empty(message: Self.emptyMessage)))
            return
        }
        let now = clock.now()
        let rows = shown.enumerated().map { index, favourite in
            let countdown = Countdown(from: now, to: favourite.advertisedStart)
            return FavouriteRowViewModel(
                position: index + 1, category: favourite.category, raceNumber: "R\(favourite.number)",
                meetingName: favourite.meetingName, status: Self.status(of: countdown),
                hasJumped: countdown.hasStarted, favourite: favourite, secondsToStart: countdown.seconds)
        }
        view?.display(FavouritesViewModel(title: Self.title, content: .races(rows)))
    }

    /// The countdown until the start; after it, "jumped 20s ago", "jumped 3m
    /// ago", "jumped 2h 5m ago".
    static func status(of countdown: Countdown) -> String {
        countdown.hasStarted ? "jumped \(Countdown.roughAge(seconds: -countdown.seconds)) ago" : countdown.text
    }
}
