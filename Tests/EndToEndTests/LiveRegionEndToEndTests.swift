import Foundation
import TestSupport
import Testing

/// The board above the prompt is live: it is drawn again in place as each second turns, with no key pressed.
extension LiveTerminalEndToEndTests {
    /// The row of the board's race 1: "  1  🏇  R5   Moonee Valley    1m 57s".
    private static func firstRow(_ lines: [String]) -> String? {
        lines.first { $0.hasPrefix("  1  ") || $0.hasPrefix("   1  ") }
    }

    /// The evening feed replayed from the real clock's now, its board on screen: the race day's board depends on
    /// the hour (at some its first five rows had all jumped, and no row counted down).
    private func replaySession(columns: Int = 90, rows: Int = 30, count: Int = 5) throws -> TerminalSession {
        let session = try session(Self.eveningFromNow + ["--count", String(count)], columns: columns, rows: rows)
        session.expect("a board") { Self.firstRow($0.lines) != nil }
        return session
    }

    /// The ten races from a server that answers the first fetch at once and every later one after 3 s.
    private func slowLaterSession() throws -> (FixtureServer, TerminalSession) {
        let server = try FixtureServer(folder: Fixtures.directory, delay: 3)
        do {
            let session = try session([
                "--source", server.url("slow-later/" + Fixtures.tenRaces), "--now", RaceListEndToEndTests.now,
                "--refresh", "0",
            ])
            return (server, session)
        } catch {
            server.stop()
            throw error
        }
    }

    @Test("the board at the prompt ticks with no key pressed, and always agrees with the status line")
    func boardTicksWithStatus() throws {
        let session = try replaySession()
        defer { session.stop() }
        let before = session.screen(when: "a board") { Self.firstRow($0.lines) != nil }.lines
        session.expect("the first row ticks on") { Self.firstRow($0.lines) != Self.firstRow(before) }
        for _ in 0..<3 {
            // A whole screen: one caught in the middle of a redraw (rows written, the status line not yet) is no
            // sample of what a person sees.
            let lines = session.screen(when: "a whole board: five rows, the status line and the prompt") {
                $0.lines.last == "next-to-go>" && $0.lines.contains { $0.hasPrefix("Next: ") }
                    && $0.lines.contains { $0.range(of: #"^ {2,3}5  "#, options: .regularExpression) != nil }
            }.lines
            // The first race still to jump: one at its start second or that jumped within the minute stays above
            // it (`0s`, `-20s`, `Closed -5s`), and the status line names the next.
            let rows = lines.filter { $0.range(of: #"^ {2,3}\d{1,2}  "#, options: .regularExpression) != nil }
            let row = try #require(
                rows.first { row in
                    row.range(of: #"( -\d+s| 0s)$|(Closed|Interim|Final) "#, options: .regularExpression) == nil
                })
            let status = try #require(lines.first { $0.hasPrefix("Next: ") })
            // "Next: R5 Moonee Valley (horse) in 1m 57s · updated 2s ago": the same countdown as that race's row.
            let countdown = try #require(status.range(of: " in ").map { status[$0.upperBound...] })
            let seconds = countdown.prefix { $0 != "·" }.trimmingCharacters(in: .whitespaces)
            #expect(row.hasSuffix(" " + seconds), "row \(row) against \(status)")
            #expect(lines.filter { $0.contains("Next to Go ·") }.count == 1, "one board: \(lines)")
            usleep(700_000)
        }
        try session.type("quit")
        try session.send("Enter")
        session.expectExit(0)
    }

    @Test("a race that leaves is replaced in place: one board on screen, the next race moved up into it")
    func raceLeavingReplacedInPlace() throws {
        let now = Date().timeIntervalSince1970.rounded(.down)
        var index = 0
        var meetings: [String] = []
        // Race 1 jumped 50 s ago and leaves the board in about 10 s; the rest follow a minute apart.
        let feed = try Fixtures.editedSummaries(Fixtures.tenRaces) { _, summary in
            summary["advertised_start"] = ["seconds": Int(index == 0 ? now - 50 : now + 30 + 60 * Double(index))]
            meetings.append(summary["meeting_name"] as? String ?? "")
            index += 1
        }
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let file = try data.file("feed.json", contents: feed)
        let session = try session(["--source", "file:" + file.path, "--refresh", "0"])
        defer { session.stop() }
        let (leaving, arriving) = (meetings[0], meetings[5])
        session.expect("\(leaving) on the board, \(arriving) not yet") {
            $0.contains(leaving) && !$0.contains(arriving) && $0.lines.last == "next-to-go>"
        }
        let screen = session.screen(when: "\(arriving) moved up, the prompt under it") {
            $0.contains(arriving) && $0.lines.last == "next-to-go>"
        }
        #expect(screen.count(of: "Next to Go ·") == 1, "one board: \(screen.text)")
        let rows = screen.lines.filter { $0.hasPrefix("  ") && $0.contains(" R") }
        #expect(rows.count == 5, "\(screen.text)")
        #expect(!rows.contains { $0.contains(leaving) }, "\(screen.text)")
        #expect(rows.first?.contains(meetings[1]) == true, "\(screen.text)")
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("a window shorter than the board: the board is cut to fit, saying how many rows are hidden")
    func windowShorterThanBoard() throws {
        let session = try session(Self.pinned + ["--count", "10"], rows: 30)
        defer { session.stop() }
        session.expect(shows: "Alexandra Park")
        try session.resize(columns: 90, rows: 9)
        session.expect("the board cut to 9 rows, its top kept, the prompt under it") {
            $0.contains("more rows hidden: the window is too short") && $0.lines.count <= 9
                && $0.lines.first?.hasPrefix("Next to Go") == true && $0.lines.last == "next-to-go>"
        }
        // Taller again: the whole board is back.
        try session.resize(columns: 90, rows: 30)
        session.expect("the whole board again") { !$0.contains("hidden") && $0.contains("Alexandra Park") }
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("help leaves the board in the scrollback as it stood; the next board drawn is live in its place")
    func otherOutputFreezesTheBoard() throws {
        // Tall enough for the board, help's lines and the prompt, so the board stays in sight.
        let session = try replaySession(rows: 40)
        defer { session.stop() }
        try session.type("help")
        try session.send("Enter")
        let helped = session.screen(when: "help, the prompt under it") {
            $0.contains("Commands:") && $0.lines.last == "next-to-go>"
        }
        let frozen = Self.firstRow(helped.lines)
        let status = helped.lines.first { $0.hasPrefix("Next: ") }
        // The status line moves on; the board above help does not.
        session.expect("the status line moves on, the board above help stays as it stood") {
            $0.lines.first { $0.hasPrefix("Next: ") } != status && Self.firstRow($0.lines) == frozen
        }
        session.expectThroughout("the board above help stays as it stood", for: 2) { Self.firstRow($0.lines) == frozen }
        try session.type("list")
        try session.send("Enter")
        let listed = session.screen(when: "the board under `list`") {
            $0.contains("next-to-go> list\nNext to Go") && $0.lines.last == "next-to-go>"
        }
        let live = Self.firstRow(listed.lines.suffix(10))
        session.expect("the new board ticks") { Self.firstRow($0.lines.suffix(10)) != live }
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("keys typed while the board is drawn again are all there, in order, and the line runs as typed")
    func typingWhileRedrawing() throws {
        let session = try replaySession()
        defer { session.stop() }
        // A key every 0.15 s for about 3 s: several redraws fall between keys.
        for character in "search Wentworth Park" {
            try session.type(String(character))
            usleep(150_000)
        }
        session.expectPrompt("next-to-go> search Wentworth Park")
        try session.send("Enter")
        session.expect(shows: "all categories · \"Wentworth Park\"")
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test(
        "a refresh that keeps the user waiting shows the status while it waits, then only the board and one status line"
    )
    func slowRefreshStatusOnce() throws {
        let (server, session) = try slowLaterSession()
        defer { server.stop() }
        defer { session.stop() }
        session.expect(shows: "Northfield Park")
        try session.type("refresh")
        try session.send("Enter")
        session.expect(shows: "fetching...")
        let screen = session.screen(when: "the refresh done, the prompt under it") {
            $0.lines.last == "next-to-go>" && !$0.contains("fetching...")
        }
        #expect(screen.count(of: "Next: ") == 1, "one status line: \(screen.text)")
        #expect(screen.lines.dropLast().last?.hasPrefix("Next: ") == true, "\(screen.text)")
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("watch in a window shorter than the board scrolls, says what is hidden, and a number reaches any row")
    func watchFitsItsWindow() throws {
        // The evening feed replayed from now: the race day's board at some hours has a race just gone or an
        // abandoned one, each a line more.
        let session = try session(Self.eveningFromNow + ["--count", "20"], rows: 16)
        defer { session.stop() }
        try session.type("watch")
        try session.send("Enter")
        // 13 of the 20 rows in the room, and below them 7 rows and the note of the summaries the feed left out.
        session.expect("the rows that fit, and what is hidden below") {
            $0.contains("… 8 more: ↓ or j scrolls") && $0.lines.count <= 16
        }
        // A board of 20: 1 could be the start of 12, so it waits; 2 then 0 is race 20, past the window's end.
        try session.type("2")
        session.expect(shows: "show 2_  Enter opens")
        try session.type("0")
        // The sheet is scrolled into view, under the board it was opened over.
        session.expect("race 20's sheet, scrolled into view") {
            $0.contains("Category ") && $0.lines.contains { $0.hasPrefix("  In favourites  no") }
        }
        try session.type("b")
        session.expect("the board again") { !$0.contains("Category ") && $0.contains("   1  ") }
        try session.type("2")
        try session.send("Enter")
        session.expect(shows: "Category ")
        try session.type("b")
        for _ in 0..<9 { try session.type("j") }
        session.expect("scrolled to the end, what is above said") {
            $0.contains("  20  ") && $0.contains("above: ↑ or k scrolls back") && !$0.contains("   1  🏇")
        }
        try session.type("q")
        session.expectPrompt()
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("watch: r shows Refreshing... while the refresh is out, the clock still ticking, and clears it when done")
    func watchRefreshingClears() throws {
        let (server, session) = try slowLaterSession()
        defer { server.stop() }
        defer { session.stop() }
        try session.type("watch")
        try session.send("Enter")
        session.expect(shows: "q leave")
        try session.type("r")
        session.expect(shows: "Refreshing...")
        session.expect("Refreshing... cleared, the board there") {
            !$0.contains("Refreshing...") && $0.contains("Northfield Park")
        }
        try session.type("q")
        session.expectPrompt()
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("a wide window's live board says where and when each race starts, in local time; narrowed, the compact rows")
    func wideLiveBoard() throws {
        let session = try session(
            ["--refresh", "0"], environment: ["TZ": "Australia/Sydney"], columns: 120, rows: 30)
        defer { session.stop() }
        // "  1  🏇  R5   Moonee Valley   VIC   7:42pm  3@2.60 7@4.00 1@5.50    1m 57s" (the three shortest prices
        // from 120 columns); on the real clock the first may have jumped (`-20s`, no price), and say how it stands
        // (`Final 2-4-7 -50s`) and who won (`  Velvet Lantern`).
        let countdown = #"((Closed|Interim|Final)( [0-9-]+)? )?-?\d+s|(\d+h )?\d+m( \d+s)?"#
        let price = #"((\d+@\d+\.\d\d ?){1,3}\s+)?"#
        let wideRow = #"^  1  .+  [A-Z]{2,3}\s+\d{1,2}:\d{2}(am|pm)\s+"# + price + "(" + countdown + #")(  \S.*)?$"#
        let isWide = { (screen: Screen) in
            Self.firstRow(screen.lines)?.range(of: wideRow, options: .regularExpression) != nil
        }
        let before = Self.firstRow(session.screen(when: "a wide first row", isWide).lines)
        session.expect("it ticks, still wide") { isWide($0) && Self.firstRow($0.lines) != before }
        try session.resize(columns: 80, rows: 30)
        session.expect("narrow rows") {
            let row = Self.firstRow($0.lines) ?? ""
            return !row.isEmpty && row.range(of: #"\d:\d{2}(am|pm)"#, options: .regularExpression) == nil
        }
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("a board written out in a window too short for it becomes live again once the window grows")
    func boardLiveAfterWindowGrows() throws {
        // The evening feed replayed from now: on the race day the 20th race can be an hour away, counting minutes.
        let session = try session(Self.eveningFromNow + ["--count", "20"], columns: 80, rows: 10)
        defer { session.stop() }
        let lastRow = { (screen: Screen) in screen.lines.last { $0.hasPrefix("  20  ") } ?? "" }
        session.expect("race 20 drawn") { !lastRow($0).isEmpty }
        try session.resize(columns: 80, rows: 40)
        let before = lastRow(session.screen(when: "the prompt under the board") { $0.lines.last == "next-to-go>" })
        session.expect("race 20's row ticks") { !lastRow($0).isEmpty && lastRow($0) != before }
        try session.send("C-d")
        session.expectExit(0)
    }

    /// The evening feed's races replayed from the real clock's now: the same board whatever the time of day.
    static let eveningFromNow = ["--source", "replay:" + Fixtures.evening.path, "--refresh", "0"]

    @Test("a sheet that fits only without its board: the board stays above as it stood, the sheet ticks below it")
    func sheetLiveWithoutItsBoard() throws {
        // The evening feed replayed from now, so the sheet is the same whatever the time of day (the race day's
        // sheets run from 20 to 42 rows): a board of 20 (23 rows) and its first race's sheet (no card: 12 rows)
        // do not fit 30 rows together; the sheet does alone.
        let session = try session(Self.eveningFromNow + ["--count", "20"], columns: 100, rows: 30)
        defer { session.stop() }
        session.expect("a board") { Self.firstRow($0.lines) != nil }
        try session.type("show 1")
        try session.send("Enter")
        let starts = { (screen: Screen) in screen.lines.first { $0.hasPrefix("  Starts ") } }
        let first = starts(
            session.screen(when: "the sheet, the prompt under it") {
                $0.contains("  Category       horse") && $0.lines.last == "next-to-go>"
            })
        session.expect("the sheet is live, the prompt under it") {
            starts($0) != first && $0.lines.last == "next-to-go>"
        }
        try session.send("C-d")
        session.expectExit(0)
    }
}
