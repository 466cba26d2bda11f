import Core
import FeatureKit
import MeetingsPresenter

/// Turns the meetings presenters' navigation requests into routes for the shell; `MeetingsModule` assembles.
@MainActor
public final class MeetingsRouter: MeetingsRouterInput {
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// The features these screens open, by the names the app's list gives them.
    nonisolated static let meetings = Destination("meetings")
    nonisolated static let meeting = Destination("meeting")
    nonisolated static let raceDetail = Destination("raceDetail")

    public func openMeeting(_ request: MeetingRequest, completion: @escaping CommandCompletion) {
        navigator?.open(AppRoute(Self.meeting, .word(request.word)), completion: completion)
    }

    public func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion) {
        navigator?.open(AppRoute(Self.raceDetail, .race(race)), completion: completion)
    }
}
