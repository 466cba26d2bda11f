import Foundation
import TestSupport
import Testing

/// The race card on the sheet at a terminal, as wide and as narrow as people's windows are.
extension LiveTerminalEndToEndTests {
    /// The race day's first horse race at 11:48 UTC (Turffontein R4, 13 runners, prices moving, 7 minutes out)
    /// opened at `columns` wide; the screen's lines once the field is drawn. The clock is pinned: what a field
    /// shows depends on how near the jump it is.
    private func fieldOnScreen(columns: Int) throws -> [String] {
        let session = try session(
            ["--refresh", "0", "--no-color", "--now", RaceListEndToEndTests.raceDayNow], columns: columns, rows: 50)
        defer { session.stop() }
        try session.type("filter horse")
        try session.send("Enter")
        session.expect(shows: "Next to Go · horse")
        try session.type("show 1")
        try session.send("Enter")
        let lines = session.screen(when: "the field, the prompt under it") {
            $0.contains("  Field (11 runners, 1 scratched)") && $0.lines.last == "next-to-go>"
        }.lines
        try session.send("C-d")
        session.expectExit(0)
        return lines
    }

    @Test("at 120 columns the field has every column: barrier, rider, trainer, weight, prices and how they moved")
    func raceCardWide() throws {
        let lines = try fieldOnScreen(columns: 120)
        let heading = try #require(lines.first { $0.contains("#  Runner") }, "\(lines)")
        for column in ["Bar", "Rider", "Trainer", "Wt", "Win", "Place", "Price move"] {
            #expect(heading.contains(column), "\(heading)")
        }
        #expect(lines.contains { $0.contains("\u{2198}") || $0.contains("\u{2197}") }, "a price move drawn as an arrow")
        // The market's favourite as `mkt fav`: "market favourite" whole would cost the tote's column.
        #expect(heading.contains("Tote"), "\(heading)")
        #expect(lines.filter { $0.hasSuffix("  mkt fav") || $0.hasSuffix("  mkt fav, mover") }.count == 1, "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 120 })
    }

    @Test(
        "at 60 columns the field keeps number, name, barrier, weight and prices: the move, trainer and rider make way")
    func raceCardNarrow() throws {
        let lines = try fieldOnScreen(columns: 60)
        let heading = try #require(lines.first { $0.contains("#  Runner") }, "\(lines)")
        #expect(heading.contains("Win") && heading.contains("Bar"), "\(heading)")
        for dropped in ["Price move", "Trainer", "Wt", "Rider"] {
            #expect(!heading.contains(dropped), "\(heading)")
        }
        let rows = lines.filter { $0.range(of: #"^ +\d+  \S"#, options: .regularExpression) != nil }
        #expect(rows.count >= 13, "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
    }

    @Test("at 40 columns, following runners: names whole, short marks after the price or on a line under the name")
    func raceCardFortyColumns() throws {
        // Globe Derby R9, harness, 9 runners: Brigade Lyric the market favourite, Fiery Tiger a mover.
        let session = try session(
            ["--refresh", "0", "--now", RaceListEndToEndTests.raceDayNow], environment: ["TZ": "UTC"], columns: 40,
            rows: 60)
        defer { session.stop() }
        for line in ["show 1", "follow 7", "follow trainer 1", "show"] {
            try session.type(line)
            try session.send("Enter")
            session.expectPrompt()
        }
        session.expect("the field drawn again with the marks, every line within 40 columns") {
            $0.contains("    7  Fiery Tiger         9.00\n        mvr, flw\n")
                && $0.contains("    1  Warrior Rider      14.00\n        trn flw\n")
                && $0.contains("    6  Brigade Lyric       3.70  fav") && $0.lines.allSatisfy { $0.count <= 40 }
        }
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("at 40 columns a message from piped commands breaks at spaces, not where the window would cut a word")
    func messagesAtForty() throws {
        let app = [BinaryRunner.binary.path, "--now", RaceListEndToEndTests.raceDayNow].map { "'\($0)'" }
            .joined(separator: " ")
        let session = try TerminalSession(
            arguments: [], columns: 40, rows: 20,
            program: ["/bin/sh", "-c", "printf 'flibbertigibbetty\\n' | \(app)"])
        defer { session.stop() }
        session.expect("the message in two lines, broken between words") {
            // The window alone would break it after "Typ".
            $0.lines.contains("Unknown command 'flibbertigibbetty'.")
                && $0.lines.contains("Type `help` to see the commands.")
        }
        session.expectExit(0)
    }

    @Test("from a slow card server the sheet is drawn at once with a note, and the field comes in place when it comes")
    func raceCardFromSlowServer() throws {
        let folder = try RaceCardEndToEndTests.openCardFolder()
        defer { folder.remove() }
        // The card's first byte comes 8 s after its request.
        let server = try FixtureServer(folder: folder.url, delay: 8)
        defer { server.stop() }
        let session = try session(
            Self.pinned + [
                "--cards", server.url("slow-first-byte/affiliates/v1"), "--timeout", "60", "--connect-timeout", "60",
            ])
        defer { session.stop() }
        try session.type("show 1")
        try session.send("Enter")
        // Not kept waiting for the server: the sheet and its note, the prompt under them, while the card is out
        // (had the app waited, the field would be drawn, never the note).
        session.expect("the sheet with its note, the prompt under it, no field yet") {
            $0.contains("Fetching the race card from") && $0.lines.last == "next-to-go>" && !$0.contains("Field (")
        }
        session.expect("the field in place of the note") {
            $0.contains("Field (2 runners, 1 scratched)") && !$0.contains("Fetching the race card")
                && $0.lines.last == "next-to-go>"
        }
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("from an affiliates API the live board gets a race's favourite price once its card is read, beside the fetch")
    func favouritePriceFromServer() throws {
        // Northfield Park R7 is the board's first race; its card's favourite is Silver Comet at 3.50.
        let folder = try RaceCardEndToEndTests.openCardFolder()
        defer { folder.remove() }
        let server = try FixtureServer(folder: folder.url)
        defer { server.stop() }
        let session = try session(Self.pinned + ["--cards", server.url("affiliates/v1")], columns: 80)
        defer { session.stop() }
        session.expect("Northfield Park's row with its favourite's price, the prompt under the board") {
            $0.lines.contains { $0.contains("Northfield Park") && $0.contains("Fav 3.50") }
                && $0.lines.last == "next-to-go>"
        }
        try session.send("C-d")
        session.expectExit(0)
    }
}
