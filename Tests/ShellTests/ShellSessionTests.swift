import CommandKit
import Core
import Foundation
import Shell
import TestSupport
import Testing

/// A screen that knows `echo` (answers at once), `slow` (answers when told),
/// `fail`, and `favs` / `sheet` (asks the shell to open another screen).
@MainActor
final class FakeScreen: Screen {
    private(set) var handled: [Command] = []
    private var slowCompletion: CommandCompletion?
    let name: String
    let kind: ScreenKind
    let presentation: ScreenPresentation
    private let output: RecordingOutput
    private weak var navigator: (any Navigator)?
    /// What drawing ends in: success, or a failure as a screen that could not show what it was opened for.
    var renderResult: CommandResult = .success

    /// The fake's commands: `echo` and `slow` in `help`, the rest working quietly everywhere.
    static let commands = CommandTable(
        [
            CommandEntry(
                "echo", arguments: [CommandArgument("N", .position)], usage: "echo N", summary: "say it back",
                example: "echo 7", screens: [.raceList]),
            CommandEntry("slow", summary: "finish later", example: "slow", screens: [.raceList]),
        ]
            + [("fail", "end in failure"), ("favs", "open the favourites"), ("sheet", "open a race's sheet")].map {
                CommandEntry($0, summary: $1, example: $0, screens: [.raceList, .favourites, .raceDetail])
            } + CommandTable.shellCommands)

    init(
        _ name: String, kind: ScreenKind = .raceList, output: RecordingOutput, navigator: any Navigator,
        presentation: ScreenPresentation = .fullScreen
    ) {
        self.name = name
        self.kind = kind
        self.output = output
        self.navigator = navigator
        self.presentation = presentation
    }

    func handle(_ command: Command, completion: @escaping CommandCompletion) -> Bool {
        switch command.name {
        case "echo":
            handled.append(command)
            completion(.success)
        case "slow":
            handled.append(command)
            slowCompletion = completion
        case "fail":
            completion(.failure(.dataError))
        case "favs":
            navigator?.open(AppRoute(Destination("favourites")), completion: completion)
        case "sheet":
            let race = Race(id: "r", number: 1, meetingName: "M", category: .horse, advertisedStart: Date())
            navigator?.open(AppRoute(Destination("raceDetail"), .race(race)), completion: completion)
        default:
            return false
        }
        return true
    }

    func render(completion: @escaping CommandCompletion) {
        output.writeLine("[\(name)]")
        completion(renderResult)
    }

    func renderLive() {
        output.writeLine("[\(name) live]")
    }

    var numberedRows: Int { 3 }

    func finishSlow() { slowCompletion?(.success) }
}

@MainActor
struct FakeScreenFactory: ScreenFactory {
    let output: RecordingOutput

    func makeScreen(for route: AppRoute, navigator: any Navigator) -> (any Screen)? {
        switch (route.destination.name, route.argument) {
        case ("favourites", .none): FakeScreen("favourites", kind: .favourites, output: output, navigator: navigator)
        case ("favourites", .word(let word)):
            {
                let screen = FakeScreen(word, kind: .favourites, output: output, navigator: navigator)
                screen.renderResult = word == "missing" ? .failure(.usage) : .failure(.dataError)
                return screen
            }()
        case ("raceDetail", .race(let race)):
            FakeScreen(
                "detail \(race.id)", kind: .raceDetail, output: output, navigator: navigator, presentation: .sheet)
        default: nil
        }
    }
}

@MainActor
@Suite("Shell session")
struct ShellSessionTests {
    let output = RecordingOutput()
    let session: ShellSession
    let root: FakeScreen

    init() {
        var made: FakeScreen?
        session = ShellSession(
            output: output, factory: FakeScreenFactory(output: output), commands: FakeScreen.commands
        ) { [output] navigator in
            let screen = FakeScreen("root", output: output, navigator: navigator)
            made = screen
            return screen
        }
        root = made!
    }

    private func run(_ line: String) -> [ShellSession.Outcome] {
        var outcomes: [ShellSession.Outcome] = []
        session.execute(line: line) { outcomes.append($0) }
        return outcomes
    }

    @Test("screen commands go to the top screen with their arguments read into typed values")
    func delegates() {
        #expect(run("ECHO 42") == [.finished(.success)])
        #expect(root.handled == [Command("echo", [.position(42)])])
    }

    @Test("words that do not fit the table's arguments are refused before the screen sees them")
    func refusedArguments() {
        #expect(run("echo hello") == [.finished(.failure(.usage))])
        #expect(run("echo 1 2") == [.finished(.failure(.usage))])
        #expect(run("echo") == [.finished(.failure(.usage))])
        #expect(run("slow now") == [.finished(.failure(.usage))])
        #expect(output.errors == ["Usage: echo N.", "Usage: echo N.", "Usage: echo N.", "`slow` takes no arguments."])
        #expect(root.handled.isEmpty)
    }

    @Test("the outcome waits for a slow command to settle")
    func waitsForSettle() {
        var outcomes: [ShellSession.Outcome] = []
        session.execute(line: "slow") { outcomes.append($0) }
        #expect(outcomes.isEmpty)
        root.finishSlow()
        #expect(outcomes == [.finished(.success)])
    }

    @Test("an unknown command is a one-line error naming help; the session goes on")
    func unknown() {
        #expect(run("dance") == [.finished(.failure(.usage))])
        #expect(output.errors == ["Unknown command 'dance'. Type `help` to see the commands."])
        #expect(run("echo 1") == [.finished(.success)])
    }

    @Test("quit, q, exit")
    func quit() {
        #expect(run("quit") == [.quit])
        #expect(run("q") == [.quit])
        #expect(run("EXIT") == [.quit])
    }

    @Test("help lists the screen's commands, then the global ones, aligned, then what the codes' letters mean")
    func help() {
        #expect(run("help") == [.finished(.success)])
        #expect(
            output.lines == [
                "Commands:",
                "  echo N          say it back",
                "  slow            finish later",
                "  fail            end in failure",
                "  favs            open the favourites",
                "  sheet           open a race's sheet",
                "  help [COMMAND]  show this list, or one command's help (also `h`, `?`)",
                "  quit            leave; end of input does too (also `q`, `exit`)",
                "Codes:",
                "  T thoroughbred, H harness, G greyhound",
            ])
        #expect(run("?") == [.finished(.success)])
    }

    @Test("help COMMAND explains one command from the table; an unknown one is an error")
    func helpForOneCommand() {
        #expect(run("help ECHO") == [.finished(.success)])
        #expect(output.lines == ["echo N - say it back", "  Works on: the race list.", "  Example: echo 7"])
        #expect(run("help dance") == [.finished(.failure(.usage))])
        #expect(output.errors == ["No command 'dance' to explain. Type `help` to see the commands."])
    }

    @Test("aliases reach the screen by the command's own name")
    func aliases() {
        let table = CommandTable(
            [
                CommandEntry(
                    "echo", aliases: ["say"], arguments: [CommandArgument("N", .position)], summary: "say it back",
                    example: "say 1", screens: [.raceList])
            ])
        let session = ShellSession(output: output, factory: FakeScreenFactory(output: output), commands: table) {
            [output] navigator in FakeScreen("root", output: output, navigator: navigator)
        }
        var outcomes: [ShellSession.Outcome] = []
        session.execute(line: "say 3") { outcomes.append($0) }
        #expect(outcomes == [.finished(.success)])
        #expect((session.topScreen as? FakeScreen)?.handled == [Command("echo", [.position(3)])])
    }

    @Test("a feature's way in is opened by the shell itself, from any screen it works on, with its word")
    func waysIn() {
        let table = CommandTable(
            [
                CommandEntry(
                    "favourites-please", summary: "open the favourites", example: "favourites-please",
                    screens: [.raceList], opens: Destination("favourites")),
                CommandEntry(
                    "nowhere", arguments: [CommandArgument("WORD", .text, optional: true)], summary: "open nothing",
                    example: "nowhere", screens: [.raceList], opens: Destination("elsewhere")),
            ] + CommandTable.shellCommands)
        let session = ShellSession(output: output, factory: FakeScreenFactory(output: output), commands: table) {
            [output] navigator in FakeScreen("root", output: output, navigator: navigator)
        }
        var outcomes: [ShellSession.Outcome] = []
        session.execute(line: "favourites-please") { outcomes.append($0) }
        #expect(outcomes == [.finished(.success)])
        #expect(session.depth == 2)
        #expect(output.lines == ["[favourites]"])
        session.execute(line: "back") { outcomes.append($0) }
        session.execute(line: "nowhere x") { outcomes.append($0) }
        #expect(outcomes.last == .finished(.failure(.usage)))
        #expect(output.errors == ["Nothing here opens elsewhere x."])
        #expect(session.depth == 1)
    }

    @Test("a screen that cannot show what it was opened for (a usage failure) is not kept; a data failure is")
    func failedOpening() {
        let table = CommandTable(
            [
                CommandEntry(
                    "open-it", arguments: [CommandArgument("WORD", .text)], summary: "open by word",
                    example: "open-it x", screens: nil, opens: Destination("favourites"))
            ] + CommandTable.shellCommands)
        let session = ShellSession(output: output, factory: FakeScreenFactory(output: output), commands: table) {
            [output] navigator in FakeScreen("root", output: output, navigator: navigator)
        }
        var outcomes: [ShellSession.Outcome] = []
        session.execute(line: "open-it missing") { outcomes.append($0) }
        #expect(outcomes == [.finished(.failure(.usage))])
        #expect(session.depth == 1 && output.lines == ["[missing]"], "dropped, and the root is not drawn again")
        session.execute(line: "open-it offline") { outcomes.append($0) }
        #expect(outcomes.last == .finished(.failure(.dataError)))
        #expect(session.depth == 2, "a screen whose data failed stays, to be refreshed")
        // Typed again, a way in replaces the screen of its kind (and any over it) once the new one has drawn.
        session.execute(line: "open-it again") { outcomes.append($0) }
        #expect(session.depth == 2 && output.lines.last == "[again]")
        session.execute(line: "open-it missing") { outcomes.append($0) }
        #expect(session.depth == 2, "one that cannot open leaves the one there")
        #expect((session.topScreen as? FakeScreen)?.name == "again")
    }

    @Test("blank lines do nothing; bad quoting is reported")
    func blankAndQuotes() {
        #expect(run("   ") == [.finished(.success)])
        #expect(output.transcript.isEmpty)
        #expect(run("echo \"open") == [.finished(.failure(.usage))])
        #expect(output.errors == ["Unclosed \" quote in that command."])
        #expect(root.handled.isEmpty)
    }

    @Test("a command's failure is passed on for the exit status")
    func failure() {
        #expect(run("fail") == [.finished(.failure(.dataError))])
    }

    // MARK: - Navigation

    @Test("a full screen replaces the view; back returns and redraws")
    func fullScreen() {
        #expect(run("favs") == [.finished(.success)])
        #expect(session.depth == 2)
        #expect(output.lines == ["[favourites]"])
        #expect(run("back") == [.finished(.success)])
        #expect(session.depth == 1)
        #expect(output.lines == ["[favourites]", "[root]"])
    }

    @Test("a sheet is drawn under the screen it opens from")
    func sheet() {
        #expect(run("sheet") == [.finished(.success)])
        #expect(output.lines == ["[root]", "[detail r]"])
        #expect(run("b") == [.finished(.success)])
        #expect(output.lines == ["[root]", "[detail r]", "[root]"])
    }

    @Test("sheets stack on full screens: favourites, then a race, then back twice")
    func stacked() {
        _ = run("favs")
        _ = run("sheet")
        #expect(session.depth == 3)
        #expect(output.lines == ["[favourites]", "[favourites]", "[detail r]"])
        _ = run("back")
        _ = run("back")
        #expect(output.lines.suffix(2) == ["[favourites]", "[root]"])
    }

    @Test("back on the root screen is an error; help offers back only when it works")
    func backAtRoot() {
        #expect(run("back") == [.finished(.failure(.usage))])
        #expect(output.errors == ["Nothing to go back to: this is the race list. Type `quit` to leave."])
        _ = run("favs")
        output.reset()
        _ = run("help")
        #expect(output.lines.contains("  back            close this screen (also `b`)"))
    }

    @Test("an unknown command on an inner screen points at back; one of another screen says where it works")
    func unknownInside() {
        _ = run("favs")
        #expect(run("filter horse") == [.finished(.failure(.usage))])
        #expect(run("echo 1") == [.finished(.failure(.usage))])
        #expect(
            output.errors == [
                "Unknown command 'filter'. Type `help` to see the commands here, or `back` to return.",
                "`echo` works on the race list, not here. Type `help` to see the commands here.",
            ])
    }

    @Test("a word no screen knows, typed on an inner one, is unknown, not 'not available here', with its guess")
    func unknownAnywhere() {
        _ = run("favs")
        #expect(run("helpp") == [.finished(.failure(.usage))])
        #expect(
            output.errors == [
                "Unknown command 'helpp'. Did you mean `help`? Type `help` to see the commands here, or `back` to return."
            ])
    }
}
