import Core

/// The line-based router: parses each line, answers the global commands
/// (`help`, `back`, `quit`), hands everything else to the screen on top of
/// the navigation stack, and opens and closes screens for the routers.
@MainActor
public final class ShellSession: Navigator {
    public enum Outcome: Equatable, Sendable {
        case finished(CommandResult)
        case quit
    }

    static let helpCommand = CommandHelp("help", "show this list (also `h`, `?`)")
    static let backCommand = CommandHelp("back", "close this screen (also `b`)")
    static let quitCommand = CommandHelp("quit", "leave (also `q`, `exit`, or end of input)")

    private let output: any TextOutput
    private let factory: any ScreenFactory
    /// Never empty once `init` returns: the root screen stays at the bottom.
    private var stack: [any Screen] = []

    /// - Parameter makeRoot: builds the bottom screen, given this session as
    ///   its navigator.
    public init(
        output: any TextOutput, factory: any ScreenFactory, makeRoot: (any Navigator) -> any Screen
    ) {
        self.output = output
        self.factory = factory
        stack = [makeRoot(self)]
    }

    public var topScreen: any Screen { stack[stack.count - 1] }
    public var depth: Int { stack.count }

    /// Runs one line. `completion` is called exactly once, when the command
    /// has settled: the caller reads the next line only after that.
    public func execute(line: String, completion: @escaping @MainActor (Outcome) -> Void) {
        let command: ShellCommand
        do {
            guard let parsed = try ShellCommand(line: line) else {
                completion(.finished(.success))
                return
            }
            command = parsed
        } catch {
            output.writeError(error.description)
            completion(.finished(.failure(.usage)))
            return
        }
        execute(command, completion: completion)
    }

    public func execute(_ command: ShellCommand, completion: @escaping @MainActor (Outcome) -> Void) {
        switch command.name {
        case "quit", "q", "exit":
            completion(.quit)
        case "help", "h", "?":
            output.writeLines(helpLines())
            completion(.finished(.success))
        case "back", "b":
            guard stack.count > 1 else {
                output.writeError("Nothing to go back to: this is the race list. Type `quit` to leave.")
                completion(.finished(.failure(.usage)))
                return
            }
            close { completion(.finished($0)) }
        default:
            let handled = topScreen.handle(command) { result in completion(.finished(result)) }
            if !handled {
                output.writeError(unknownCommandMessage(command.name))
                completion(.finished(.failure(.usage)))
            }
        }
    }

    private func unknownCommandMessage(_ name: String) -> String {
        stack.count > 1
            ? "\(TerminalText.quoted(name)) is not available here. Type `back` to return, or `help` to see the commands."
            : "Unknown command \(TerminalText.quoted(name)). Type `help` to see the commands."
    }

    public func helpLines() -> [String] {
        let global =
            stack.count > 1
            ? [Self.helpCommand, Self.backCommand, Self.quitCommand] : [Self.helpCommand, Self.quitCommand]
        let entries = topScreen.commandHelp + global
        let usageColumns = entries.map(\.usage.count).max() ?? 0
        return ["Commands:"]
            + entries.map { entry in
                "  " + entry.usage + String(repeating: " ", count: usageColumns - entry.usage.count) + "  "
                    + entry.summary
            }
    }

    // MARK: - Navigator

    public func open(_ route: AppRoute, completion: @escaping CommandCompletion) {
        let screen = factory.makeScreen(for: route, navigator: self)
        let below = topScreen
        stack.append(screen)
        switch screen.presentation {
        case .fullScreen:
            screen.render(completion: completion)
        case .sheet:
            below.render { belowResult in
                screen.render { result in completion(belowResult == .success ? result : belowResult) }
            }
        }
    }

    public func close(completion: @escaping CommandCompletion) {
        guard stack.count > 1 else {
            completion(.success)
            return
        }
        stack.removeLast()
        topScreen.render(completion: completion)
    }
}
