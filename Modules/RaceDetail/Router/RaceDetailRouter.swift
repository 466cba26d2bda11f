import Core
import FeatureKit
import Platform
import RaceData
import RaceDetailInteractor
import RaceDetailPresenter
import RaceDetailView

/// Turns the presenter's navigation requests into routes for the shell (none yet: `back` and `list` close the
/// sheet in the shell); `RaceDetailModule` assembles.
@MainActor
public final class RaceDetailRouter: RaceDetailRouterInput {
    init() {}
}
