import Core

/// The line-based router: parses each line, answers the global commands
/// (`help`, `quit`), and hands everything else to the screen on top of the
/// navigation stack.
@MainActor
public final class ShellSession {
    public enum Outcome: Equatable, Sendable {
        case finished(CommandResult)
        case quit
    }

    public static let globalCommands = [
        CommandHelp("help", "show this list (also `h`, `?`)"),
        CommandHelp("quit", "leave (also `q`, `exit`, or end of input)"),
    ]

    private let output: any TextOutput
    private var stack: [any Screen]

    public init(root: any Screen, output: any TextOutput) {
        self.stack = [root]
        self.output = output
    }

    public var topScreen: any Screen { stack[stack.count - 1] }

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
        default:
            let handled = topScreen.handle(command) { result in completion(.finished(result)) }
            if !handled {
                output.writeError("Unknown command '\(command.name)'. Type `help` to see the commands.")
                completion(.finished(.failure(.usage)))
            }
        }
    }

    public func helpLines() -> [String] {
        let entries = topScreen.commandHelp + Self.globalCommands
        let usageColumns = entries.map(\.usage.count).max() ?? 0
        return ["Commands:"]
            + entries.map { entry in
                "  " + entry.usage + String(repeating: " ", count: usageColumns - entry.usage.count) + "  "
                    + entry.summary
            }
    }
}
