import Core
import Foundation
import RaceData
import RaceDetailInteractor
import RaceDetailPresenter
import RaceDetailView
import Shell

/// Turns the presenter's navigation requests into routes for the shell; `RaceDetailModule` assembles.
@MainActor
public final class RaceDetailRouter: RaceDetailRouterInput {
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    public func closeDetail(completion: @escaping CommandCompletion) {
        navigator?.close(completion: completion)
    }
}
