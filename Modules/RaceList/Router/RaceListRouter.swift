import Core
import Foundation
import RaceData
import RaceListInteractor
import RaceListPresenter
import RaceListView
import Shell

/// Assembles the race list module and turns its navigation requests into
/// routes for the shell.
@MainActor
public final class RaceListRouter: RaceListRouterInput {
    /// The shell owns the screens; the router only borrows it.
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// Builds interactor, view, router and presenter, wired by constructor,
    /// and returns the screen that owns them.
    public static func makeScreen(
        service: any RaceService, favourites: any FavouritesRepository, latestRaces: LatestRaces,
        statusBook: RaceStatusBook = RaceStatusBook(), clock: any WallClock,
        refreshInterval: TimeInterval, alertLead: TimeInterval?, region: RaceRegion? = nil,
        count: Int = RaceBoard.standardSize, offersShell: Bool = true, view: any RaceListViewInput,
        navigator: any Navigator
    ) -> RaceListScreen {
        var board = RaceBoard()
        board.narrow(to: region)
        board.resize(to: count)
        let interactor = RaceListInteractor(
            service: service, favourites: favourites, latestRaces: latestRaces, statusBook: statusBook)
        let router = RaceListRouter(navigator: navigator)
        let presenter = RaceListPresenter(
            interactor: interactor, router: router, view: view, clock: clock, scheduler: MainQueueScheduler(),
            refreshPolicy: RefreshPolicy(interval: refreshInterval), alertLead: alertLead, board: board,
            offersShell: offersShell)
        return RaceListScreen(presenter: presenter, view: view)
    }

    public func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion) {
        navigator?.open(.raceDetail(race), completion: completion)
    }

    public func openFavourites(completion: @escaping CommandCompletion) {
        navigator?.open(.favourites, completion: completion)
    }
}

/// The race list on the shell's stack: maps typed commands to presenter calls.
@MainActor
public final class RaceListScreen: Screen {
    public let presenter: any RaceListModuleInput
    /// The presenter holds its view weakly; the screen keeps it alive.
    private let view: any RaceListViewInput

    public init(presenter: any RaceListModuleInput, view: any RaceListViewInput) {
        self.presenter = presenter
        self.view = view
    }

    public let presentation = ScreenPresentation.fullScreen

    public let kind = ScreenKind.raceList

    public func handle(_ command: Command, completion: @escaping CommandCompletion) -> Bool {
        switch (command.name, command.value) {
        case ("list", nil):
            presenter.showList(completion: completion)
        case ("list", .word("all")?), ("all", nil):
            presenter.showAll(completion: completion)
        case ("filter", .categories(let categories)?):
            presenter.change(.toggle(categories), completion: completion)
        case ("filter", .word("clear")?):
            presenter.change(.clearFilter, completion: completion)
        case ("filter", .word("only")?):
            guard case .categories(let categories)? = command.values.last else { return false }
            presenter.change(.only(categories), completion: completion)
        case ("search", .text(let text)?):
            presenter.change(.search(text), completion: completion)
        case ("search", nil):
            presenter.change(.search(nil), completion: completion)
        case ("region", .word(let word)?):
            presenter.change(.region(RaceRegion(userInput: word)), completion: completion)
        case ("count", .number(let count)?):
            presenter.change(.size(count), completion: completion)
        case ("refresh", nil):
            presenter.refresh(completion: completion)
        case ("show", .position(let position)?):
            presenter.openRace(position: position, completion: completion)
        case ("fav", .position(let position)?):
            presenter.toggleFavourite(position: position, completion: completion)
        case ("favs", nil):
            presenter.openFavourites(completion: completion)
        case ("alert", .minutes(let minutes)?):
            presenter.setAlert(minutes: minutes, completion: completion)
        case ("alert", .word("off")?):
            presenter.setAlert(minutes: nil, completion: completion)
        case ("watch", .seconds(let seconds)?):
            presenter.watch(seconds: seconds, completion: completion)
        default:
            return false
        }
        return true
    }

    public func render(completion: @escaping CommandCompletion) {
        presenter.redraw(completion: completion)
    }

    public func renderLive() {
        presenter.redrawLive()
    }

    public var numberedRows: Int { presenter.drawnCount }
}
