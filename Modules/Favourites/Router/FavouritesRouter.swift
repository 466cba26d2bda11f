import Core
import FavouritesInteractor
import FavouritesPresenter
import FavouritesView
import FeatureKit
import RaceData

/// Turns the presenter's navigation requests into routes for the shell; `FavouritesModule` assembles.
@MainActor
public final class FavouritesRouter: FavouritesRouterInput {
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// The feature this one opens, by the name the app's list gives it.
    nonisolated static let raceDetail = Destination("raceDetail")

    public func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion) {
        navigator?.open(AppRoute(Self.raceDetail, .race(race)), completion: completion)
    }
}
