import Core
import FeatureKit
import Platform
import RaceData
import RaceListInteractor
import RaceListPresenter
import RaceListView

/// Turns the presenter's navigation requests into routes for the shell; `RaceListModule` assembles.
@MainActor
public final class RaceListRouter: RaceListRouterInput {
    /// The shell owns the screens; the router only borrows it.
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// The features this one opens, by the names the app's list gives them.
    nonisolated static let raceDetail = Destination("raceDetail")
    nonisolated static let favourites = Destination("favourites")

    public func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion) {
        navigator?.open(AppRoute(Self.raceDetail, .race(race)), completion: completion)
    }

    public func openFavourites(completion: @escaping CommandCompletion) {
        navigator?.open(AppRoute(Self.favourites), completion: completion)
    }
}
