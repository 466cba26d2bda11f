import Core
import Foundation
import ResultsView
import TestSupport
import Testing
import Text

@MainActor
@Suite("Results views")
struct ResultsViewTests {
    static func race(_ id: String, _ number: Int, _ meeting: String, _ category: RaceCategory) -> Race {
        Race(
            id: id, number: number, name: "\(meeting) race \(number)", meetingName: meeting, category: category,
            advertisedStart: Date(timeIntervalSince1970: 1_772_884_080), venue: Venue(name: meeting, country: "AUS"))
    }

    static func line(_ bet: String, _ paid: [(String, Double)]) -> ResultWording.Line {
        let dividends = paid.map { Dividend(bet: bet, runners: $0.0, amount: $0.1, isFinal: true) }
        return ResultWording.Line(
            bet: ResultWording.betName(bet), payouts: dividends.map(ResultWording.payout), isFinal: true,
            paid: dividends)
    }

    static let model = ResultsViewModel(
        title: "Results · 3 races",
        rows: [
            .init(
                position: 1, race: race("a", 9, "Murray Bridge Straight", .greyhound), secondsToStart: -600,
                label: "Murray Bridge Straight R9", localTime: "11:54am", status: "Final", isAbandoned: false,
                placings: [
                    .init(position: 1, place: "1st", number: 4, name: "Extraordinarily Velvet Lantern"),
                    .init(position: 2, place: "2nd", number: 2, name: "Quick Step"),
                    .init(position: 3, place: "3rd", number: 7, name: "Tall Tale"),
                    .init(position: 4, place: "4th", number: 9, name: nil),
                ],
                dividends: [
                    line("Win", [("4", 4.6)]), line("Place", [("4", 1.7), ("2", 1.9), ("7", 3.7)]),
                    line("Quinella", [("2:4", 13.7)]), line("Trifecta", [("4:2:7", 396.6)]),
                    line("First4", [("4:2:7:9", 1350.4)]),
                ], missing: nil),
            .init(
                position: 2, race: race("b", 4, "Romford", .greyhound), secondsToStart: -900, label: "Romford R4",
                localTime: "11:50am", status: "Abandoned", isAbandoned: true, placings: [], dividends: [],
                missing: nil),
            .init(
                position: 3, race: race("c", 1, "Randwick", .horse), secondsToStart: -3_600, label: "Randwick R1",
                localTime: "10:54am", status: "Interim", isAbandoned: false,
                placings: [
                    .init(position: 1, place: "1st", number: 5, name: "Kilara Rogue"),
                    .init(position: 2, place: "2nd", number: 3, name: "Bo"),
                ],
                dividends: [line("Win", [("5", 2.1)])], missing: "Other dividends when its card is read."),
        ],
        total: 3, note: "The latest 20 of 25: `results WORDS` narrows them (a meeting, a code, a region).",
        emptyMessage: nil)

    static func text(_ columns: Int, readsAloud: Bool = false, glyphs: Bool = false) -> [String] {
        let output = RecordingOutput()
        ResultsTextView(
            output: output,
            style: DisplayStyle(
                isInteractive: glyphs, usesGlyphs: glyphs, usesColour: false, width: columns, readsAloud: readsAloud)
        ).display(model)
        return output.lines
    }

    /// Every word of the model's facts is on a line whole: nothing is cut mid-word.
    static func everyWordWhole(_ lines: [String]) -> Bool {
        let words = Set(lines.flatMap { $0.split(separator: " ").map(String.init) })
        let facts = model.rows.flatMap { row in
            [row.label, row.localTime, row.status] + row.placings.compactMap(\.name)
                + row.dividends.flatMap(\.payouts) + (row.missing.map { [$0] } ?? [])
        }
        return facts.flatMap { $0.split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters) } }
            .allSatisfy { word in words.contains { $0.trimmingCharacters(in: .punctuationCharacters) == word } }
    }

    @Test("40 columns: a fact a line, nothing cut mid-word, nothing past the width")
    func narrow() {
        let lines = Self.text(40)
        #expect(
            lines == [
                "Results - 3 races",
                "  1  G  Murray Bridge Straight R9",
                "     11:54am  Final",
                "     1st 4 Extraordinarily Velvet",
                "       Lantern",
                "     2nd 2 Quick Step",
                "     3rd 7 Tall Tale",
                "     4th 9",
                "     Win 4 $4.60",
                "     Place 4 $1.70, 2 $1.90, 7 $3.70",
                "     Quinella 2-4 $13.70",
                "     Trifecta 4-2-7 $396.60",
                "     First Four 4-2-7-9 $1,350.40",
                "  2  G  Romford R4",
                "     11:50am  Abandoned",
                "  3  T  Randwick R1",
                "     10:54am  Interim",
                "     1st 5 Kilara Rogue",
                "     2nd 3 Bo",
                "     Win 5 $2.10",
                "     Other dividends when its card is",
                "     read.",
                "  The latest 20 of 25: `results WORDS`",
                "  narrows them (a meeting, a code, a",
                "  region).",
            ], "\(lines.joined(separator: "\n"))")
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 40 })
        #expect(Self.everyWordWhole(lines))
    }

    @Test("80 columns: the race and how it stands, its placings on a line, its dividends on another")
    func medium() {
        let lines = Self.text(80)
        #expect(
            lines == [
                "Results - 3 races",
                "  1  G  Murray Bridge Straight R9  11:54am  Final",
                "     1st 4 Extraordinarily Velvet Lantern, 2nd 2 Quick Step, 3rd 7 Tall Tale",
                "     4th 9",
                "     Win 4 $4.60 - Place 4 $1.70, 2 $1.90, 7 $3.70 - Quinella 2-4 $13.70",
                "     Trifecta 4-2-7 $396.60 - First Four 4-2-7-9 $1,350.40",
                "  2  G  Romford R4  11:50am  Abandoned",
                "  3  T  Randwick R1  10:54am  Interim",
                "     1st 5 Kilara Rogue, 2nd 3 Bo",
                "     Win 5 $2.10",
                "     Other dividends when its card is read.",
                "  The latest 20 of 25: `results WORDS` narrows them (a meeting, a code, a",
                "  region).",
            ], "\(lines.joined(separator: "\n"))")
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 80 })
        #expect(Self.everyWordWhole(lines))
    }

    @Test("120 columns: a wide line a race, its placings after how it stands; the dividends under it")
    func wide() {
        let lines = Self.text(120)
        #expect(
            lines == [
                "Results - 3 races",
                "  1  G  Murray Bridge Straight R9  11:54am  Final  1st 4 Extraordinarily Velvet Lantern, 2nd 2 Quick Step",
                "     3rd 7 Tall Tale, 4th 9",
                "     Win 4 $4.60 - Place 4 $1.70, 2 $1.90, 7 $3.70 - Quinella 2-4 $13.70 - Trifecta 4-2-7 $396.60",
                "     First Four 4-2-7-9 $1,350.40",
                "  2  G  Romford R4  11:50am  Abandoned",
                "  3  T  Randwick R1  10:54am  Interim  1st 5 Kilara Rogue, 2nd 3 Bo",
                "     Win 5 $2.10",
                "     Other dividends when its card is read.",
                "  The latest 20 of 25: `results WORDS` narrows them (a meeting, a code, a region).",
            ], "\(lines.joined(separator: "\n"))")
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 120 })
    }

    @Test("for a screen reader: each race in sentences, no columns, plain ASCII")
    func readAloud() {
        let lines = Self.text(80, readsAloud: true)
        #expect(
            lines == [
                "Results - 3 races",
                "1. Murray Bridge Straight R9, greyhound, 11:54am: Final.",
                "   1st 4 Extraordinarily Velvet Lantern, 2nd 2 Quick Step, 3rd 7 Tall Tale, 4th",
                "   9.",
                "   Win 4 $4.60. Place 4 $1.70, 2 $1.90, 7 $3.70. Quinella 2-4 $13.70. Trifecta",
                "   4-2-7 $396.60. First Four 4-2-7-9 $1,350.40.",
                "2. Romford R4, greyhound, 11:50am: Abandoned.",
                "3. Randwick R1, horse, 10:54am: Interim.",
                "   1st 5 Kilara Rogue, 2nd 3 Bo.",
                "   Win 5 $2.10.",
                "   Other dividends when its card is read.",
                "  The latest 20 of 25: `results WORDS` narrows them (a meeting, a code, a",
                "  region).",
            ], "\(lines.joined(separator: "\n"))")
        #expect(lines.joined().unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test("a UTF-8 terminal: emoji badges and dots between bets, still within the width")
    func glyphs() {
        let lines = Self.text(80, glyphs: true)
        #expect(lines.first == "Results · 3 races")
        #expect(lines.contains("  3  🏇  Randwick R1  10:54am  Interim"))
        #expect(lines.contains { $0.contains("Win 4 $4.60 · Place 4 $1.70") })
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 80 })
    }

    @Test("a feed's control characters never reach the terminal")
    func cleaned() {
        let output = RecordingOutput()
        let row = Self.model.rows[2]
        let hostile = ResultsViewModel(
            title: "Results",
            rows: [
                .init(
                    position: 1, race: row.race, secondsToStart: 0, label: "Rand\u{1B}[2Jwick R1", localTime: "10:54am",
                    status: "Final", isAbandoned: false,
                    placings: [.init(position: 1, place: "1st", number: 5, name: "Kil\u{7}ara")], dividends: [],
                    missing: nil)
            ], total: 1, note: nil, emptyMessage: nil)
        ResultsTextView(output: output, style: .plain).display(hostile)
        #expect(!output.lines.joined().contains("\u{1B}") && !output.lines.joined().contains("\u{7}"))
    }

    @Test("--json: each race as the README's race, with its placings and every dividend paid")
    func json() throws {
        let documents = RecordingDocuments()
        ResultsJSONView(output: documents).display(Self.model)
        let document = try #require(documents.documents.first)
        #expect(document.type == "results")
        #expect(document.body["total"] as? Int == 3)
        #expect(document.body["message"] is JSONNull && document.body["title"] as? String == "Results · 3 races")
        let races = try #require(document.body["races"] as? [[String: Any]])
        #expect(races.map { $0["position"] as? Int } == [1, 2, 3])
        let first = races[0]
        #expect(
            first["id"] as? String == "a" && first["raceNumber"] as? Int == 9 && first["status"] as? String == "Final")
        #expect(first["meeting"] as? String == "Murray Bridge Straight" && first["category"] as? String == "greyhound")
        #expect(first["favourite"] == nil && first["localTime"] as? String == "11:54am")
        let placings = try #require(first["placings"] as? [[String: Any]])
        #expect(placings.map { $0["number"] as? Int } == [4, 2, 7, 9])
        #expect(placings.last?["name"] is JSONNull)
        let dividends = try #require(first["dividends"] as? [[String: Any]])
        #expect(
            dividends.map { $0["bet"] as? String } == [
                "Win", "Place", "Place", "Place", "Quinella", "Trifecta", "First4",
            ])
        #expect(dividends[4]["runners"] as? String == "2:4" && dividends[4]["amount"] as? Double == 13.7)
        #expect(dividends[4]["final"] as? Bool == true)
        #expect(races[1]["status"] as? String == "Abandoned" && (races[1]["placings"] as? [Any])?.isEmpty == true)
        #expect(races[2]["missing"] as? String == "Other dividends when its card is read.")
    }
}
