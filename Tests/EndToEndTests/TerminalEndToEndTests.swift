import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The live shell through a real pseudo-terminal (tmux), as a person at a keyboard uses it. `.ci/run` installs
/// tmux; the tests also read the app's state from `/proc`, so they run where both are.
@Suite(
    "next-to-go live at a terminal", .serialized,
    .enabled(if: HostCapabilities.hasTmux && HostCapabilities.hasProc, "needs tmux and /proc (CI has both)"))
struct LiveTerminalEndToEndTests {
    static let pinned = [
        "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--refresh", "0",
    ]

    func session(
        _ arguments: [String] = pinned, environment: [String: String] = [:], columns: Int = 90, rows: Int = 30
    ) throws -> TerminalSession {
        let session = try TerminalSession(
            arguments: arguments, environment: environment, columns: columns, rows: rows)
        guard session.expect(shows: "next-to-go>") else {
            session.stop()
            throw TerminalSession.NoPrompt()
        }
        return session
    }

    @Test("help fits a narrow window: the command list wraps under its descriptions' column")
    func helpWrapsToWindow() throws {
        let session = try session(columns: 60, rows: 50)
        defer { session.stop() }
        try session.type("help")
        try session.send("Enter")
        let lines = session.screen(when: "help drawn to its end, the prompt under it") {
            $0.contains("  quit") && $0.lines.last == "next-to-go>"
        }.lines
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        let favs = try #require(lines.firstIndex { $0.hasPrefix("  favs ") })
        let column = try #require(lines[favs].range(of: "show your")).lowerBound.utf16Offset(in: lines[favs])
        #expect(
            lines[checked: favs + 1].map { $0.prefix(column).allSatisfy { $0 == " " } && $0.count > column } == true,
            "\(lines)")
    }

    @Test(
        "flags, skin tones, ZWJ sequences, jamo and accents typed and edited at the prompt: no crash, one character each"
    )
    func graphemeClusters() throws {
        let session = try session()
        defer { session.stop() }
        try session.type("x🇦🇺👍🏽👩‍💻\u{1100}\u{1161}e\u{301}")
        try session.send("Left", "Left", "BSpace")
        try session.type("🇳🇿")
        try session.send("Home", "Right", "Right", "BSpace")
        session.expect(shows: "next-to-go> x👍🏽🇳🇿\u{1100}\u{1161}e\u{301}")
        try session.send("End", "C-u")
        try session.type("quit")
        try session.send("Enter")
        session.expectExit(0)
    }

    @Test("Tab with several choices: the first rings the bell, the second lists them, a third does not list again")
    func tabChoices() throws {
        let session = try session()
        defer { session.stop() }
        try session.type("fav")
        try session.send("Tab")
        session.expectOutput("the first Tab rings the bell") { $0.contains("\u{07}") }
        let choices = "fav  favs  favourites  favorites"
        session.expect("nothing listed at the first Tab") { !$0.contains(choices) }
        try session.send("Tab")
        session.expect(shows: choices)
        try session.send("Tab")
        // Keys are taken in order: once `s` is drawn, the third Tab has been answered.
        try session.type("s")
        session.expectPrompt("next-to-go> favs")
        session.expect("the choices listed once") { $0.count(of: choices) == 1 }
    }

    @Test("`save` at the prompt: the next start at a terminal has the same filter, region, count and alert")
    func saveAtThePrompt() throws {
        let first = try session()
        defer { first.stop() }
        for command in ["filter dogs", "region nz", "count 3", "alert 10", "save"] {
            try first.type(command)
            try first.send("Enter")
        }
        first.expect(shows: "Saved filter greyhound, region nz, count 3, alert 10 to")
        let config = first.directory.url.appendingPathComponent("config/next-to-go/config")
        #expect(
            try String(contentsOf: config, encoding: .utf8).hasSuffix(
                "filter = greyhound\nregion = nz\ncount = 3\nalert = 10\n"))
        try first.type("quit")
        try first.send("Enter")
        first.expectExit(0)
        let second = try session(
            Self.pinned, environment: ["XDG_CONFIG_HOME": first.directory.url.appendingPathComponent("config").path])
        defer { second.stop() }
        second.expect(shows: "Next to Go · greyhound · New Zealand")
        try second.type("save")
        try second.send("Enter")
        second.expect(shows: "Saved filter greyhound, region nz, count 3, alert 10 to")
    }

    @Test(
        "watch in a narrow window shows the shorter key line that fits, `? keys` included; t h g are the source's letters"
    )
    func watchHintFitsWindow() throws {
        let session = try session(columns: 60, rows: 20)
        defer { session.stop() }
        try session.type("watch")
        try session.send("Enter")
        session.expect(shows: "q leave | 1-9 | b back | t h g a | f+N | / | r | ? keys")
        // T thoroughbred, H harness, G greyhound: the letters the board and `meetings` write.
        for (key, category) in [("h", "harness"), ("t", "horse"), ("g", "greyhound")] {
            try session.send("a")
            session.expect(shows: "Next to Go · all")
            try session.send(key)
            session.expect(shows: "Next to Go · \(category)")
        }
        try session.send("q")
        session.expectPrompt()
    }

    @Test("history is recalled with Up, across runs; Tab completes; Ctrl-C drops the line and the app stays")
    func historyAndCompletion() throws {
        let first = try session()
        try first.type("filter harness")
        try first.send("Enter")
        first.expect(shows: "Next to Go · harness")
        try first.type("quit")
        try first.send("Enter")
        first.expectExit(0)
        let state = first.directory.url.appendingPathComponent("state/next-to-go/history")
        #expect(try String(contentsOf: state, encoding: .utf8) == "filter harness\nquit\n")

        // A second run with the same state directory recalls the first run's lines.
        let second = try TerminalSession(
            arguments: Self.pinned,
            environment: ["XDG_STATE_HOME": first.directory.url.appendingPathComponent("state").path])
        defer { second.stop() }
        second.expect(shows: "next-to-go>")
        let app = try #require(second.appProcess)
        try second.send("Up", "Up")
        second.expect(shows: "next-to-go> filter harness")
        try second.send("C-c")
        second.expectPrompt()
        try second.type("fil")
        try second.send("Tab")
        try second.type("gr")
        try second.send("Tab")
        // capture-pane drops the space completion put after the word.
        second.expectPrompt("next-to-go> filter greyhound")
        try second.send("Enter")
        second.expect(shows: "Next to Go · greyhound")
        // The pane's shell runs `stty` and `sleep` once the app ends: its child is the app still only if it lives.
        #expect(second.appProcess == app, "still running after Ctrl-C")
        try second.send("C-d")
        second.expectExit(0)
        #expect(second.sttyRestored)
        first.stop()
    }

    @Test("Ctrl-C on an empty prompt says how to leave, and the app stays")
    func interruptAtEmptyPrompt() throws {
        let session = try session(["--refresh", "0"])
        defer { session.stop() }
        let app = try #require(session.appProcess)
        try session.send("C-c")
        session.expect(shows: "To leave, type `quit` or press Ctrl-D.")
        session.expectPrompt()
        #expect(session.appProcess == app, "still running after Ctrl-C")
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("at 40 columns an error is broken between words, not mid-word where the terminal would break it")
    func errorsWrapAtWords() throws {
        // A URL of 44 characters puts "connection" across the 80th column, where the terminal would cut it.
        let url = "http://127.0.0.1:9/abcdefghijklmnopqrstuvwxy"
        let session = try session(["--source", url, "--refresh", "0"], columns: 40)
        defer { session.stop() }
        let lines = session.screen(when: "the error whole, the prompt under it") {
            $0.contains("refused") && $0.lines.last == "next-to-go>"
        }.lines
        #expect(lines.contains { $0.hasSuffix(" connection refused.") }, "\(lines)")
        #expect(!lines.contains { $0.hasSuffix("connecti") }, "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("at 40 columns the greeting and the loading line are broken between words too")
    func startLinesWrapAtWords() throws {
        let session = try session(["--refresh", "0"], columns: 40)
        defer { session.stop() }
        let lines = session.screen(when: "the board drawn under the start lines") {
            $0.contains("Next to Go") && $0.lines.last == "next-to-go>"
        }.lines
        #expect(lines.contains("Loading races from the embedded snapshot"), "\(lines)")
        #expect(lines.contains("(replayed)..."), "\(lines)")
        #expect(!lines.prefix(4).contains { $0.hasPrefix(" ") }, "no line begins with the space of a cut: \(lines)")
        try session.send("C-d")
        session.expectExit(0)
    }

    /// "R5 Moonee Valley" of each of the five rows of a board, as drawn at a terminal or piped.
    private static func boardRaces(_ lines: [String]) -> [String] {
        lines.compactMap { line -> String? in
            guard let match = line.range(of: #"^ {2}[1-5] {2}\S+ {2}R(\d+) +(.+?) {2,}"#, options: .regularExpression)
            else { return nil }
            let fields = line[match].split(separator: " ", omittingEmptySubsequences: true)
            return fields.dropFirst(2).joined(separator: " ")
        }
    }

    @Test("copies started apart agree: a one-shot run has the live board's races, and its favourite shows ♥ there")
    func copiesAgree() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let arguments = ["--refresh", "0", "--data-dir", data.url.path]
        let live = try session(arguments)
        defer { live.stop() }
        // Started seconds later, on the same clock: the same races, unless one left the board in between.
        var races: [String] = []
        live.expect("the live board's races are a one-shot run's, a race leaving between aside") { screen in
            guard Self.boardRaces(screen.lines).count == 5 else { return false }
            races = Self.boardRaces(screen.lines)
            let oneShot = try? BinaryRunner.run(["--data-dir", data.url.path, "list"])
            return oneShot.map { Self.boardRaces($0.lines) } == races
        }
        // The fifth race is the last to leave: a favourite set by a one-shot command is marked in the live copy.
        let fifth = try #require(races.last)
        let saved = try BinaryRunner.run(["--data-dir", data.url.path, "fav", "5"])
        #expect(saved.status == 0, "\(saved.stderr)")
        let marked = { (screen: Screen) in
            screen.lines.contains {
                $0.contains(fifth.split(separator: " ").dropFirst().joined(separator: " ")) && $0.hasSuffix("♥")
            }
        }
        live.expect("\(fifth) marked ♥", marked)
        try live.send("C-d")
        live.expectExit(0)
        // And after a restart.
        let restarted = try session(arguments)
        defer { restarted.stop() }
        restarted.expect("\(fifth) marked ♥ after a restart", marked)
        try restarted.send("C-d")
        restarted.expectExit(0)
    }

    @Test("the status line moves on with no key pressed, and a favourite near its start alerts above the prompt")
    func statusAndAlert() throws {
        // The race day on the real clock: whatever race is first, it is within a day's alert lead.
        let session = try session(["--refresh", "0", "--alert", "1440"])
        defer { session.stop() }
        let status = { (screen: Screen) in screen.lines.first { $0.hasPrefix("Next: ") } ?? "" }
        let first = status(session.screen(when: "a status line") { !status($0).isEmpty })
        session.expect("the status line moves on from \(first)") { !status($0).isEmpty && status($0) != first }
        try session.type("fav 1")
        try session.send("Enter")
        session.expect(shows: "⏰ R")
        // The command's board follows the alert; then the status line and the prompt come back under it.
        session.expect("the status line above the prompt") {
            $0.lines.last?.hasPrefix("next-to-go>") == true && $0.lines.dropLast().last?.hasPrefix("Next: ") == true
        }
        try session.type("quit")
        try session.send("Enter")
        session.expectExit(0)
    }

    @Test(
        "a copy stopped while holding the favourites: fav at the prompt says so in seconds, and lands once it is gone",
        .enabled(if: LockHolder.canRun))
    func lockHeldByStoppedCopy() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let holder = try LockHolder(file: data.url.appendingPathComponent("favourites.lock").path, stopped: true)
        defer { holder.kill() }
        let session = try session(Self.pinned + ["--data-dir", data.url.path])
        defer { session.stop() }
        try session.type("fav 2")
        try session.send("Enter")
        session.expect(shows: "holds the favourites")
        session.expectPrompt()
        holder.kill()
        try session.type("fav 2")
        try session.send("Enter")
        session.expect(shows: "Healesville       10m 0s  ♥")
        try session.send("C-d")
        session.expectExit(0)
        #expect(
            try String(contentsOf: data.url.appendingPathComponent("favourites.json"), encoding: .utf8).contains(
                "Healesville"))
    }

    @Test("while a slow automatic fetch is out, show N, back and fav answer at once from the races on hand")
    func commandsDoNotWaitForSlowFetch() throws {
        // The first fetch is answered at once, every later one after 60 s.
        let server = try FixtureServer(folder: Fixtures.directory, delay: 60)
        defer { server.stop() }
        let session = try session([
            "--source", server.url("slow-later/" + Fixtures.tenRaces), "--now", RaceListEndToEndTests.now,
            "--refresh", "1", "--timeout", "120", "--connect-timeout", "120",
        ])
        defer { session.stop() }
        session.expect(shows: "Northfield Park")
        // The automatic fetch a second later is out, and will be for a minute.
        session.expect(shows: "fetching...")
        let started = Date()
        try session.type("show 3")
        try session.send("Enter")
        session.expect(shows: "Flamboro Downs R4 ·")
        try session.type("back")
        try session.send("Enter")
        session.expect("the board again, the fetch still out") {
            $0.lines.last == "next-to-go>" && $0.contains("next-to-go> back\nNext to Go") && $0.contains("fetching...")
        }
        #expect(Date().timeIntervalSince(started) < 60, "answered before the slow fetch came back")
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("Ctrl-Z gives the terminal back, then stops; continued, raw mode and the prompt are back: arrows, Ctrl-C")
    func suspendAndResume() throws {
        let session = try session()
        defer { session.stop() }
        let app = try #require(session.appProcess)
        session.expectState("raw mode at the prompt") { session.isRaw }
        try session.send("C-z")
        session.expectState("stopped") { TerminalSession.state(of: app) == "T" }
        session.expectState("the terminal as the shell expects it") { !session.isRaw }
        kill(app, SIGCONT)  // what the shell's `fg` sends
        session.expectState("raw mode again") { session.isRaw }
        try session.type("abc")
        try session.send("Left")
        try session.type("Z")
        session.expectPrompt("next-to-go> abZc")
        try session.send("C-c")
        session.expectPrompt()
        #expect(session.appProcess == app, "and the app stays")

        // Stopped and continued from outside, where nothing can be done before the stop.
        kill(app, SIGSTOP)
        session.expectState("stopped from outside") { TerminalSession.state(of: app) == "T" }
        kill(app, SIGCONT)
        try session.type("xy")
        try session.send("Left")
        try session.type("Q")
        session.expectPrompt("next-to-go> xQy")
        try session.send("C-e", "C-u")

        // In watch: the main screen and the cursor while stopped; the watch screen again after.
        try session.type("watch")
        try session.send("Enter")
        session.expectState("watch's screen") { session.terminalState.alternateScreen }
        try session.send("C-z")
        session.expectState("stopped in watch") { TerminalSession.state(of: app) == "T" }
        session.expectState("the main screen, the cursor shown") { session.terminalState == (false, true) }
        kill(app, SIGCONT)
        session.expectState("watch's screen again, the cursor hidden") { session.terminalState == (true, false) }
        session.expect(shows: "Next to Go")
        try session.send("q")
        session.expectState("the main screen") { !session.terminalState.alternateScreen }
        try session.type("quit")
        try session.send("Enter")
        session.expectExit(0)
        #expect(session.sttyRestored)
    }

    @Test("a start with the server down, recovering by itself, draws the board with no key pressed")
    func recoveryDrawsTheBoard() throws {
        // Find a free port, then leave it closed.
        let probe = try FixtureServer()
        let port = probe.port
        let url = probe.url(Fixtures.tenRaces)
        probe.stop()
        let session = try session(["--source", url, "--now", RaceListEndToEndTests.now, "--refresh", "30"])
        defer { session.stop() }
        session.expect(shows: "connection refused")
        let server = try FixtureServer(port: port)
        defer { server.stop() }
        // The retries come 2, 4, 8 s after the failures.
        session.expect("the board, said to be working again, the prompt under it") {
            $0.contains("Northfield Park") && $0.contains("Refresh works again") && $0.lines.last == "next-to-go>"
        }
        try session.type("quit")
        try session.send("Enter")
        session.expectExit(0)
    }

    @Test("watch takes the screen, answers keys, and q gives the prompt back on the main screen")
    func watchKeys() throws {
        let session = try session()
        defer { session.stop() }
        let app = try #require(session.appProcess)
        try session.type("watch")
        try session.send("Enter")
        session.expect(shows: "q leave")
        session.expectState("the alternate screen, the cursor hidden") { session.terminalState == (true, false) }
        try session.type("g")
        session.expect(shows: "Next to Go · greyhound")
        try session.type("1")
        session.expect(shows: "Category       greyhound")
        try session.type("b")
        session.expect("the sheet closed") { !$0.contains("Category ") }
        try session.type("9")
        session.expect(shows: "There is no race 9 on the board")
        try session.type("?")
        session.expect(shows: "q Esc Ctrl-C  back to the prompt")
        try session.type("q")
        session.expectState("the main screen, the cursor shown") { session.terminalState == (false, true) }
        session.expectPrompt()
        try session.send("C-c")
        session.expectPrompt()
        #expect(session.appProcess == app, "Ctrl-C at the prompt leaves the app running")
        try session.send("C-d")
        session.expectExit(0)
        #expect(session.sttyRestored)
    }

    @Test(
        "every way out gives the terminal back: settings, cursor, main screen",
        arguments: [
            ("quit", 0), ("ctrl-d", 0), ("SIGTERM", 143), ("SIGHUP", 129), ("SIGINT", 130), ("SIGTERM in watch", 143),
            // A crash: the handler gives the terminal back, then the signal ends the app as it would have.
            ("SIGSEGV in watch", 139), ("SIGABRT", 134),
        ])
    func exitPaths(way: String, status: Int32) throws {
        let session = try session()
        defer { session.stop() }
        if way.hasSuffix("in watch") {
            try session.type("watch")
            try session.send("Enter")
            session.expectState("watch's screen") { session.terminalState.alternateScreen }
        }
        switch way {
        case "quit":
            try session.type("quit")
            try session.send("Enter")
        case "ctrl-d":
            try session.send("C-d")
        default:
            let signals = [
                "SIGTERM": SIGTERM, "SIGHUP": SIGHUP, "SIGINT": SIGINT, "SIGSEGV": SIGSEGV, "SIGABRT": SIGABRT,
            ]
            let number = try #require(signals[String(way.prefix { $0 != " " })])
            let process = try #require(session.appProcess)
            kill(process, number)
        }
        session.expectExit(status, way)
        #expect(session.sttyRestored, "\(way): stty changed")
        session.expectState("\(way): the main screen, the cursor shown") { session.terminalState == (false, true) }
    }
}
