import CommandKit
import Core
import Text

/// The line-based router: parses each line, resolves its command word
/// against the command table, reads its arguments into typed values, answers the shell's own commands (`help`,
/// `back`, `quit`), hands everything else, by its canonical name, to the
/// screen on top of the navigation stack, and opens and closes screens for
/// the routers.
@MainActor
public final class ShellSession: Navigator {
    public enum Outcome: Equatable, Sendable {
        case finished(CommandResult)
        case quit
    }

    private let output: any TextOutput
    private let factory: any ScreenFactory
    private let commands: CommandTable
    /// Takes over `watch` (the interactive watch at a terminal); nil leaves it to the screen, as in a pipe.
    /// A sheet is drawn under the screen it opens over (a pipe's transcript reads as the screen shows it), which
    /// is drawn first unless it is the last thing written; a screen reader is read the sheet alone.
    public var drawsUnderSheets = true
    public var watchHandler: (@MainActor (@escaping @MainActor (Outcome) -> Void) -> Void)?
    /// Never empty once `init` returns: the root screen stays at the bottom.
    private var stack: [any Screen] = []

    /// - Parameter commands: the shell's own commands and every feature's (the app puts them together).
    /// - Parameter makeRoot: builds the bottom screen, given this session as
    ///   its navigator.
    /// - Parameter helpWidth: the columns `help` wraps its lines to, asked each time (a window can be resized);
    ///   nil (pipes) keeps each line whole, so scripted output stays the same whatever the window.
    public init(
        output: any TextOutput, factory: any ScreenFactory, commands: CommandTable,
        helpWidth: @escaping @MainActor () -> Int? = { nil },
        makeRoot: (any Navigator) -> any Screen
    ) {
        self.output = output
        self.factory = factory
        self.commands = commands
        self.helpWidth = helpWidth
        stack = [makeRoot(self)]
    }

    private let helpWidth: @MainActor () -> Int?

    /// Help's lines, each wrapped to `helpWidth`: a line of the command list under its description's column, any
    /// other under its own indent (two more for a line that has none).
    private func wrappedForWindow(_ lines: [String]) -> [String] {
        guard let width = helpWidth() else { return lines }
        return lines.flatMap { line -> [String] in
            guard TerminalText.width(of: line) > width else { return [line] }
            let indent = line.prefix { $0 == " " }.count
            // The command list aligns its descriptions after a gap of two or more spaces.
            let body = line.dropFirst(indent)
            var column = indent
            var hanging = indent == 0 ? 2 : indent
            if let gap = body.firstRange(of: "  ") {
                let descriptionStart = body[gap.lowerBound...].firstIndex { $0 != " " } ?? body.endIndex
                let gapColumn = indent + body.distance(from: body.startIndex, to: descriptionStart)
                if gapColumn <= width / 2 {
                    column = gapColumn
                    hanging = gapColumn
                } else if descriptionStart < body.endIndex {
                    // Too narrow for two columns: the command on its own line, what it does under it.
                    let under = String(repeating: " ", count: indent + 4)
                    return [String(line.prefix(indent) + body[..<gap.lowerBound])]
                        + TerminalText.wrap(String(body[descriptionStart...]), columns: max(20, width - under.count))
                        .map { under + $0 }
                }
            }
            let prefix = String(line.prefix(column))
            let parts = TerminalText.wrap(String(line.dropFirst(column)), columns: max(20, width - hanging))
            return parts.enumerated().map { index, part in
                (index == 0 ? prefix : String(repeating: " ", count: hanging)) + part
            }
        }
    }

    public var topScreen: any Screen { stack[stack.count - 1] }
    /// The kinds of the screens open, bottom first.
    public var stackKinds: [ScreenKind] { stack.map(\.kind) }
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
        guard let (entry, closing) = commands.resolve(command.name, stack: stackKinds) else {
            if commands.entries(named: command.name).contains(where: \.needsScreenBelow) {
                output.writeError("Nothing to go back to: this is the race list. Type `quit` to leave.")
            } else {
                output.writeError(unknownCommandMessage(command))
            }
            completion(.finished(.failure(.usage)))
            return
        }
        let parsed: Command
        switch entry.parse(command.arguments) {
        case .success(let typed): parsed = typed
        case .failure(let error):
            output.writeError(error.message)
            completion(.finished(.failure(.usage)))
            return
        }
        // A command of a screen below closes the ones above it first; the command then draws.
        stack.removeLast(closing)
        // A feature's way in is the shell's to open: no other feature's screen knows it.
        if let destination = entry.opens {
            open(AppRoute(destination, Self.routeArgument(parsed)), replacingItsKind: true) {
                completion(.finished($0))
            }
            return
        }
        switch parsed.name {
        case "quit":
            completion(.quit)
        case "help":
            showHelp(about: parsed.word, completion: completion)
        case "back":
            close { completion(.finished($0)) }
        case "watch" where watchHandler != nil:
            watchHandler?(completion)
        default:
            let finish: CommandCompletion = { result in completion(.finished(result)) }
            // The screen's own commands first, then another feature's on it (`follow 3` on a race's card).
            let handled =
                topScreen.handle(parsed, completion: finish)
                || factory.perform(parsed, on: topScreen, navigator: self, completion: finish)
            if !handled {
                output.writeError(unknownCommandMessage(command))
                completion(.finished(.failure(.usage)))
            }
        }
    }

    /// What a way in hands its destination: the command's one value as a word (`meeting 3`, `meeting Randwick`).
    private static func routeArgument(_ command: Command) -> RouteArgument {
        switch command.value {
        case .word(let text)?, .text(let text)?: .word(text)
        case .position(let number)?, .number(let number)?, .seconds(let number)?, .minutes(let number)?:
            .word(String(number))
        case .categories(let categories)?: .word(categories.map(\.rawValue).joined(separator: " "))
        case nil: .none
        }
    }

    private func unknownCommandMessage(_ command: ShellCommand) -> String {
        // A key that sends an escape sequence (an arrow in a plain line) would read as nothing: name what it was.
        let typed = command.typedName
        let shown: String
        if typed.isEmpty {
            shown = "'' (an empty word)"
        } else if typed.unicodeScalars.first?.properties.generalCategory == .control {
            shown = TerminalText.quoted(typed) + " (a control key or escape sequence)"
        } else {
            shown = TerminalText.quoted(typed)
        }
        // A command of another screen (`unfav` typed on the race list): say where it works.
        let places = Set(commands.entries(named: command.name).flatMap { $0.screens ?? [] })
        if !places.isEmpty {
            let titles = places.map(\.title).sorted().joined(separator: " or ")
            return "`\(command.name)` works on \(titles), not here. Type `help` to see the commands here."
        }
        let known = commands.reachableEntries(stack: stackKinds).flatMap(\.words)
        let guess = DidYouMean.closest(to: command.name, among: known).map { " Did you mean `\($0)`?" } ?? ""
        // "Not available here" only of a command that is somewhere: a word no screen knows is unknown anywhere.
        let existsElsewhere = !commands.entries(named: command.name).isEmpty
        guard stack.count > 1 else { return "Unknown command \(shown).\(guess) Type `help` to see the commands." }
        return existsElsewhere
            ? "\(shown) is not available here.\(guess) Type `back` to return, or `help` to see the commands."
            : "Unknown command \(shown).\(guess) Type `help` to see the commands here, or `back` to return."
    }

    /// `help`: the commands that work here; `help COMMAND`: that command's help.
    private func showHelp(about word: String?, completion: @escaping @MainActor (Outcome) -> Void) {
        guard let word else {
            output.writeLines(wrappedForWindow(helpLines()))
            completion(.finished(.success))
            return
        }
        guard let lines = commands.detailedHelp(for: word) else {
            output.writeError(
                "No command \(TerminalText.quoted(word)) to explain. Type `help` to see the commands.")
            completion(.finished(.failure(.usage)))
            return
        }
        output.writeLines(wrappedForWindow(lines))
        completion(.finished(.success))
    }

    /// Draws what is on screen again: a sheet with the screen it was opened over.
    public func redraw(completion: @escaping CommandCompletion) {
        let top = topScreen
        guard top.presentation == .sheet, stack.count > 1 else {
            top.render(completion: completion)
            return
        }
        stack[stack.count - 2].render { _ in top.render(completion: completion) }
    }

    /// The numbered rows of the screen a number refers to: the top one, or the one under a sheet.
    public var numberedRows: Int {
        let top = topScreen
        return top.presentation == .sheet && stack.count > 1 ? stack[stack.count - 2].numberedRows : top.numberedRows
    }

    /// `redraw` at once, from what the screens hold (`Screen.renderLive`).
    public func redrawLive() {
        let top = topScreen
        if top.presentation == .sheet, stack.count > 1 { stack[stack.count - 2].renderLive() }
        top.renderLive()
    }

    /// The commands that work here, then what the board's and the meetings' letters stand for.
    public func helpLines() -> [String] {
        ["Commands:"] + commands.helpLines(stack: stackKinds) + ["Codes:", "  " + RaceCategory.letterLegend]
    }

    // MARK: - Navigator

    public func open(_ route: AppRoute, completion: @escaping CommandCompletion) {
        open(route, replacingItsKind: false, completion: completion)
    }

    /// - Parameter replacingItsKind: a way in typed again (`meetings dogs` over the meetings, or over a meeting
    ///   opened from them) goes back to the screen of its kind and replaces it, once the new one has drawn, rather
    ///   than piling up screens for `back` to step through.
    private func open(_ route: AppRoute, replacingItsKind: Bool, completion: @escaping CommandCompletion) {
        guard let screen = factory.makeScreen(for: route, navigator: self) else {
            // A feature named a destination the app has not listed: a mistake in the app, said, never a crash.
            output.writeError("Nothing here opens \(route.description).")
            return completion(.failure(.usage))
        }
        let below = topScreen
        stack.append(screen)
        switch screen.presentation {
        case .fullScreen:
            // A screen that could not open what it was asked for (`meeting` with a name no meeting has) has said
            // why: it is not left on the stack, and the screen below stays as it was drawn.
            screen.render { [weak self] result in
                if let self, self.stack.count > 1, self.stack.last === screen {
                    if result == .failure(.usage) {
                        self.stack.removeLast()
                    } else if replacingItsKind,
                        let earlier = self.stack.dropLast().indices.dropFirst().first(where: {
                            self.stack[$0].kind == screen.kind
                        })
                    {
                        self.stack.removeSubrange(earlier..<(self.stack.count - 1))
                    }
                }
                completion(result)
            }
        case .sheet where !drawsUnderSheets || output.endsWithScreen:
            // The screen below is the last thing written (a pipe's `meeting 26`, then `show 1`): the sheet goes
            // under it as it stands, not under a copy.
            screen.render(completion: completion)
        case .sheet:
            below.render { belowResult in
                screen.render { result in completion(belowResult == .success ? result : belowResult) }
            }
        }
    }

    /// Takes the top screen away without drawing the one under it (the caller draws next).
    public func dropTop() {
        if stack.count > 1 { stack.removeLast() }
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
