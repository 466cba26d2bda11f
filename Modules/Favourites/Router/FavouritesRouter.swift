import Core
import FavouritesInteractor
import FavouritesPresenter
import FavouritesView
import RaceData
import Shell

/// Assembles the favourites screen and opens detail sheets from it.
@MainActor
public final class FavouritesRouter: FavouritesRouterInput {
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    public static func makeScreen(
        favourites: any FavouritesRepository, latestRaces: LatestRaces, clock: any WallClock,
        view: any FavouritesViewInput, navigator: any Navigator
    ) -> FavouritesScreen {
        let interactor = FavouritesInteractor(favourites: favourites, latestRaces: latestRaces)
        let router = FavouritesRouter(navigator: navigator)
        let presenter = FavouritesPresenter(interactor: interactor, router: router, view: view, clock: clock)
        return FavouritesScreen(presenter: presenter, view: view)
    }

    public func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion) {
        navigator?.open(.raceDetail(race), completion: completion)
    }

    public func closeFavourites(completion: @escaping CommandCompletion) {
        navigator?.close(completion: completion)
    }
}

/// The favourites screen on the shell's stack.
@MainActor
public final class FavouritesScreen: Screen {
    public let presenter: any FavouritesModuleInput
    private let view: any FavouritesViewInput

    public init(presenter: any FavouritesModuleInput, view: any FavouritesViewInput) {
        self.presenter = presenter
        self.view = view
    }

    public let presentation = ScreenPresentation.fullScreen

    public let kind = ScreenKind.favourites

    public func handle(_ command: Command, completion: @escaping CommandCompletion) -> Bool {
        switch (command.name, command.value) {
        case ("favs", nil):
            presenter.show(completion: completion)
        case ("list", nil):
            presenter.close(completion: completion)
        case ("show", .position(let position)?):
            presenter.openRace(position: position, completion: completion)
        case ("unfav", .position(let position)?):
            presenter.unfavourite(position: position, completion: completion)
        default:
            return false
        }
        return true
    }

    public func render(completion: @escaping CommandCompletion) {
        presenter.show(completion: completion)
    }

    public func renderLive() {
        presenter.showLive()
    }

    public var numberedRows: Int { presenter.drawnCount }
}
