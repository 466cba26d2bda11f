import FeatureKit
import MoversPresenter

/// The movers ask for no navigation of their own; `MoversModule` assembles.
@MainActor
public final class MoversRouter: MoversRouterInput {
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }
}
