import Core

/// A module the shell can put on its navigation stack. The top screen gets
/// every command that is not global.
@MainActor
public protocol Screen: AnyObject {
    var presentation: ScreenPresentation { get }

    /// Which screen it is: the command table says which commands work here.
    var kind: ScreenKind { get }

    /// Runs the command (its name the canonical one from the command table,
    /// its arguments already read into the types the table declares) and
    /// calls `completion` when it is done. Returns false, without calling
    /// `completion`, for a command this screen does not handle.
    func handle(_ command: Command, completion: @escaping CommandCompletion) -> Bool

    /// Draws the screen as it is now (on opening, and when it is back on top).
    func render(completion: @escaping CommandCompletion)

    /// Draws the screen again at once from what it holds, waiting for neither data nor the store: the live
    /// region of a terminal, as each second turns. What it shows may trail the store by a second.
    func renderLive()

    /// How many numbered rows the screen last drew: the numbers `show N` can reach (0 for none).
    var numberedRows: Int { get }

    /// Starts what the screen does by itself as time passes (the board's countdowns, alerts, refreshes), once the
    /// app's loop is running; `announcing`: said as lines of their own, for a screen reader.
    func startLiveUpdates(announcing: Bool)

    /// What the screen shows, for a command another feature runs on it (`follow 3` on a race's card); nil for a
    /// screen that offers nothing.
    var subject: ScreenSubject? { get }
}

extension Screen {
    /// Most screens do nothing by themselves.
    public func startLiveUpdates(announcing: Bool) {}

    public var subject: ScreenSubject? { nil }
}

public enum ScreenPresentation: Sendable {
    /// Replaces what was shown.
    case fullScreen
    /// A panel drawn under the screen it was opened from (the terminal form
    /// of a bottom sheet): opening it redraws that screen first.
    case sheet
}

/// What routers ask of the shell to move between screens.
@MainActor
public protocol Navigator: AnyObject {
    /// Builds the screen for `route`, puts it on top and draws it.
    func open(_ route: AppRoute, completion: @escaping CommandCompletion)
    /// Takes the top screen away and draws the one under it.
    func close(completion: @escaping CommandCompletion)
}

/// Builds the screen for a route; the app implements it with the feature routers.
@MainActor
public protocol ScreenFactory {
    /// nil when no feature answers to the route's destination, or takes its argument.
    func makeScreen(for route: AppRoute, navigator: any Navigator) -> (any Screen)?

    /// Runs a command a feature offers on another's screen (`follow 3` on a race's card), with what that screen
    /// shows; false, without calling `completion`, when no feature offers it there.
    func perform(
        _ command: Command, on screen: any Screen, navigator: any Navigator,
        completion: @escaping CommandCompletion
    ) -> Bool
}

extension ScreenFactory {
    public func perform(
        _ command: Command, on screen: any Screen, navigator: any Navigator,
        completion: @escaping CommandCompletion
    ) -> Bool { false }
}
