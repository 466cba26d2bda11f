import Core
import FavouritesInteractor
import FavouritesPresenter
import FavouritesView
import RaceData
import Shell

/// Turns the presenter's navigation requests into routes for the shell; `FavouritesModule` assembles.
@MainActor
public final class FavouritesRouter: FavouritesRouterInput {
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    public func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion) {
        navigator?.open(.raceDetail(race), completion: completion)
    }

    public func closeFavourites(completion: @escaping CommandCompletion) {
        navigator?.close(completion: completion)
    }
}
