import Core
import Foundation
import RaceData
import RaceListInteractor
import RaceListPresenter
import RaceListView
import Shell

/// Turns the presenter's navigation requests into routes for the shell; `RaceListModule` assembles.
@MainActor
public final class RaceListRouter: RaceListRouterInput {
    /// The shell owns the screens; the router only borrows it.
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    public func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion) {
        navigator?.open(.raceDetail(race), completion: completion)
    }

    public func openFavourites(completion: @escaping CommandCompletion) {
        navigator?.open(.favourites, completion: completion)
    }
}
