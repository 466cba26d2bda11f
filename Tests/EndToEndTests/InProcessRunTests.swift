import CommandKit
import Core
import Foundation
import RaceListRouter
import Shell
import TestSupport
import Testing

@testable import AppComposition

/// The app as a function: `NextToGoApp.run` called inside the test process on files for its streams, answering as
/// the built binary does. Serialized: a run's streams are the process's `StandardStreams` while it lasts.
@Suite("next-to-go run in-process", .serialized)
@MainActor
struct InProcessRunTests {
    struct Outcome {
        let status: Core.ExitStatus
        let stdout: String
        let stderr: String
    }

    /// Runs the app on `stdin`, its output and errors in files, with a home and data folder of its own.
    func run(_ arguments: [String], stdin: String = "") async throws -> Outcome {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try directory.file("stdin", contents: Data(stdin.utf8))
        let outputPath = directory.url.appendingPathComponent("stdout").path
        let errorPath = directory.url.appendingPathComponent("stderr").path
        let inputDescriptor = open(input.path, O_RDONLY | O_CLOEXEC)
        let outputDescriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let errorDescriptor = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { [inputDescriptor, outputDescriptor, errorDescriptor].forEach { close($0) } }
        try #require(inputDescriptor >= 0 && outputDescriptor >= 0 && errorDescriptor >= 0)
        let environment = [
            "HOME": directory.url.path, "LANG": "C.UTF-8", "TERM": "xterm-256color",
            "XDG_DATA_HOME": directory.url.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": directory.url.appendingPathComponent("cache").path,
        ]
        let status = await NextToGoApp.run(
            arguments: arguments, environment: environment,
            io: ProcessIO(input: inputDescriptor, output: outputDescriptor, error: errorDescriptor))
        return Outcome(
            status: status, stdout: try String(contentsOfFile: outputPath, encoding: .utf8),
            stderr: try String(contentsOfFile: errorPath, encoding: .utf8))
    }

    static let pinned = [
        "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--refresh", "0",
    ]

    @Test("a piped script answers as the binary does, byte for byte, favourites included")
    func pipedScript() async throws {
        let script = "list\nfilter greyhound\nfav 1\nfav 2\nfilter clear\nlist\nhelp\nbogus\nfavs\n"
        let inside = try await run(Self.pinned, stdin: script)
        // Favourites of its own: the other end-to-end tests share the runner's home.
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let binary = try BinaryRunner.run(Self.pinned + ["--data-dir", data.url.path], stdin: script)
        #expect(inside.status == Core.ExitStatus.ok)
        #expect(inside.stdout == binary.stdout)
        #expect(inside.stderr == binary.stderr)
        #expect(inside.stdout.contains("Favourites\n  1  G  R1   Healesville"), "the favourites were saved and shown")
    }

    @Test("`quit` ends the run there: what follows it is not run, and the end of input after it is no second end")
    func quitMidScript() async throws {
        let outcome = try await run(Self.pinned, stdin: "list\nquit\nlist\nbogus\n")
        #expect(outcome.status == Core.ExitStatus.ok)
        #expect(outcome.stdout.components(separatedBy: "Next to Go - all categories").count == 2, "one board")
        #expect(outcome.stderr.isEmpty)
        // The stdin reader meets the end of input after the run has ended: nothing happens.
        try await Task.sleep(for: .milliseconds(200))
    }

    @Test("one command, with --strict and --json, ends with its status")
    func singleCommandAndJSON() async throws {
        let list = try await run(Self.pinned + ["list"])
        #expect(list.status == Core.ExitStatus.ok)
        #expect(list.stdout.hasPrefix("Next to Go - all categories\n"))
        let json = try await run(Self.pinned + ["--json", "show", "99"])
        #expect(json.status == Core.ExitStatus.usage)
        #expect(json.stdout.isEmpty)
        #expect(json.stderr.hasPrefix(#"{"error":{"code":64,"#), "\(json.stderr)")
    }

    @Test("mistakes in the arguments end the run with 64 and say so; help and the version end it with 0")
    func argumentsAlone() async throws {
        let bogus = try await run(["--bogus"])
        #expect(bogus.status == Core.ExitStatus.usage)
        #expect(bogus.stderr == "next-to-go: unknown option '--bogus'. Run `next-to-go --help` for usage.\n")
        let jsonMistake = try await run(["--format", "json", "--count", "0"])
        #expect(jsonMistake.status == Core.ExitStatus.usage)
        #expect(jsonMistake.stderr.hasPrefix(#"{"error":{"code":64,"message":"--count '0' is not valid"#))
        let help = try await run(["--help"])
        #expect(help.status == Core.ExitStatus.ok)
        #expect(help.stdout == Usage.text + "\n")
        let version = try await run(["-V"])
        #expect(version.stdout == Usage.version + "\n")
    }

    @Test("the run's mode decides the policies: live, lines, JSON or one command")
    func modes() throws {
        func mode(_ arguments: [String], stdinIsTTY: Bool, stdoutIsTTY: Bool, term: String = "xterm") throws
            -> (RunMode, alertMinutes: Int?)
        {
            let options = try LaunchOptions(arguments: arguments, table: AppFeatures.options)
            let mode = RunMode(
                options: options,
                terminal: TerminalEnvironment(
                    environment: ["TERM": term], stdoutIsTTY: stdoutIsTTY, stdinIsTTY: stdinIsTTY))
            return (mode, RaceListModule.alertMinutes(options: options, isLive: mode.isLive))
        }
        let (live, liveAlert) = try mode([], stdinIsTTY: true, stdoutIsTTY: true)
        #expect(live.kind == .live && liveAlert == 2 && live.firstCardWait == 0.5)
        #expect(!live.gathersFavouriteChanges)
        let (piped, pipedAlert) = try mode([], stdinIsTTY: false, stdoutIsTTY: false)
        #expect(piped.kind == .lines && pipedAlert == nil && piped.gathersFavouriteChanges && !piped.showsPrompt)
        let (dumb, _) = try mode([], stdinIsTTY: true, stdoutIsTTY: true, term: "dumb")
        #expect(dumb.kind == .lines && dumb.showsPrompt)
        let (json, _) = try mode(["--json"], stdinIsTTY: true, stdoutIsTTY: true)
        #expect(json.kind == .json && !json.gathersFavouriteChanges && !json.showsPrompt)
        let (single, singleAlert) = try mode(["--alert", "5", "list"], stdinIsTTY: true, stdoutIsTTY: true)
        #expect(single.kind == .single(ShellCommand(name: "list", arguments: [])) && singleAlert == 5)
    }
}
