import BlackbookPresenter
import Core
import FeatureKit

/// Turns the presenter's navigation requests into routes for the shell; `BlackbookModule` assembles.
@MainActor
public final class BlackbookRouter: BlackbookRouterInput {
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// The feature this one opens, by the name the app's list gives it.
    nonisolated static let raceDetail = Destination("raceDetail")
    /// This feature's name in the app's list.
    nonisolated static let blackbook = Destination("blackbook")

    public func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion) {
        navigator?.open(AppRoute(Self.raceDetail, .race(race)), completion: completion)
    }
}
