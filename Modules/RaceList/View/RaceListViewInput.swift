import Core

/// What the race list's presenter tells its view.
@MainActor
public protocol RaceListViewInput: AnyObject {
    func display(_ viewModel: RaceListViewModel)
    /// A one-line complaint about the user's command; the board is unchanged.
    func displayCommandError(_ message: String)
    /// Something the user should know that did not stop the command.
    func displayWarning(_ message: String)
}
