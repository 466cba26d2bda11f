import Core
import Foundation
import RaceData
import RaceDetailInteractor
import RaceDetailPresenter
import RaceDetailView
import Shell

/// Assembles the detail sheet for one race and closes it for the presenter.
@MainActor
public final class RaceDetailRouter: RaceDetailRouterInput {
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// - Parameter cards: where the race's card comes from; nil for a sheet without one.
    public static func makeScreen(
        race: Race, cards: (any RaceCardService)?, statusBook: RaceStatusBook? = nil,
        favourites: any FavouritesRepository,
        clock: any WallClock, timeZone: TimeZone, firstCardWait: TimeInterval? = nil, view: any RaceDetailViewInput,
        navigator: any Navigator
    ) -> RaceDetailScreen {
        let interactor = RaceDetailInteractor(
            raceID: race.id, cards: cards, favourites: favourites, statusBook: statusBook)
        let router = RaceDetailRouter(navigator: navigator)
        let presenter = RaceDetailPresenter(
            race: race, interactor: interactor, router: router, view: view, clock: clock, timeZone: timeZone,
            scheduler: MainQueueScheduler(), firstCardWait: firstCardWait)
        return RaceDetailScreen(presenter: presenter, view: view)
    }

    public func closeDetail(completion: @escaping CommandCompletion) {
        navigator?.close(completion: completion)
    }
}

/// The detail sheet on the shell's stack.
@MainActor
public final class RaceDetailScreen: Screen {
    public let presenter: any RaceDetailModuleInput
    private let view: any RaceDetailViewInput

    public init(presenter: any RaceDetailModuleInput, view: any RaceDetailViewInput) {
        self.presenter = presenter
        self.view = view
    }

    public let presentation = ScreenPresentation.sheet

    public let kind = ScreenKind.raceDetail

    public func handle(_ command: Command, completion: @escaping CommandCompletion) -> Bool {
        switch (command.name, command.value) {
        case ("fav", nil):
            presenter.toggleFavourite(completion: completion)
        case ("show", nil):
            presenter.show(completion: completion)
        case ("list", nil):
            presenter.close(completion: completion)
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

    public let numberedRows = 0
}
