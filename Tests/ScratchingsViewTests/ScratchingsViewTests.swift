import Core
import Foundation
import ScratchingsView
import TestSupport
import Testing
import Text

@MainActor
@Suite("Scratchings views")
struct ScratchingsViewTests {
    static let start = Date(timeIntervalSince1970: 1_748_311_500)

    static func row(
        _ position: Int, _ number: Int, meeting: String, category: RaceCategory = .horse, runner: Int, name: String,
        time: String?, deduction: Deduction?, state: String = "25m 0s"
    ) -> ScratchingsViewModel.Row {
        ScratchingsViewModel.Row(
            position: position,
            race: Race(
                id: "\(meeting)-\(number)", number: number, meetingName: meeting, category: category,
                advertisedStart: start),
            raceText: "R\(number) \(meeting)", runnerNumber: runner, runnerName: name,
            scratchedAt: time == nil ? nil : Date(timeIntervalSince1970: 1_748_309_700), time: time,
            deduction: deduction, raceState: state)
    }

    static let model = ScratchingsViewModel(
        title: "Late scratchings · 3",
        rows: [
            row(
                1, 4, meeting: "Randwick", runner: 7, name: "Brave Mistral", time: "2:41pm",
                deduction: Deduction(win: 12.5, place: 4)),
            row(
                2, 10, meeting: "Murray Bridge Straight", category: .greyhound, runner: 12,
                name: "Extraordinarily Long Name Here", time: "12:05pm", deduction: Deduction(win: 2, place: 4.5),
                state: "jumped"),
            row(3, 6, meeting: "Ascot", runner: 2, name: "Ledger", time: nil, deduction: nil, state: "1h 6m"),
        ],
        note: "Latest first, from every race's field of the day. Deductions (win/place) are cents in the dollar off "
            + "fixed-odds bets struck before the scratching.",
        emptyMessage: nil)

    private func lines(columns: Int, accessible: Bool = false, glyphs: Bool = false) -> [String] {
        let output = RecordingOutput()
        var style = DisplayStyle(isInteractive: glyphs, usesGlyphs: glyphs, usesColour: false, width: columns)
        style.readsAloud = accessible
        ScratchingsTextView(output: output, style: style).display(Self.model)
        return output.lines
    }

    @Test(
        "rows within 40, 80 and 120 columns, plain ASCII, no trailing spaces; each scratching's facts all there",
        arguments: [40, 80, 120])
    func widths(columns: Int) {
        let lines = lines(columns: columns)
        #expect(lines.first == "Late scratchings - 3")
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= columns }, "\(lines)")
        #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) && !$0.hasSuffix(" ") }, "\(lines)")
        for fact in [
            "2:41pm", "R4 Randwick", "7 Brave Mistral", "ded 12.5c/4.0c", "12:05pm", "ded 2.0c/4.5c", "2 Ledger",
        ] {
            #expect(lines.contains { $0.contains(fact) }, "\(fact): \(lines)")
        }
        #expect(lines.last?.hasPrefix("  ") == true, "the note, indented")
    }

    @Test("80 columns: a row a scratching, its columns in line; 40: the runner and its deduction under its race")
    func layout() {
        let wide = lines(columns: 80)
        #expect(
            wide[1] == "  1   2:41pm  T  R4 Randwick              7 Brave Mistral         ded 12.5c/4.0c", "\(wide)")
        #expect(wide[2] == "  2  12:05pm  G  R10 Murray Bridge S...  12 Extraordinarily L...  ded 2.0c/4.5c", "\(wide)")
        #expect(wide[3] == "  3        -  T  R6 Ascot                 2 Ledger", "\(wide)")
        let narrow = lines(columns: 40)
        #expect(
            Array(narrow[1...6]) == [
                "  1   2:41pm  T  R4 Randwick", "      7 Brave Mistral     ded 12.5c/4.0c",
                "  2  12:05pm  G  R10 Murray Bridge St...", "     12 Extraordinari...  ded 2.0c/4.5c",
                "  3        -  T  R6 Ascot", "      2 Ledger",
            ], "\(narrow)")
        let widest = lines(columns: 120)
        #expect(widest[1].contains("R4 Randwick") && widest[1].contains("25m 0s"), "\(widest)")
        #expect(widest[2].contains("jumped"), "how each race stands, from 100 columns")
        #expect(!wide.joined().contains("25m 0s"), "not at 80")
    }

    @Test("for a screen reader: a sentence each, the deduction in cents, the race's state; no table")
    func accessible() {
        let lines = lines(columns: 80, accessible: true)
        let said = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(
            said.contains(
                "1. At 2:41pm 7 Brave Mistral was scratched from R4 Randwick (horse), which starts in 25m 0s; deductions 12.5 cents win and 4.0 cents place."
            ), "\(lines)")
        #expect(said.contains("which has jumped"))
        #expect(
            said.contains("3. At a time not told, 2 Ledger was scratched from R6 Ascot (horse), which starts in 1h 6m.")
        )
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 80 })
    }

    @Test("a terminal's badge is the code's emoji, the columns still within the width")
    func glyphs() {
        let lines = lines(columns: 80, glyphs: true)
        #expect(lines.first == "Late scratchings · 3")
        #expect(lines.contains { $0.contains("🐕") })
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 80 }, "\(lines)")
    }

    @Test("an empty list says its message; a name from the feed never prints a control character")
    func emptyAndHostile() {
        let output = RecordingOutput()
        ScratchingsTextView(output: output, style: .plain).display(
            ScratchingsViewModel(
                title: "Late scratchings · 1",
                rows: [
                    Self.row(
                        1, 1, meeting: "Evil\u{1B}[2J", runner: 1, name: "Bad\u{7}Name\n", time: "1:00pm",
                        deduction: nil)
                ], note: nil, emptyMessage: nil))
        #expect(output.lines.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
        let empty = RecordingOutput()
        ScratchingsTextView(output: empty, style: .plain).display(
            ScratchingsViewModel(
                title: "Late scratchings · 0", rows: [], note: nil, emptyMessage: "No late scratchings today so far."))
        #expect(empty.lines == ["Late scratchings - 0", "  No late scratchings today so far."])
    }

    @Test("the JSON document: each runner with its race, time and deduction, null where not told")
    func json() throws {
        let output = RecordingDocuments()
        ScratchingsJSONView(output: output).display(Self.model)
        let document = try #require(output.documents.last)
        #expect(document.type == "scratchings")
        let runners = try #require(document.body["runners"] as? [[String: Any]])
        #expect(runners.count == 3)
        let first = runners[0]
        #expect(first["raceId"] as? String == "Randwick-4" && first["meeting"] as? String == "Randwick")
        #expect(first["raceNumber"] as? Int == 4 && first["category"] as? String == "horse")
        #expect(first["runnerNumber"] as? Int == 7 && first["runnerName"] as? String == "Brave Mistral")
        #expect(first["scratchedAt"] as? String == "2025-05-27T01:35:00Z")
        #expect(first["scratchedAtUnix"] as? Int == 1_748_309_700 && first["localTime"] as? String == "2:41pm")
        let deduction = try #require(first["deduction"] as? [String: Any])
        #expect(deduction["win"] as? Double == 12.5 && deduction["place"] as? Double == 4)
        #expect(runners[2]["deduction"] is JSONNull && runners[2]["scratchedAt"] is JSONNull)
        #expect(document.body["title"] as? String == "Late scratchings · 3")
        #expect(document.body["message"] is JSONNull)
    }
}
