import CommandKit
import Core

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
    let subject: @MainActor @Sendable (Presenter) -> ScreenSubject?

    public init(
        render: @escaping @MainActor @Sendable (Presenter, @escaping CommandCompletion) -> Void,
        renderLive: @escaping @MainActor @Sendable (Presenter) -> Void,
        numberedRows: @escaping @MainActor @Sendable (Presenter) -> Int = { _ in 0 },
        startLiveUpdates: @escaping @MainActor @Sendable (Presenter, Bool) -> Void = { _, _ in },
        subject: @escaping @MainActor @Sendable (Presenter) -> ScreenSubject? = { _ in nil }
    ) {
        self.subject = subject
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

    public var subject: ScreenSubject? { drawing.subject(presenter) }
}
