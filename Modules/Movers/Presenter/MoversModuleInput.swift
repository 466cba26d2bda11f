import Core
import MoversInteractor
import MoversView
import Platform

/// What the movers screen's commands call.
@MainActor
public protocol MoversModuleInput: AnyObject {
    /// Fetches the next races' cards and draws the movers.
    func show(completion: @escaping CommandCompletion)
    /// Draws them again from what was fetched, countdowns moved on.
    func showLive()
}

/// The movers screen asks for no navigation of its own: `back` and `list` close it in the shell.
@MainActor
public protocol MoversRouterInput: AnyObject {}
