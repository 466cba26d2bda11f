import Core
import RaceData
import RaceListInteractor
import RaceListPresenter
import RaceListView
import Shell

/// Assembles the race list module and presents it to the shell.
@MainActor
public enum RaceListRouter {
    /// Builds interactor, view and presenter, wires them by constructor, and
    /// returns the screen that owns them.
    public static func makeScreen(
        service: any RaceService, clock: any WallClock, output: any TextOutput, style: DisplayStyle
    ) -> RaceListScreen {
        let interactor = RaceListInteractor(service: service)
        let view = RaceListTextView(output: output, style: style)
        let presenter = RaceListPresenter(interactor: interactor, view: view, clock: clock)
        return RaceListScreen(presenter: presenter, view: view)
    }
}

/// The race list on the shell's stack: maps command words to presenter calls.
@MainActor
public final class RaceListScreen: Screen {
    public let presenter: any RaceListModuleInput
    /// The presenter holds its view weakly; the screen keeps it alive.
    private let view: any RaceListViewInput

    public init(presenter: any RaceListModuleInput, view: any RaceListViewInput) {
        self.presenter = presenter
        self.view = view
    }

    public let commandHelp = [
        CommandHelp("list", "show the next five races to jump (also `ls`)"),
        CommandHelp("filter CATEGORY...", "toggle horse, greyhound and/or harness; none on = all"),
        CommandHelp("filter clear", "show every category again"),
        CommandHelp("refresh", "fetch the races again now"),
    ]

    public func handle(_ command: ShellCommand, completion: @escaping CommandCompletion) -> Bool {
        switch command.name {
        case "list", "ls":
            presenter.showList(completion: completion)
        case "filter", "f":
            presenter.filter(arguments: command.arguments, completion: completion)
        case "refresh", "r":
            presenter.refresh(completion: completion)
        default:
            return false
        }
        return true
    }
}
