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
}

extension Screen {
    /// Most screens do nothing by themselves.
    public func startLiveUpdates(announcing: Bool) {}
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
}

/// A command a feature's screen takes, declared by the feature: its entry (words, arguments, help) and what it
/// does with the screen's presenter. The entry goes into the app's `CommandTable`; the screen runs `perform` for a
/// command of that name. `perform` returns false for arguments it does not take (the shell then says so).
public struct ScreenCommand<Presenter>: Sendable {
    public let entry: CommandEntry
    public let perform: @MainActor @Sendable (Presenter, Command, @escaping CommandCompletion) -> Bool

    public init(
        _ entry: CommandEntry,
        perform: @escaping @MainActor @Sendable (Presenter, Command, @escaping CommandCompletion) -> Bool
    ) {
        self.entry = entry
        self.perform = perform
    }

    /// A command that takes a position on the screen's list (`show N`): `run` with it, and nothing else.
    public init(
        _ entry: CommandEntry,
        atPosition run: @escaping @MainActor @Sendable (Presenter, Int, @escaping CommandCompletion) -> Void
    ) {
        self.init(entry) { presenter, command, completion in
            guard case .position(let position)? = command.value else { return false }
            run(presenter, position, completion)
            return true
        }
    }

    /// A command that takes no arguments: `run` when it is given none.
    public init(
        _ entry: CommandEntry, run: @escaping @MainActor @Sendable (Presenter, @escaping CommandCompletion) -> Void
    ) {
        self.init(entry) { presenter, command, completion in
            guard command.values.isEmpty else { return false }
            run(presenter, completion)
            return true
        }
    }
}

/// How a screen draws through its presenter: on opening and when back on top, live each second, and how many
/// numbered rows it drew.
public struct ScreenDrawing<Presenter>: Sendable {
    let render: @MainActor @Sendable (Presenter, @escaping CommandCompletion) -> Void
    let renderLive: @MainActor @Sendable (Presenter) -> Void
    let numberedRows: @MainActor @Sendable (Presenter) -> Int
    let startLiveUpdates: @MainActor @Sendable (Presenter, Bool) -> Void

    public init(
        render: @escaping @MainActor @Sendable (Presenter, @escaping CommandCompletion) -> Void,
        renderLive: @escaping @MainActor @Sendable (Presenter) -> Void,
        numberedRows: @escaping @MainActor @Sendable (Presenter) -> Int = { _ in 0 },
        startLiveUpdates: @escaping @MainActor @Sendable (Presenter, Bool) -> Void = { _, _ in }
    ) {
        self.render = render
        self.renderLive = renderLive
        self.numberedRows = numberedRows
        self.startLiveUpdates = startLiveUpdates
    }
}

/// A feature's module on the shell's stack: its presenter, the view it draws on (kept alive here: the presenter
/// holds it weakly), and the commands it takes, each run by its declared handler.
@MainActor
public final class ModuleScreen<Presenter>: Screen {
    public let presenter: Presenter
    public let kind: ScreenKind
    public let presentation: ScreenPresentation
    private let view: AnyObject
    private let commands: [ScreenCommand<Presenter>]
    private let drawing: ScreenDrawing<Presenter>

    public init(
        presenter: Presenter, view: AnyObject, kind: ScreenKind, presentation: ScreenPresentation,
        commands: [ScreenCommand<Presenter>], drawing: ScreenDrawing<Presenter>
    ) {
        self.presenter = presenter
        self.view = view
        self.kind = kind
        self.presentation = presentation
        self.commands = commands
        self.drawing = drawing
    }

    public func handle(_ command: Command, completion: @escaping CommandCompletion) -> Bool {
        guard let handler = commands.first(where: { $0.entry.name == command.name }) else { return false }
        return handler.perform(presenter, command, completion)
    }

    public func render(completion: @escaping CommandCompletion) {
        drawing.render(presenter, completion)
    }

    public func renderLive() {
        drawing.renderLive(presenter)
    }

    public var numberedRows: Int { drawing.numberedRows(presenter) }

    public func startLiveUpdates(announcing: Bool) {
        drawing.startLiveUpdates(presenter, announcing)
    }
}
