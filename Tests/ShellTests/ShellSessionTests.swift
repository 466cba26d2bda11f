import Core
import Shell
import TestSupport
import Testing

/// A screen that knows `echo` (answers at once) and `slow` (answers when told).
@MainActor
final class FakeScreen: Screen {
    private(set) var handled: [ShellCommand] = []
    private var slowCompletion: CommandCompletion?

    let commandHelp = [CommandHelp("echo TEXT", "say it back"), CommandHelp("slow", "finish later")]

    func handle(_ command: ShellCommand, completion: @escaping CommandCompletion) -> Bool {
        switch command.name {
        case "echo":
            handled.append(command)
            completion(.success)
        case "slow":
            handled.append(command)
            slowCompletion = completion
        case "fail":
            completion(.failure(.dataError))
        default:
            return false
        }
        return true
    }

    func finishSlow() { slowCompletion?(.success) }
}

@MainActor
@Suite("Shell session")
struct ShellSessionTests {
    let output = RecordingOutput()
    let screen = FakeScreen()
    let session: ShellSession

    init() {
        session = ShellSession(root: screen, output: output)
    }

    private func run(_ line: String) -> [ShellSession.Outcome] {
        var outcomes: [ShellSession.Outcome] = []
        session.execute(line: line) { outcomes.append($0) }
        return outcomes
    }

    @Test("screen commands go to the top screen with their arguments")
    func delegates() {
        #expect(run("ECHO hello world") == [.finished(.success)])
        #expect(screen.handled == [ShellCommand(name: "echo", arguments: ["hello", "world"])])
    }

    @Test("the outcome waits for a slow command to settle")
    func waitsForSettle() {
        var outcomes: [ShellSession.Outcome] = []
        session.execute(line: "slow") { outcomes.append($0) }
        #expect(outcomes.isEmpty)
        screen.finishSlow()
        #expect(outcomes == [.finished(.success)])
    }

    @Test("an unknown command is a one-line error naming help; the session goes on")
    func unknown() {
        #expect(run("dance") == [.finished(.failure(.usage))])
        #expect(output.errors == ["Unknown command 'dance'. Type `help` to see the commands."])
        #expect(run("echo still here") == [.finished(.success)])
    }

    @Test("quit, q, exit")
    func quit() {
        #expect(run("quit") == [.quit])
        #expect(run("q") == [.quit])
        #expect(run("EXIT") == [.quit])
    }

    @Test("help lists the screen's commands, then the global ones, aligned")
    func help() {
        #expect(run("help") == [.finished(.success)])
        #expect(
            output.lines == [
                "Commands:",
                "  echo TEXT  say it back",
                "  slow       finish later",
                "  help       show this list (also `h`, `?`)",
                "  quit       leave (also `q`, `exit`, or end of input)",
            ])
        #expect(run("?") == [.finished(.success)])
    }

    @Test("blank lines do nothing; bad quoting is reported")
    func blankAndQuotes() {
        #expect(run("   ") == [.finished(.success)])
        #expect(output.transcript.isEmpty)
        #expect(run("echo \"open") == [.finished(.failure(.usage))])
        #expect(output.errors == ["Unclosed \" quote in that command."])
        #expect(screen.handled.isEmpty)
    }

    @Test("a command's failure is passed on for the exit status")
    func failure() {
        #expect(run("fail") == [.finished(.failure(.dataError))])
    }
}
