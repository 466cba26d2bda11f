import Core
import FeatureKit
import ScratchingsPresenter

/// Turns the scratchings presenter's navigation requests into routes for the shell; `ScratchingsModule` assembles.
@MainActor
public final class ScratchingsRouter: ScratchingsRouterInput {
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// The features this screen opens, by the names the app's list gives them.
    nonisolated static let scratchings = Destination("scratchings")
    nonisolated static let raceDetail = Destination("raceDetail")

    public func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion) {
        navigator?.open(AppRoute(Self.raceDetail, .race(race)), completion: completion)
    }
}
