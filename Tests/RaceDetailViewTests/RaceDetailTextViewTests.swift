import Core
import RaceDetailView
import TestSupport
import Testing
import Text

@MainActor
@Suite("Race detail text view")
struct RaceDetailTextViewTests {
    let output = RecordingOutput()

    private func model(comment: String? = nil, expired: String? = nil, favourite: Bool = false) -> RaceDetailViewModel {
        RaceDetailViewModel(
            title: "Casino R10", subtitle: "Maiden — Heat 1", expiredNotice: expired,
            fields: [DetailField("Category", "greyhound"), DetailField("In favourites", "no (`fav`, or f in watch)")],
            comment: comment, isFavourite: favourite)
    }

    @Test("a ruled panel of aligned labels, ASCII when plain")
    func plain() {
        let style = DisplayStyle(isInteractive: false, usesGlyphs: false, usesColour: false, width: 40)
        RaceDetailTextView(output: output, style: style).display(model(favourite: true))
        #expect(
            output.lines == [
                String(repeating: "-", count: 40),
                "  Casino R10 - Maiden - Heat 1  *",
                "  Category       greyhound",
                "  In favourites  no",
                "                 (`fav`, or f in watch)",
                String(repeating: "-", count: 40),
            ])
    }

    @Test("the comment wraps to the terminal width under its label")
    func wrapsComment() {
        let style = DisplayStyle(isInteractive: false, usesGlyphs: false, usesColour: false, width: 40)
        RaceDetailTextView(output: output, style: style).display(
            model(comment: "KINKON TAILOR (4) finished tenth two runs back then did well last start."))
        #expect(
            Array(output.lines[checked: 5...7]) == [
                "  Comment        KINKON TAILOR (4)",
                "                 finished tenth two runs",
                "                 back then did well last",
            ])
        #expect(output.lines.allSatisfy { $0.count <= 40 })
    }

    @Test("the expiry notice sits under the heading; glyphs on a UTF-8 terminal")
    func expiredWithGlyphs() {
        let style = DisplayStyle(isInteractive: true, usesGlyphs: true, usesColour: false, width: 50)
        RaceDetailTextView(output: output, style: style).display(
            model(expired: "Race started 1m 5s ago — no longer on the board.", favourite: true))
        #expect(output.lines[checked: 0] == String(repeating: "─", count: 50))
        #expect(output.lines[checked: 1] == "  Casino R10 · Maiden — Heat 1  ♥")
        #expect(output.lines[checked: 2] == "  Race started 1m 5s ago — no longer on the board.")
    }
}

@Suite("Sheet values on a narrow terminal")
struct SheetValueFittingTests {
    @Test("broken after commas and never inside brackets; a group longer than a line wraps as prose")
    func fit() {
        #expect(
            RaceDetailTextView.fit("Tue 27 May 01:45:00 UTC (in 10m 0s)", columns: 27)
                == ["Tue 27 May 01:45:00 UTC", "(in 10m 0s)"])
        #expect(RaceDetailTextView.fit("Flemington, VIC, AUS", columns: 12) == ["Flemington,", "VIC, AUS"])
        #expect(RaceDetailTextView.fit("short", columns: 27) == ["short"])
        let long = RaceDetailTextView.fit(String(repeating: "word ", count: 20), columns: 20)
        #expect(long.allSatisfy { $0.count <= 20 })
        #expect(long.joined(separator: " ").split(separator: " ").count == 20)
    }
}

/// The race card on the sheet: the field's table as the window narrows, the result and the dividends.
@MainActor
@Suite("Race card on the sheet")
struct RaceCardTextViewTests {
    let output = RecordingOutput()

    static let runners = [
        RunnerRowViewModel(
            number: "1", name: "Tickford", barrier: "(7)", rider: "Kate Hercock", trainer: "Richard French",
            weight: "60kg", win: "5.00", place: "1.80", openingPrice: "8.50", trend: .shortened,
            notes: ["market favourite"], compactNotes: ["mkt fav"], shortNotes: ["fav"]),
        RunnerRowViewModel(
            number: "10", name: "Drifter", barrier: "(12)", rider: "Sam Whitlock", trainer: "Jo Pryor", weight: "54kg",
            win: "13.00", place: "4.00", openingPrice: "9.00", trend: .drifted, notes: ["mover"]),
        RunnerRowViewModel(
            number: "2", name: "Scratched Sam", barrier: "(4)", rider: "Lee Mallard", trainer: "Al Varga",
            weight: "57kg", isScratched: true, notes: ["scratched"]),
    ]

    private func draw(
        width: Int, glyphs: Bool = false, runners: [RunnerRowViewModel] = runners,
        words: (String, String) = ("Bar", "Rider")
    ) -> [String] {
        let card = RaceCardViewModel(
            status: "Open", runners: runners, placings: [], dividends: [], card: RaceCard(raceID: "r1"),
            barrierHeading: words.0, riderHeading: words.1)
        let model = RaceDetailViewModel(
            title: "Casino R10", subtitle: nil, expiredNotice: nil, fields: [], comment: nil, isFavourite: false,
            card: card)
        let style = DisplayStyle(isInteractive: glyphs, usesGlyphs: glyphs, usesColour: false, width: width)
        RaceDetailTextView(output: output, style: style).display(model)
        return output.lines
    }

    private func heading(_ lines: [String]) throws -> String {
        try #require(lines.first { $0.contains("#  Runner") })
    }

    @Test("equal favourites: the whole words where they fit, the short ones where they would cost a column")
    func equalFavourites() throws {
        let runners = [
            RunnerRowViewModel(
                number: "1", name: "Tickford", barrier: "(7)", rider: "Kate Hercock", trainer: "Richard French",
                weight: "60kg", win: "3.30", place: "1.80", notes: ["equal market favourite", "mover"],
                compactNotes: ["eq fav", "mover"], shortNotes: ["eq fav", "mover"]),
            RunnerRowViewModel(
                number: "4", name: "Twin", barrier: "(2)", rider: "Sam Whitlock", trainer: "Jo Pryor", weight: "54kg",
                win: "3.30", place: "1.70", notes: ["equal market favourite"], compactNotes: ["eq fav"],
                shortNotes: ["eq fav"]),
        ]
        let wide = draw(width: 120, runners: runners)
        #expect(
            wide.contains { $0.hasPrefix("    1  Tickford") && $0.hasSuffix("1.80  equal market favourite, mover") })
        #expect(wide.contains { $0.hasPrefix("    4  Twin") && $0.hasSuffix("1.70  equal market favourite") })
        let narrow = Array(draw(width: 40, runners: runners).dropFirst(wide.count))
        #expect(narrow.allSatisfy { TerminalText.width(of: $0) <= 40 }, "\(narrow)")
        #expect(narrow.contains { $0.contains("Tickford") && $0.hasSuffix("3.30  eq fav, mover") }, "\(narrow)")
        #expect(narrow.contains { $0.contains("Twin") && $0.hasSuffix("3.30  eq fav") }, "\(narrow)")
    }

    /// A harness field as a 40-column window shows it: the longest name 18 letters, marks of every kind.
    static let narrowField = [
        RunnerRowViewModel(
            number: "2", name: "Coyote Breeze", barrier: "Fr2", rider: "Rachel Killick", win: "2.30", place: "1.26",
            notes: ["market favourite", "followed"], compactNotes: ["mkt fav", "followed"], shortNotes: ["fav", "flw"]),
        RunnerRowViewModel(
            number: "3", name: "Kingston Town Lass", barrier: "Fr3", rider: "Ethan Fullerton", win: "17.00",
            place: "4.20", notes: ["equal market favourite", "mover", "driver followed"],
            compactNotes: ["eq fav", "mover", "driver followed"], shortNotes: ["eq fav", "mvr", "drv flw"]),
        RunnerRowViewModel(number: "5", name: "Trooper Zephyr", barrier: "Fr5", win: "8.00", place: "2.40"),
        RunnerRowViewModel(
            number: "7", name: "Secret Tornado", barrier: "Fr7", isScratched: true,
            notes: ["late scratching 12:31"], shortNotes: ["late scr 12:31"]),
    ]

    @Test("at 40 columns names stay whole, marks are short, and marks with no room on the row go under the name")
    func fortyColumns() throws {
        let lines = draw(width: 40, runners: Self.narrowField, words: ("Bar", "Driver"))
        let field = Array(lines.drop { !$0.contains("#  Runner") }.dropLast())
        #expect(
            field == [
                "    #  Runner                 Win",
                "    2  Coyote Breeze         2.30",
                "       fav, flw",
                "    3  Kingston Town Lass   17.00",
                "       eq fav, mvr, drv flw",
                "    5  Trooper Zephyr        8.00",
                "    7  Secret Tornado  late scr 12:31",
            ], "\(field)")
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 40 }, "\(lines)")
    }

    @Test("at 80 and 120 columns the same field has its marks whole, but for the market's where that keeps a column")
    func wideColumns() throws {
        let eighty = draw(width: 80, runners: Self.narrowField, words: ("Bar", "Driver"))
        #expect(
            Array(eighty.drop { !$0.contains("#  Runner") }.dropLast()) == [
                "    #  Runner              Bar     Win   Place",
                "    2  Coyote Breeze       Fr2    2.30    1.26  mkt fav, followed",
                "    3  Kingston Town Lass  Fr3   17.00    4.20  eq fav, mover, driver followed",
                "    5  Trooper Zephyr      Fr5    8.00    2.40",
                "    7  Secret Tornado      Fr7  late scratching 12:31",
            ], "\(eighty)")
        output.reset()
        let wide = draw(width: 120, runners: Self.narrowField, words: ("Bar", "Driver"))
        #expect(wide.contains { $0.hasSuffix("4.20  equal market favourite, mover, driver followed") }, "\(wide)")
    }

    @Test("a mark line longer than the window breaks between marks, and inside one only at a space")
    func longMarks() throws {
        let runner = RunnerRowViewModel(
            number: "12", name: "Pioneer Tempest Star", win: "13.00",
            notes: ["equal market favourite", "mover", "followed", "driver followed", "trainer followed"],
            shortNotes: ["eq fav", "mvr", "flw", "drv flw", "trn flw"])
        let lines = draw(width: 40, runners: [runner], words: ("Bar", "Driver"))
        let marks = lines.filter { $0.hasPrefix("        ") && !$0.hasPrefix("         ") }
        #expect(marks == ["        eq fav, mvr, flw, drv flw,", "        trn flw"], "\(lines)")
        #expect(lines.contains("    12  Pioneer Tempest Star   13.00"), "\(lines)")
    }

    @Test("wide: every column, the price move, the marks after the prices; the scratched row last")
    func wide() throws {
        let lines = draw(width: 120)
        #expect(
            try heading(lines)
                == "     #  Runner         Bar   Rider         Trainer         Wt       Win   Place  Price move")
        #expect(
            lines.contains(
                "     1  Tickford        (7)  Kate Hercock  Richard French  60kg    5.00    1.80  8.50 -> 5.00  market favourite"
            ))
        #expect(lines.contains { $0.hasPrefix("    10  Drifter        (12)") && $0.hasSuffix("9.00 -> 13.00  mover") })
        #expect(lines.last { $0.contains("Scratched Sam") }?.hasSuffix("Al Varga        57kg  scratched") == true)
    }

    @Test(
        "the headings are the model's words: a greyhound's box, a harness driver",
        arguments: [("Box", "Rider", "Runner         Box   Rider"), ("Bar", "Driver", "Bar   Driver        Trainer")])
    func codeWords(barrier: String, rider: String, expected: String) throws {
        #expect(try heading(draw(width: 120, words: (barrier, rider))).contains(expected))
    }

    @Test(
        "narrowing drops the move, then trainer, weight, rider, place, barrier (marks short under 60); no wrapped marks"
    )
    func narrowing() throws {
        let expectations: [(Int, [String])] = [
            (90, ["Bar", "Rider", "Trainer", "Wt", "Win", "Place"]),
            (80, ["Bar", "Rider", "Wt", "Win", "Place"]),
            (70, ["Bar", "Rider", "Win", "Place"]),
            (60, ["Bar", "Win", "Place"]),
            (50, ["Bar", "Win", "Place"]),
            (40, ["Win"]),
        ]
        for (width, kept) in expectations {
            output.reset()
            let lines = draw(width: width)
            let head = try heading(lines)
            let shown = ["Bar", "Rider", "Trainer", "Wt", "Win", "Place", "Price move"].filter { head.contains($0) }
            #expect(shown == kept, "at \(width): \(head)")
            #expect(lines.allSatisfy { $0.count <= width }, "at \(width): \(lines)")
        }
    }

    @Test("a column no runner has is left out (a greyhound race has no riders or weights)")
    func emptyColumns() throws {
        let dogs = [
            RunnerRowViewModel(number: "1", name: "Rapid Sparrow", barrier: "(1)", win: "3.30", place: "1.66"),
            RunnerRowViewModel(number: "2", name: "Quiet Lantern", barrier: "(2)", win: "4.00", place: "1.86"),
        ]
        let head = try heading(draw(width: 120, runners: dogs))
        #expect(head == "    #  Runner         Bar     Win   Place")
    }

    @Test("on a UTF-8 terminal the move is an arrow: down when the price came in, up when it drifted")
    func arrows() {
        let lines = draw(width: 120, glyphs: true)
        #expect(lines.contains { $0.contains("8.50 \u{2198} 5.00") })
        #expect(lines.contains { $0.contains("9.00 \u{2197} 13.00") })
    }
}
