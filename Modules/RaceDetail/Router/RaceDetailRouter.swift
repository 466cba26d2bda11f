import Core
import RaceData
import RaceDetailInteractor
import RaceDetailPresenter
import RaceDetailView
import Shell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns the presenter's navigation requests into routes for the shell (none yet: `back` and `list` close the
/// sheet in the shell); `RaceDetailModule` assembles.
@MainActor
public final class RaceDetailRouter: RaceDetailRouterInput {
    init() {}
}
