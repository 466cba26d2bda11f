import Foundation
import TestSupport
import Testing

/// The board above the prompt is live: it is drawn again in place as each second turns, with no key pressed.
extension LiveTerminalEndToEndTests {
    /// The row of the board's race 1: "  1  🏇  R5   Moonee Valley    1m 57s".
    private static func firstRow(_ lines: [String]) -> String? {
        lines.first { $0.hasPrefix("  1  ") || $0.hasPrefix("   1  ") }
    }

    /// The snapshot replayed against the real clock, its board on screen.
    private func snapshotSession(columns: Int = 90, rows: Int = 30, count: Int = 5) throws -> TerminalSession {
        let session = try session(["--refresh", "0", "--count", String(count)], columns: columns, rows: rows)
        #expect(session.waitUntil { Self.firstRow(session.lines) != nil }, "no board: \(session.screen)")
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

    private static func occurrences(of text: String, in screen: String) -> Int {
        screen.components(separatedBy: text).count - 1
    }

    @Test("the board at the prompt ticks with no key pressed, and always agrees with the status line")
    func boardTicksWithStatus() throws {
        // The race day on the real clock.
        let session = try snapshotSession()
        defer { session.stop() }
        let before = Self.firstRow(session.lines) ?? ""
        #expect(session.waitUntil(timeout: 5) { Self.firstRow(session.lines) != before }, "stuck at \(before)")
        for _ in 0..<3 {
            // A whole screen: one caught in the middle of a redraw (rows written, the status line not yet) is no
            // sample of what a person sees.
            var lines = session.lines
            #expect(
                session.waitUntil(timeout: 5) {
                    lines = session.lines
                    return lines.last == "next-to-go>" && lines.contains { $0.hasPrefix("Next: ") }
                        && lines.contains { $0.range(of: #"^ {2,3}5  "#, options: .regularExpression) != nil }
                }, "\(session.screen)")
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
            usleep(700_000)
        }
        #expect(Self.occurrences(of: "Next to Go ·", in: session.screen) == 1, "one board: \(session.screen)")
        #expect(session.lines.last == "next-to-go>")
        try session.type("quit")
        try session.send("Enter")
        #expect(session.waitForExit() == 0)
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
        #expect(session.waitFor(leaving), "\(session.screen)")
        #expect(!session.screen.contains(arriving))
        #expect(session.waitFor(arriving, timeout: 30), "no race moved up: \(session.screen)")
        let screen = session.screen
        #expect(Self.occurrences(of: "Next to Go ·", in: screen) == 1, "one board: \(screen)")
        let rows = screen.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(" R") }
        #expect(rows.count == 5, "\(screen)")
        #expect(!rows.contains { $0.contains(leaving) }, "\(screen)")
        #expect(rows.first?.contains(meetings[1]) == true, "\(screen)")
        #expect(session.lines.last == "next-to-go>")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    @Test("a window shorter than the board: the board is cut to fit, saying how many rows are hidden")
    func windowShorterThanBoard() throws {
        let session = try session(Self.pinned + ["--count", "10"], rows: 30)
        defer { session.stop() }
        #expect(session.waitFor("Alexandra Park"))
        try session.resize(columns: 90, rows: 9)
        #expect(session.waitFor("more rows hidden: the window is too short"), "\(session.screen)")
        let lines = session.lines
        #expect(lines.count <= 9)
        #expect(lines.first?.hasPrefix("Next to Go") == true, "the board keeps its top: \(session.screen)")
        #expect(lines.last == "next-to-go>")
        // Taller again: the whole board is back.
        try session.resize(columns: 90, rows: 30)
        #expect(session.waitUntil { !session.screen.contains("hidden") && session.screen.contains("Alexandra Park") })
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    @Test("help leaves the board in the scrollback as it stood; the next board drawn is live in its place")
    func otherOutputFreezesTheBoard() throws {
        let session = try snapshotSession()
        defer { session.stop() }
        try session.type("help")
        try session.send("Enter")
        #expect(session.waitFor("Commands:"))
        let frozen = Self.firstRow(session.lines)
        let status = session.lines.first { $0.hasPrefix("Next: ") }
        #expect(session.waitUntil(timeout: 5) { session.lines.first { $0.hasPrefix("Next: ") } != status })
        #expect(Self.firstRow(session.lines) == frozen, "the board above help stays as it was")
        try session.type("list")
        try session.send("Enter")
        #expect(session.waitUntil { session.screen.contains("next-to-go> list\nNext to Go") })
        let live = Self.firstRow(session.lines.suffix(10))
        #expect(session.waitUntil(timeout: 5) { Self.firstRow(session.lines.suffix(10)) != live })
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    @Test("keys typed while the board is drawn again are all there, in order, and the line runs as typed")
    func typingWhileRedrawing() throws {
        let session = try snapshotSession()
        defer { session.stop() }
        // A key every 0.15 s for about 3 s: several redraws fall between keys.
        for character in "search Wentworth Park" {
            try session.type(String(character))
            usleep(150_000)
        }
        #expect(session.waitUntil { session.lines.last == "next-to-go> search Wentworth Park" }, "\(session.screen)")
        try session.send("Enter")
        #expect(session.waitFor("all categories · \"Wentworth Park\""), "\(session.screen)")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    @Test(
        "a refresh that keeps the user waiting shows the status while it waits, then only the board and one status line"
    )
    func slowRefreshStatusOnce() throws {
        let (server, session) = try slowLaterSession()
        defer { server.stop() }
        defer { session.stop() }
        #expect(session.waitFor("Northfield Park"))
        try session.type("refresh")
        try session.send("Enter")
        #expect(session.waitFor("fetching..."), "the status while the refresh waits: \(session.screen)")
        #expect(
            session.waitUntil(timeout: 15) {
                session.lines.last == "next-to-go>" && !session.screen.contains("fetching...")
            }, "\(session.screen)")
        let screen = session.screen
        #expect(Self.occurrences(of: "Next: ", in: screen) == 1, "one status line: \(screen)")
        #expect(session.lines.dropLast().last?.hasPrefix("Next: ") == true, "\(screen)")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
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
        #expect(session.waitFor("… 8 more: ↓ or j scrolls"), "\(session.screen)")
        #expect(session.lines.count <= 16)
        // A board of 20: 1 could be the start of 12, so it waits; 2 then 0 is race 20, past the window's end.
        try session.type("2")
        #expect(session.waitFor("show 2_  Enter opens"), "\(session.screen)")
        try session.type("0")
        #expect(session.waitFor("Category "), "\(session.screen)")
        // The sheet is scrolled into view, under the board it was opened over.
        #expect(session.lines.contains { $0.hasPrefix("  Favourite  no") }, "\(session.screen)")
        try session.type("b")
        #expect(session.waitUntil { !session.screen.contains("Category ") && session.screen.contains("   1  ") })
        try session.type("2")
        try session.send("Enter")
        #expect(session.waitFor("Category "), "race 2, with Enter: \(session.screen)")
        try session.type("b")
        for _ in 0..<9 { try session.type("j") }
        #expect(session.waitFor("  20  "), "scrolled to the end: \(session.screen)")
        #expect(session.screen.contains("above: ↑ or k scrolls back"))
        #expect(!session.screen.contains("   1  🏇"))
        try session.type("q")
        #expect(session.waitUntil { session.lines.last == "next-to-go>" })
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    @Test("watch: r shows Refreshing... while the refresh is out, the clock still ticking, and clears it when done")
    func watchRefreshingClears() throws {
        let (server, session) = try slowLaterSession()
        defer { server.stop() }
        defer { session.stop() }
        try session.type("watch")
        try session.send("Enter")
        #expect(session.waitFor("q leave"))
        try session.type("r")
        #expect(session.waitFor("Refreshing..."), "\(session.screen)")
        #expect(session.waitUntil(timeout: 15) { !session.screen.contains("Refreshing...") }, "\(session.screen)")
        #expect(session.screen.contains("Northfield Park"))
        try session.type("q")
        #expect(session.waitUntil { session.lines.last == "next-to-go>" })
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    @Test("a wide window's live board says where and when each race starts, in local time; narrowed, the compact rows")
    func wideLiveBoard() throws {
        let session = try session(
            ["--refresh", "0"], environment: ["TZ": "Australia/Sydney"], columns: 120, rows: 30)
        defer { session.stop() }
        // "  1  🏇  R5   Moonee Valley   VIC   7:42pm    1m 57s"; on the real clock the first may have jumped
        // (`-20s`), and say how it stands (`Final 2-4-7 -50s`).
        let countdown = #"((Closed|Interim|Final)( [0-9-]+)? )?-?\d+s|(\d+h )?\d+m( \d+s)?"#
        let wideRow = #"^  1  .+  [A-Z]{2,3}\s+\d{1,2}:\d{2}(am|pm)\s+("# + countdown + ")$"
        let firstRow = { Self.firstRow(session.lines) ?? "" }
        #expect(
            session.waitUntil { firstRow().range(of: wideRow, options: .regularExpression) != nil },
            "\(session.screen)")
        let before = firstRow()
        #expect(session.waitUntil(timeout: 5) { firstRow() != before }, "it ticks: \(session.screen)")
        #expect(firstRow().range(of: wideRow, options: .regularExpression) != nil, "\(session.screen)")
        try session.resize(columns: 80, rows: 30)
        #expect(
            session.waitUntil {
                !firstRow().isEmpty && firstRow().range(of: #"\d:\d{2}(am|pm)"#, options: .regularExpression) == nil
            }, "narrow rows: \(session.screen)")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    @Test("a board written out in a window too short for it becomes live again once the window grows")
    func boardLiveAfterWindowGrows() throws {
        // The evening feed replayed from now: on the race day the 20th race can be an hour away, counting minutes.
        let session = try session(Self.eveningFromNow + ["--count", "20"], columns: 80, rows: 10)
        defer { session.stop() }
        let lastRow = { session.lines.last { $0.hasPrefix("  20  ") } ?? "" }
        #expect(session.waitUntil { !lastRow().isEmpty }, "\(session.screen)")
        try session.resize(columns: 80, rows: 40)
        #expect(session.waitUntil { session.lines.last == "next-to-go>" }, "\(session.screen)")
        let before = lastRow()
        #expect(session.waitUntil(timeout: 5) { !lastRow().isEmpty && lastRow() != before }, "still: \(session.screen)")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    /// The evening feed's races replayed from the real clock's now: the same board whatever the time of day.
    static let eveningFromNow = ["--source", "replay:" + Fixtures.evening.path, "--refresh", "0"]

    @Test("a sheet that fits only without its board: the board stays above as it stood, the sheet ticks below it")
    func sheetLiveWithoutItsBoard() throws {
        // The evening feed replayed from now, so the sheet is the same whatever the time of day (the race day's
        // sheets run from 20 to 42 rows): a board of 20 (23 rows) and its first race's sheet (no card: 12 rows)
        // do not fit 30 rows together; the sheet does alone.
        let session = try session(Self.eveningFromNow + ["--count", "20"], columns: 100, rows: 30)
        #expect(session.waitUntil { Self.firstRow(session.lines) != nil }, "no board: \(session.screen)")
        defer { session.stop() }
        try session.type("show 1")
        try session.send("Enter")
        #expect(session.waitFor("  Category   horse"), "\(session.screen)")
        let starts = { session.lines.first { $0.hasPrefix("  Starts ") } }
        let first = starts()
        #expect(session.waitUntil(timeout: 5) { starts() != first }, "the sheet is live: \(session.screen)")
        #expect(session.lines.last == "next-to-go>")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }
}
