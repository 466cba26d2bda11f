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
        try #require(session.waitFor("next-to-go>"), "no prompt: \(session.screen)")
        return session
    }

    @Test("help fits a narrow window: the command list wraps under its descriptions' column")
    func helpWrapsToWindow() throws {
        let session = try session(columns: 60, rows: 50)
        defer { session.stop() }
        try session.type("help")
        try session.send("Enter")
        #expect(session.waitFor("  quit"), "\(session.screen)")
        let lines = session.lines
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(session.screen)")
        let favs = try #require(lines.firstIndex { $0.hasPrefix("  favs ") })
        let column = try #require(lines[favs].range(of: "show your")).lowerBound.utf16Offset(in: lines[favs])
        #expect(
            lines[checked: favs + 1].map { $0.prefix(column).allSatisfy { $0 == " " } && $0.count > column } == true,
            "\(session.screen)")
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
        #expect(session.waitFor("next-to-go> x👍🏽🇳🇿\u{1100}\u{1161}e\u{301}"), "\(session.screen)")
        try session.send("End", "C-u")
        try session.type("quit")
        try session.send("Enter")
        #expect(session.waitForExit() == 0, "\(session.screen)")
    }

    @Test("Tab with several choices: the first rings the bell, the second lists them, a third does not list again")
    func tabChoices() throws {
        let session = try session()
        defer { session.stop() }
        try session.type("fav")
        try session.send("Tab")
        Thread.sleep(forTimeInterval: 0.5)
        let choices = "fav  favs  favourites  favorites"
        #expect(!session.screen.contains(choices), "\(session.screen)")
        try session.send("Tab")
        #expect(session.waitFor(choices), "\(session.screen)")
        try session.send("Tab")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(session.screen.components(separatedBy: choices).count == 2, "listed once: \(session.screen)")
        #expect(session.lines.last == "next-to-go> fav", "\(session.screen)")
    }

    @Test("`save` at the prompt: the next start at a terminal has the same filter, region, count and alert")
    func saveAtThePrompt() throws {
        let first = try session()
        defer { first.stop() }
        for command in ["filter dogs", "region nz", "count 3", "alert 10", "save"] {
            try first.type(command)
            try first.send("Enter")
        }
        #expect(first.waitFor("Saved filter greyhound, region nz, count 3, alert 10 to"), "\(first.screen)")
        let config = first.directory.url.appendingPathComponent("config/next-to-go/config")
        #expect(
            try String(contentsOf: config, encoding: .utf8).hasSuffix(
                "filter = greyhound\nregion = nz\ncount = 3\nalert = 10\n"))
        try first.type("quit")
        try first.send("Enter")
        #expect(first.waitForExit() == 0)
        let second = try session(
            Self.pinned, environment: ["XDG_CONFIG_HOME": first.directory.url.appendingPathComponent("config").path])
        defer { second.stop() }
        #expect(second.waitFor("Next to Go · greyhound · New Zealand"), "\(second.screen)")
        try second.type("save")
        try second.send("Enter")
        #expect(second.waitFor("Saved filter greyhound, region nz, count 3, alert 10 to"), "\(second.screen)")
    }

    @Test("watch in a narrow window shows the shorter key line that fits, `? keys` included")
    func watchHintFitsWindow() throws {
        let session = try session(columns: 60, rows: 20)
        defer { session.stop() }
        try session.type("watch")
        try session.send("Enter")
        #expect(session.waitFor("q leave | 1-9 | b back | h g t a | f+N | / | r | ? keys"), "\(session.screen)")
        try session.send("q")
        #expect(session.waitFor("next-to-go>"))
    }

    @Test("history is recalled with Up, across runs; Tab completes; Ctrl-C drops the line and the app stays")
    func historyAndCompletion() throws {
        let first = try session()
        try first.type("filter harness")
        try first.send("Enter")
        #expect(first.waitFor("Next to Go · harness"))
        try first.type("quit")
        try first.send("Enter")
        #expect(first.waitForExit() == 0)
        let state = first.directory.url.appendingPathComponent("state/next-to-go/history")
        #expect(try String(contentsOf: state, encoding: .utf8) == "filter harness\nquit\n")

        // A second run with the same state directory recalls the first run's lines.
        let second = try TerminalSession(
            arguments: Self.pinned,
            environment: ["XDG_STATE_HOME": first.directory.url.appendingPathComponent("state").path])
        defer { second.stop() }
        #expect(second.waitFor("next-to-go>"))
        try second.send("Up", "Up")
        #expect(second.waitFor("next-to-go> filter harness"))
        try second.send("C-c")
        #expect(second.waitUntil { second.lines.last == "next-to-go>" })
        try second.type("fil")
        try second.send("Tab")
        try second.type("gr")
        try second.send("Tab")
        // capture-pane drops the space completion put after the word.
        #expect(second.waitUntil { second.lines.last == "next-to-go> filter greyhound" }, "\(second.screen)")
        try second.send("Enter")
        #expect(second.waitFor("Next to Go · greyhound"))
        #expect(second.appProcess != nil, "still running after Ctrl-C")
        try second.send("C-d")
        #expect(second.waitForExit() == 0)
        #expect(second.sttyRestored)
        first.stop()
    }

    @Test("Ctrl-C on an empty prompt says how to leave, and the app stays")
    func interruptAtEmptyPrompt() throws {
        let session = try session(["--refresh", "0"])
        defer { session.stop() }
        try session.send("C-c")
        #expect(session.waitFor("To leave, type `quit` or press Ctrl-D."), "\(session.screen)")
        #expect(session.waitUntil { session.lines.last == "next-to-go>" }, "\(session.screen)")
        #expect(session.appProcess != nil, "still running after Ctrl-C")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    @Test("at 40 columns an error is broken between words, not mid-word where the terminal would break it")
    func errorsWrapAtWords() throws {
        // A URL of 44 characters puts "connection" across the 80th column, where the terminal would cut it.
        let url = "http://127.0.0.1:9/abcdefghijklmnopqrstuvwxy"
        let session = try session(["--source", url, "--refresh", "0"], columns: 40)
        defer { session.stop() }
        #expect(session.waitFor("refused"), "\(session.screen)")
        let lines = session.lines
        #expect(lines.contains { $0.hasSuffix(" connection refused.") }, "\(session.screen)")
        #expect(!lines.contains { $0.hasSuffix("connecti") }, "\(session.screen)")
        #expect(lines.allSatisfy { $0.count <= 40 })
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    @Test("at 40 columns the greeting and the loading line are broken between words too")
    func startLinesWrapAtWords() throws {
        let session = try session(["--refresh", "0"], columns: 40)
        defer { session.stop() }
        #expect(session.waitFor("Next to Go"), "\(session.screen)")
        let lines = session.lines
        #expect(lines.contains("Loading races from the embedded snapshot"), "\(session.screen)")
        #expect(lines.contains("(replayed)..."), "\(session.screen)")
        #expect(
            !lines.prefix(4).contains { $0.hasPrefix(" ") }, "no line begins with the space of a cut: \(session.screen)"
        )
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
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
        #expect(live.waitUntil { Self.boardRaces(live.lines).count == 5 }, "\(live.screen)")
        // Started seconds later, on the same clock: the same races, unless one left the board in between.
        var agree = false
        for _ in 0..<3 where !agree {
            let oneShot = try BinaryRunner.run(["--data-dir", data.url.path, "list"])
            agree = Self.boardRaces(oneShot.lines) == Self.boardRaces(live.lines)
        }
        #expect(agree, "\(live.screen)")
        // The fifth race is the last to leave: a favourite set by a one-shot command is marked in the live copy.
        let fifth = try #require(Self.boardRaces(live.lines).last)
        let saved = try BinaryRunner.run(["--data-dir", data.url.path, "fav", "5"])
        #expect(saved.status == 0, "\(saved.stderr)")
        let marked = { (session: TerminalSession) in
            session.lines.contains {
                $0.contains(fifth.split(separator: " ").dropFirst().joined(separator: " ")) && $0.hasSuffix("♥")
            }
        }
        #expect(live.waitUntil { marked(live) }, "\(fifth) not marked: \(live.screen)")
        try live.send("C-d")
        #expect(live.waitForExit() == 0)
        // And after a restart.
        let restarted = try session(arguments)
        defer { restarted.stop() }
        #expect(restarted.waitUntil { marked(restarted) }, "\(fifth) not marked after a restart: \(restarted.screen)")
        try restarted.send("C-d")
        #expect(restarted.waitForExit() == 0)
    }

    @Test("the status line moves on with no key pressed, and a favourite near its start alerts above the prompt")
    func statusAndAlert() throws {
        // The race day on the real clock: whatever race is first, it is within a day's alert lead.
        let session = try session(["--refresh", "0", "--alert", "1440"])
        defer { session.stop() }
        let status = { session.lines.first { $0.hasPrefix("Next: ") } ?? "" }
        #expect(session.waitUntil { !status().isEmpty })
        let first = status()
        #expect(session.waitUntil(timeout: 5) { status() != first && !status().isEmpty }, "status stuck at \(first)")
        try session.type("fav 1")
        try session.send("Enter")
        #expect(session.waitFor("⏰ R"), "no alert: \(session.screen)")
        // The command's board follows the alert; then the status line and the prompt come back under it.
        #expect(session.waitUntil { session.lines.last?.hasPrefix("next-to-go>") == true }, "\(session.screen)")
        #expect(session.waitUntil { session.lines.dropLast().last?.hasPrefix("Next: ") == true }, "\(session.screen)")
        try session.type("quit")
        try session.send("Enter")
        #expect(session.waitForExit() == 0)
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
        #expect(session.waitFor("holds the favourites", timeout: 10), "\(session.screen)")
        #expect(session.waitUntil { session.lines.last == "next-to-go>" }, "the prompt is back: \(session.screen)")
        holder.kill()
        try session.type("fav 2")
        try session.send("Enter")
        #expect(session.waitFor("Healesville       10m 0s  ♥"), "\(session.screen)")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
        #expect(
            try String(contentsOf: data.url.appendingPathComponent("favourites.json"), encoding: .utf8).contains(
                "Healesville"))
    }

    @Test("while a slow automatic fetch is out, show N, back and fav answer at once from the races on hand")
    func commandsDoNotWaitForSlowFetch() throws {
        // The first fetch is answered at once, every later one after 20 s.
        let server = try FixtureServer(folder: Fixtures.directory, delay: 20)
        defer { server.stop() }
        let session = try session([
            "--source", server.url("slow-later/" + Fixtures.tenRaces), "--now", RaceListEndToEndTests.now,
            "--refresh", "1", "--timeout", "60", "--connect-timeout", "60",
        ])
        defer { session.stop() }
        #expect(session.waitFor("Northfield Park"))
        // The automatic fetch a second later is out, and will be for 20 s.
        Thread.sleep(forTimeInterval: 2)
        let started = Date()
        try session.type("show 3")
        try session.send("Enter")
        #expect(session.waitFor("Flamboro Downs R4 ·", timeout: 10), "\(session.screen)")
        try session.type("back")
        try session.send("Enter")
        #expect(
            session.waitUntil(timeout: 10) {
                session.lines.last == "next-to-go>" && session.screen.contains("next-to-go> back\nNext to Go")
            }, "\(session.screen)")
        #expect(session.screen.contains("fetching..."), "the automatic fetch is still out")
        #expect(Date().timeIntervalSince(started) < 10, "answered before the slow fetch came back")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    @Test("Ctrl-Z gives the terminal back, then stops; continued, raw mode and the prompt are back: arrows, Ctrl-C")
    func suspendAndResume() throws {
        let session = try session()
        defer { session.stop() }
        let app = try #require(session.appProcess)
        #expect(session.isRaw)
        try session.send("C-z")
        #expect(session.waitUntil { TerminalSession.state(of: app) == "T" }, "stopped")
        #expect(!session.isRaw, "the terminal as the shell expects it: \(session.terminalSettings)")
        kill(app, SIGCONT)  // what the shell's `fg` sends
        #expect(session.waitUntil { session.isRaw }, "raw mode again")
        try session.type("abc")
        try session.send("Left")
        try session.type("Z")
        #expect(session.waitUntil { session.lines.last == "next-to-go> abZc" }, "\(session.screen)")
        try session.send("C-c")
        #expect(session.waitUntil { session.lines.last == "next-to-go>" }, "Ctrl-C drops the line")
        #expect(session.appProcess == app, "and the app stays")

        // Stopped and continued from outside, where nothing can be done before the stop.
        kill(app, SIGSTOP)
        #expect(session.waitUntil { TerminalSession.state(of: app) == "T" })
        kill(app, SIGCONT)
        try session.type("xy")
        try session.send("Left")
        try session.type("Q")
        #expect(session.waitUntil { session.lines.last == "next-to-go> xQy" }, "\(session.screen)")
        try session.send("C-e", "C-u")

        // In watch: the main screen and the cursor while stopped; the watch screen again after.
        try session.type("watch")
        try session.send("Enter")
        #expect(session.waitUntil { session.terminalState.alternateScreen })
        try session.send("C-z")
        #expect(session.waitUntil { TerminalSession.state(of: app) == "T" })
        #expect(session.terminalState == (false, true), "main screen, cursor shown")
        kill(app, SIGCONT)
        #expect(session.waitUntil { session.terminalState == (true, false) }, "watch's screen again")
        #expect(session.waitFor("Next to Go"), "the frame drawn again: \(session.screen)")
        try session.send("q")
        #expect(session.waitUntil { !session.terminalState.alternateScreen })
        try session.type("quit")
        try session.send("Enter")
        #expect(session.waitForExit() == 0)
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
        #expect(session.waitFor("connection refused"), "\(session.screen)")
        let server = try FixtureServer(port: port)
        defer { server.stop() }
        // The retries come 2, 4, 8 s after the failures.
        #expect(session.waitFor("Northfield Park", timeout: 30), "\(session.screen)")
        #expect(session.screen.contains("Refresh works again"))
        #expect(session.lines.last == "next-to-go>", "the prompt under it")
        try session.type("quit")
        try session.send("Enter")
        #expect(session.waitForExit() == 0)
    }

    @Test("watch takes the screen, answers keys, and q gives the prompt back on the main screen")
    func watchKeys() throws {
        let session = try session()
        defer { session.stop() }
        try session.type("watch")
        try session.send("Enter")
        #expect(session.waitFor("q leave"))
        #expect(session.terminalState.alternateScreen)
        #expect(!session.terminalState.cursorVisible)
        try session.type("g")
        #expect(session.waitFor("Next to Go · greyhound"))
        try session.type("1")
        #expect(session.waitFor("Category   greyhound"))
        try session.type("b")
        #expect(session.waitUntil { !session.screen.contains("Category ") })
        try session.type("9")
        #expect(session.waitFor("There is no race 9 on the board"))
        try session.type("?")
        #expect(session.waitFor("q Esc Ctrl-C  back to the prompt"))
        try session.type("q")
        #expect(session.waitUntil { !session.terminalState.alternateScreen })
        #expect(session.terminalState.cursorVisible)
        #expect(session.waitUntil { session.lines.last == "next-to-go>" })
        try session.send("C-c")
        #expect(session.appProcess != nil)
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
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
            #expect(session.waitUntil { session.terminalState.alternateScreen })
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
        #expect(session.waitForExit() == status, "\(way)")
        #expect(session.sttyRestored, "\(way): stty changed")
        #expect(!session.terminalState.alternateScreen, "\(way): still on the alternate screen")
        #expect(session.terminalState.cursorVisible, "\(way): cursor hidden")
    }
}
