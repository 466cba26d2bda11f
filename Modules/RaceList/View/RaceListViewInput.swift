import Core

/// What the race list's presenter tells its view.
@MainActor
public protocol RaceListViewInput: AnyObject {
    func display(_ viewModel: RaceListViewModel)
    /// A one-line complaint about the user's command; the board is unchanged.
    func displayCommandError(_ message: String)
    /// Something the user should know that did not stop the command.
    func displayWarning(_ message: String)
    /// The reply of a command that changes a setting (`alert 5`).
    func displayMessage(_ message: String)
    /// The live status line: sent every second once live updates run; shown only where someone watches.
    func displayStatus(_ status: LiveStatusViewModel)
    /// Something that happened by itself (a failed refresh, a race leaving): shown only where someone watches.
    func displayNotice(_ message: String)
    func displayAlert(_ alert: RaceAlertViewModel)
}
