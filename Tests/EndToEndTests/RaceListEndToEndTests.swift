import Foundation
import TestSupport
import Testing

/// Runs the real binary with scripted stdin and a pinned clock.
@Suite("next-to-go end to end")
struct RaceListEndToEndTests {
    /// 60 s before the first race of the ten-race feed (Northfield Park R7, 00:30 UTC).
    static let now = "1778718540"
    static let tenRaces = "file:" + Fixtures.url(Fixtures.tenRaces).path

    static let allCategories = [
        "Next to Go - all categories",
        "  1  H  R7   Northfield Park    1m 0s",
        "  2  G  R1   Healesville       10m 0s",
        "  3  H  R4   Flamboro Downs    11m 0s",
        "  4  H  R8   Pocono Downs      14m 0s",
        "  5  G  R3   Ascot Park        15m 0s",
    ]

    @Test("piped REPL: list, filter greyhound, list")
    func pipedSession() throws {
        let run = try BinaryRunner.run(
            ["--source", Self.tenRaces, "--now", Self.now], stdin: "list\nfilter greyhound\nlist\n")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let greyhounds = [
            "Next to Go - greyhound",
            "  1  G  R1   Healesville   10m 0s",
            "  2  G  R3   Ascot Park    15m 0s",
            "  3  G  R2   Cannington    20m 0s",
            "  Only 3 greyhound races to come in the feed.",
        ]
        #expect(run.lines == Self.allCategories + greyhounds + greyhounds)
    }

    @Test("several filters: ties at the same start order by meeting name")
    func combinedFilterAndTies() throws {
        let run = try BinaryRunner.run(
            ["--source", Self.tenRaces, "--now", Self.now], stdin: "filter horse dogs\nfilter clear\n")
        #expect(run.status == 0)
        #expect(
            run.lines == [
                "Next to Go - horse, greyhound",
                "  1  G  R1   Healesville       10m 0s",
                "  2  G  R3   Ascot Park        15m 0s",
                "  3  G  R2   Cannington        20m 0s",
                "  4  T  R1   Pakenham          20m 0s",
                "  5  T  R6   Gulfstream Park   25m 0s",
            ] + Self.allCategories)
    }

    @Test("races that started over a minute before --now are gone")
    func expiredRacesLeave() throws {
        // Healesville R1 started 60 s before; Flamboro Downs R4 0 s before.
        let run = try BinaryRunner.run(["--source", Self.tenRaces, "--now", "1778719200", "list"])
        #expect(run.status == 0)
        #expect(
            run.lines == [
                "Next to Go - all categories",
                "  1  H  R4   Flamboro Downs       0s",
                "  2  H  R8   Pocono Downs      3m 0s",
                "  3  G  R3   Ascot Park        4m 0s",
                "  4  G  R2   Cannington        9m 0s",
                "  5  T  R1   Pakenham          9m 0s",
            ])
    }

    @Test("a race the feed stops listing once it has started keeps its place until 60 s after its start")
    func startedRaceKeepsItsMinute() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("races.json", contents: Fixtures.data(Fixtures.tenRaces))
        // Northfield Park R7 started 10 s before this pinned clock.
        let process = try RunningProcess(
            executable: BinaryRunner.binary,
            arguments: ["--source", "file:\(file.path)", "--now", "1778718610", "--refresh", "0"],
            environment: BinaryRunner.baseEnvironment)
        process.send("list")
        process.expect(shows: "Northfield Park     -10s")
        // The feed as many live APIs answer once a race has jumped: without it.
        var document = try Fixtures.json(Fixtures.tenRaces)
        var body = try #require(document["data"] as? [String: Any])
        var summaries = try #require(body["race_summaries"] as? [String: [String: Any]])
        let started = try #require(summaries.first { $0.value["meeting_name"] as? String == "Northfield Park" }?.key)
        summaries[started] = nil
        body["race_summaries"] = summaries
        body["next_to_go_ids"] = (body["next_to_go_ids"] as? [String])?.filter { $0 != started }
        document["data"] = body
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        process.send("refresh")
        process.send("quit")
        let run = try process.finish()
        #expect(run.status == 0)
        let boards = run.lines.filter { $0.hasPrefix("  1 ") }
        #expect(
            boards == ["  1  H  R7   Northfield Park     -10s", "  1  H  R7   Northfield Park     -10s"],
            "\(run.stdout)")
    }

    @Test(
        "the snapshot fills the board asked for: --count 20 shows 20 races under every filter",
        arguments: [
            "all", "horse", "greyhound", "harness",
        ])
    func snapshotFillsTwenty(filter: String) throws {
        let command = filter == "all" ? ["list"] : ["filter", filter]
        let run = try BinaryRunner.run(["--now", "1772870340", "--count", "20"] + command)
        #expect(run.status == 0)
        let rows = run.lines.filter { $0.range(of: #"^ +\d+  [HGT]  R"#, options: .regularExpression) != nil }
        #expect(rows.count == 20, "\(run.stdout)")
        #expect(!run.stdout.contains("Only "))
    }

    @Test("a board short of races says so; a file whose races have all run says so and suggests replay:")
    func shortAndRunBoards() throws {
        let short = try BinaryRunner.run(["--source", Self.tenRaces, "--now", Self.now, "filter", "greyhound"])
        #expect(short.lines.last == "  Only 3 greyhound races to come in the feed.", "\(short.stdout)")
        let run = try BinaryRunner.run(["--source", Self.tenRaces, "--now", "1778800000", "list"])
        #expect(run.status == 0)
        #expect(
            run.lines == [
                "Next to Go - all categories",
                "  All 10 races in the feed had run before it was read (the last started 2026-05-14T00:59:00Z). Type `next-to-go --source 'replay:\(Fixtures.url(Fixtures.tenRaces).path)'` to replay them against the clock.",
            ])
    }

    @Test("a single command after the options runs and exits")
    func singleCommand() throws {
        let run = try BinaryRunner.run(["--source", Self.tenRaces, "--now", Self.now, "ls"])
        #expect(run.status == 0)
        #expect(run.lines == Self.allCategories)
    }

    /// Saturday 7 March 2026, 11:48 UTC on the race day: two minutes before Romford R4, which is abandoned.
    static let raceDayNow = "1772884080"

    @Test("the default race day is on the wall clock: the same board at the same --now, a day later too")
    func snapshotDefault() throws {
        let first = try BinaryRunner.run(["--now", Self.raceDayNow, "list"])
        let second = try BinaryRunner.run(["--now", Self.raceDayNow], stdin: "list\n")
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.lines.count == 7, "the title, five races and the abandoned race's note; no warning")
        // Each row with its market favourite's price as the race's card has it at that moment.
        #expect(first.lines[checked: 1] == "  1  H  R9   Globe Derby      Fav 3.70    6m 0s")
        #expect(first.lines[checked: 5] == "  5  G  R5   Romford          Fav 1.75   18m 0s")
        #expect(first.lines[checked: 6] == "  Abandoned: R4 Romford.", "its card says so; it takes no place")
        let weekLater = try BinaryRunner.run(["--now", String(Int(Self.raceDayNow)! + 7 * 86_400), "list"])
        #expect(weekLater.stdout == first.stdout)
    }

    @Test("from 120 columns the board gives each race's three shortest prices; `--json list` rows carry them")
    func threeShortestPrices() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let arguments = ["--now", Self.raceDayNow, "--data-dir", data.url.path, "list"]
        let wide = try BinaryRunner.run(arguments, environment: ["COLUMNS": "120", "TZ": "Australia/Adelaide"])
        #expect(wide.status == 0, "\(wide.stderr)")
        // The same favourites as at 80 columns (`Fav 3.70`, `Fav 1.75`), with the next two shortest beside them.
        #expect(wide.lines[checked: 1] == "  1  H  R9   Globe Derby      SA   10:24pm   6@3.70 8@6.50 4@7.00    6m 0s")
        #expect(wide.lines[checked: 5] == "  5  G  R5   Romford          UK   10:36pm   6@1.75 5@4.20 3@7.00   18m 0s")
        let json = try BinaryRunner.run(["--json"] + arguments)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let races = try #require(document["races"] as? [[String: Any]])
        let prices = try #require(races.first?["prices"] as? [[String: Any]])
        #expect(prices.map { $0["number"] as? Int } == [6, 8, 4])
        #expect(prices.map { $0["price"] as? Double } == [3.7, 6.5, 7])
        #expect(races.allSatisfy { ($0["prices"] as? [Any])?.count == 3 })
    }

    @Test("the board's favourite price is the one its sheet marks, in text and JSON, as the market moves to the jump")
    func favouritePriceAgreesWithTheSheet() throws {
        // Turffontein R4 jumps at 11:55 UTC: its market at 7, 3 and 1 minutes before.
        for seconds in [420, 180, 60] {
            let now = String(Int(Self.raceDayNow)! + 360 + 60 - seconds)
            let board = try BinaryRunner.run(["--json", "--now", now, "list"])
            let sheet = try BinaryRunner.run(["--json", "--now", now, "show", "2"])
            #expect(board.status == 0 && sheet.status == 0, "\(board.stderr)\(sheet.stderr)")
            let row = try #require(
                (try JSONSerialization.jsonObject(with: Data(board.stdout.utf8)) as? [String: Any])
                    .flatMap { $0["races"] as? [[String: Any]] }?.dropFirst().first)
            #expect(row["meeting"] as? String == "Turffontein")
            let favourite = try #require(row["marketFavourite"] as? [String: Any], "\(row)")
            let runners = try #require(
                (try JSONSerialization.jsonObject(with: Data(sheet.stdout.utf8)) as? [String: Any])
                    .flatMap { ($0["race"] as? [String: Any])?["runners"] as? [[String: Any]] })
            let marked = try #require(runners.first { $0["marketFavourite"] as? Bool == true }, "\(sheet.stdout)")
            #expect(favourite["number"] as? Int == marked["number"] as? Int)
            #expect(favourite["price"] as? Double == marked["fixedWin"] as? Double)
            let text = try BinaryRunner.run(["--now", now, "list"])
            let price = try #require(favourite["price"] as? Double)
            #expect(
                text.lines[checked: 2]?.contains("Fav " + String(format: "%.2f", price)) == true, "\(text.stdout)")
        }
    }

    @Test("in its last minute a race of the race day reads Closed: run in racing time, its result comes after")
    func standingsOnTheBoard() throws {
        // Globe Derby R9 (a harness race) jumps at 11:54:00 UTC; a harness race takes two minutes or more to run.
        let jump = Int(Self.raceDayNow)! + 360
        let rows = try [10, 30, 50].map { seconds in
            try BinaryRunner.run(["--now", String(jump + seconds), "list"]).lines[checked: 1] ?? ""
        }
        #expect(
            rows == [
                // The market closed at the jump: no price, the other rows' prices before it.
                "  1  H  R9   Globe Derby                Closed -10s",
                "  1  H  R9   Globe Derby                Closed -30s",
                "  1  H  R9   Globe Derby                Closed -50s",
            ])
        let gone = try BinaryRunner.run(["--now", String(jump + 60), "list"])
        #expect(gone.lines.allSatisfy { !$0.contains("Globe Derby") }, "a minute after its start it has left")
    }

    @Test("an unknown command is one line on stderr and the REPL carries on")
    func unknownCommand() throws {
        let run = try BinaryRunner.run(
            ["--source", Self.tenRaces, "--now", Self.now], stdin: "dance\nfilter cats\nlist\n")
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "Unknown command 'dance'. Type `help` to see the commands.\n"
                + "Unknown category 'cats'. Choose from horse, greyhound, harness, or `filter clear`.\n")
        #expect(run.lines == Self.allCategories)
    }

    @Test("quit stops reading; end of input also exits 0")
    func quitAndEOF() throws {
        let quit = try BinaryRunner.run(["--source", Self.tenRaces, "--now", Self.now], stdin: "list\nquit\nlist\n")
        #expect(quit.status == 0)
        #expect(quit.lines == Self.allCategories)
        let silent = try BinaryRunner.run(["--source", Self.tenRaces, "--now", Self.now], stdin: "")
        #expect(silent.status == 0)
        #expect(silent.stdout == "")
        let noNewline = try BinaryRunner.run(["--source", Self.tenRaces, "--now", Self.now], stdin: "q")
        #expect(noNewline.status == 0)
    }

    @Test("watch 2 from a pipe: two boards a second apart, then the next command; watch 1 is one board")
    func watch() throws {
        let one = try BinaryRunner.run(["--source", Self.tenRaces, "--now", Self.now], stdin: "watch 1\n")
        #expect(one.lines == Self.allCategories)
        let started = Date()
        let run = try BinaryRunner.run(["--source", Self.tenRaces, "--now", Self.now], stdin: "watch 2\nfilter dogs\n")
        #expect(run.status == 0)
        #expect(Array(run.lines.prefix(12)) == Self.allCategories + Self.allCategories)
        #expect(run.lines.dropFirst(12).first == "Next to Go - greyhound")
        #expect(Date().timeIntervalSince(started) >= 1)
    }

    @Test("help lists every command")
    func help() throws {
        let run = try BinaryRunner.run(["--source", Self.tenRaces, "help"])
        #expect(run.status == 0)
        for command in [
            "list", "filter CATEGORY...", "filter clear", "show N", "fav N", "favs", "watch [SECONDS]", "refresh",
            "help", "quit",
        ] {
            #expect(run.stdout.contains("  \(command) "), "\(command)")
        }
    }

    @Test("refresh re-reads the source")
    func refresh() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("races.json", contents: Data("{}".utf8))
        // The file is replaced between the two commands by a shell pipeline.
        let pipeline =
            "{ printf 'list\\n'; sleep 1; cp '\(Fixtures.url(Fixtures.fiveRaces).path)' '\(file.path)'; printf 'refresh\\n'; }"
            + " | '\(BinaryRunner.binary.path)' --source 'file:\(file.path)' --now 1775887190"
        let run = try BinaryRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", pipeline], stdin: "", environment: [:],
            timeout: 60)
        #expect(run.status == 0)
        #expect(run.stderr.contains("it has no `data` object"))
        #expect(run.lines.first == "Next to Go - all categories")
        try #require(run.lines.count == 6)
        #expect(run.lines[checked: 1] == "  1  G  R7   Angle Park        10s")
    }
}

@Suite("next-to-go errors and exit codes")
struct ErrorEndToEndTests {
    @Test(
        "a missing file: exit 69, message names the file; a single command is told to run again, the shell to refresh")
    func missingFile() throws {
        let run = try BinaryRunner.run(["--source", "file:/nonexistent/races.json", "list"])
        #expect(run.status == 69)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "Could not read races from file /nonexistent/races.json: no such file.\nRun the command again to retry.\n"
        )
        let shell = try BinaryRunner.run(["--source", "file:/nonexistent/races.json"], stdin: "list\n")
        #expect(shell.stderr.hasSuffix("no such file.\nType `refresh` to retry.\n"))
    }

    @Test("a file that is not a feed: exit 65")
    func badData() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("races.json", contents: Data("<html>oops</html>".utf8))
        let run = try BinaryRunner.run(["--source", "file:\(file.path)", "list"])
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("The races from file \(file.path) are not a usable feed: it is HTML, not JSON"))
    }

    @Test("the REPL survives a bad source and exits 0 at the end")
    func replSurvives() throws {
        let run = try BinaryRunner.run(["--source", "file:/nonexistent/races.json"], stdin: "list\nhelp\nrefresh\n")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Commands:"))
        #expect(run.stderr.components(separatedBy: "Type `refresh` to retry.").count == 3)
    }

    @Test("help in a pipe: lines whole, or wrapped under their descriptions to the width COLUMNS asks for")
    func helpInAPipe() throws {
        let arguments = ["--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now]
        let whole = try BinaryRunner.run(arguments, stdin: "help\n").stdout.split(separator: "\n")
        #expect(whole.contains { $0.count > 80 }, "one line a command")
        for columns in [40, 60] {
            let narrow = try BinaryRunner.run(arguments, stdin: "help\n", environment: ["COLUMNS": String(columns)])
            let lines = narrow.stdout.split(separator: "\n")
            #expect(lines.count > whole.count && lines.allSatisfy { $0.count <= columns }, "\(narrow.stdout)")
        }
        // At 40 there is no room for two columns: each command on its line, what it does under it.
        let forty = try BinaryRunner.run(arguments, stdin: "help\n", environment: ["COLUMNS": "40"]).stdout
        #expect(forty.contains("\n  movers\n      the market's biggest moves in the\n"), "\(forty)")
        // At 60 the descriptions' column (27) is in the left half: a description goes on under it.
        let sixty = try BinaryRunner.run(arguments, stdin: "help\n", environment: ["COLUMNS": "60"]).stdout
        let lines = sixty.split(separator: "\n").map(String.init)
        let movers = try #require(lines.firstIndex { $0.hasPrefix("  movers") })
        let column = try #require(lines[movers].range(of: "the market")).lowerBound.utf16Offset(in: lines[movers])
        #expect(lines[movers + 1].prefix(column).allSatisfy { $0 == " " }, "\(sixty)")
    }

    @Test("help ends with what the codes' letters stand for, whole in 40 columns; --help and the manual say it too")
    func helpLegend() throws {
        let arguments = ["--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now]
        let legend = "Codes:\n  T thoroughbred, H harness, G greyhound\n"
        let piped = try BinaryRunner.run(arguments, stdin: "help\n")
        #expect(piped.stdout.hasSuffix(legend), "\(piped.stdout)")
        let narrow = try BinaryRunner.run(arguments, stdin: "help\n", environment: ["COLUMNS": "40"])
        #expect(narrow.stdout.hasSuffix(legend), "\(narrow.stdout)")
        let usage = try BinaryRunner.run(["--help"])
        #expect(usage.stdout.contains("T thoroughbred, H harness, G greyhound"), "\(usage.stdout)")
        let manual = try BinaryRunner.run(["--man"])
        #expect(manual.stdout.contains("T thoroughbred, H harness, G greyhound"))
    }

    @Test(
        "usage errors: exit 64 with a message pointing at --help",
        arguments: [
            (["--bogus"], "next-to-go: unknown option '--bogus'. Run `next-to-go --help` for usage.\n"),
            (
                ["--now", "soon"],
                "next-to-go: --now 'soon' is not valid: expected Unix seconds from 946684800 (2000) to 4102444800 (2100), e.g. 1748310000. Run `next-to-go --help` for usage.\n"
            ),
            (["--source"], "next-to-go: --source needs a value. Run `next-to-go --help` for usage.\n"),
            (
                ["--source", "ftp://x"],
                "next-to-go: --source 'ftp://x' is not valid: expected snapshot, neds, file:PATH, replay:PATH, script:PATH or an http(s):// URL. Run `next-to-go --help` for usage.\n"
            ),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let run = try BinaryRunner.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr == message)
        #expect(run.stdout == "")
    }

    @Test("an unknown single command exits 64")
    func unknownSingleCommand() throws {
        let run = try BinaryRunner.run(["dance"])
        #expect(run.status == 64)
        #expect(run.stderr == "Unknown command 'dance'. Type `help` to see the commands.\n")
    }

    @Test("--help documents every option and command; --version")
    func helpAndVersion() throws {
        let help = try BinaryRunner.run(["--help"])
        #expect(help.status == 0)
        for word in [
            "--source", "--now", "--data-dir", "--help", "--version", "file:PATH", "snapshot", "list", "filter",
            "show N", "fav N", "favs", "unfav N", "watch [SECONDS]", "back", "refresh", "quit", "NO_COLOR",
        ] {
            #expect(help.stdout.contains(word), "\(word)")
        }
        #expect(help.stdout.unicodeScalars.allSatisfy { $0.isASCII })
        let version = try BinaryRunner.run(["--version"])
        #expect(version.stdout == "next-to-go 0.1.0\n")
    }

    @Test("control characters in the data never reach the output")
    func hostileData() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let data = try Fixtures.editedSummaries(Fixtures.fiveRaces) { _, summary in
            summary["meeting_name"] = "Evil\u{1B}[2J\u{1B}]0;title\u{07}Park\u{9B}31m"
        }
        let file = try directory.file("races.json", contents: data)
        let run = try BinaryRunner.run(["--source", "file:\(file.path)", "--now", "1775887190", "list"])
        #expect(run.status == 0)
        #expect(!run.stdout.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        #expect(run.lines[checked: 1]?.contains("Evil[2J]0;titlePark31m") == true)
    }
}

/// A real pseudo-terminal (util-linux `script`), to see what a person sees.
@Suite(
    "next-to-go on a terminal",
    .enabled(if: HostCapabilities.hasUtilLinuxScript, "needs util-linux's script (CI has it)"))
struct TerminalEndToEndTests {
    static let script = URL(fileURLWithPath: "/usr/bin/script")

    private func runOnTerminal(_ environment: [String: String]) throws -> String {
        try runOnTerminal(options: "list", stdin: "", environment: environment)
    }

    /// The app on a pseudo-terminal with the ten-race feed and a pinned clock: `options` after those.
    private func runOnTerminal(options: String, stdin: String, environment: [String: String]) throws -> String {
        let command =
            "'\(BinaryRunner.binary.path)' --source '\(RaceListEndToEndTests.tenRaces)' --now \(RaceListEndToEndTests.now) \(options)"
        let run = try BinaryRunner.run(
            executable: Self.script, arguments: ["-qec", command, "/dev/null"], stdin: stdin, environment: environment,
            timeout: 60)
        #expect(run.status == 0)
        return run.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test(
        "a UTF-8 colour terminal gets glyphs and colour")
    func colourTerminal() throws {
        let screen = try runOnTerminal(["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        #expect(screen.contains("\u{1B}[1mNext to Go\u{1B}[0m · all categories"))
        #expect(screen.contains("  1  🐎  R7   Northfield Park  \u{1B}[33m  1m 0s\u{1B}[0m"))
        #expect(screen.contains("🐕"))
    }

    @Test(
        "NO_COLOR keeps glyphs but drops colour")
    func noColour() throws {
        let screen = try runOnTerminal(["TERM": "xterm-256color", "LANG": "C.UTF-8", "NO_COLOR": "1"])
        #expect(!screen.contains("\u{1B}"))
        #expect(screen.contains("  1  🐎  R7   Northfield Park    1m 0s"))
    }

    @Test(
        "--no-color drops colour as NO_COLOR does")
    func noColourOption() throws {
        let screen = try runOnTerminal(
            options: "--no-color list", stdin: "", environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        #expect(!screen.contains("\u{1B}"))
        #expect(screen.contains("  1  🐎  R7   Northfield Park    1m 0s"))
    }

    @Test("TERM=dumb is plain ASCII")
    func dumbTerminal() throws {
        let screen = try runOnTerminal(["TERM": "dumb", "LANG": "C.UTF-8"])
        #expect(
            screen.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "\n" || !$0.properties.isWhitespace || $0 == " ") })
        #expect(screen.contains("  1  H  R7   Northfield Park    1m 0s"))
    }

    @Test(
        "at a terminal that cannot move the cursor (TERM=dumb), the shell still draws the board before its first prompt"
    )
    func dumbTerminalShell() throws {
        let screen = try runOnTerminal(options: "", stdin: "quit\n", environment: ["TERM": "dumb", "LANG": "C.UTF-8"])
        let board = try #require(screen.range(of: "Next to Go - all categories\n  1  H  R7   Northfield Park"))
        let prompt = try #require(screen.range(of: "next-to-go> "))
        #expect(board.lowerBound < prompt.lowerBound, "\(screen)")
    }
}
