import Core
import Text

/// What the race list's presenter tells its view.
@MainActor
public protocol RaceListViewInput: FeedbackView {
    func display(_ viewModel: RaceListViewModel)
    /// The reply of a command that changes a setting (`alert 5`).
    func displayMessage(_ message: String)
    /// The live status line: sent every second once live updates run; shown only where someone watches.
    func displayStatus(_ status: LiveStatusViewModel)
    /// Something that happened by itself (a failed refresh, a race leaving): shown only where someone watches.
    func displayNotice(_ message: String)
    func displayAlert(_ alert: RaceAlertViewModel)
}
