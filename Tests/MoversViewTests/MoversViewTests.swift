import Core
import Foundation
import MoversView
import TestSupport
import Testing
import Text

@MainActor
@Suite("Movers views")
struct MoversViewTests {
    static let model = MoversViewModel(
        title: "Market movers - the next 8 races",
        firming: [
            .init(
                race: "Murray Bridge Straight R10", countdown: "4m 10s", runner: "12 Extraordinarily Long Name Here",
                opened: "8.50", now: "5.00", change: "+8.2 pts", points: 8.2, percent: -41)
        ],
        drifting: [], footnote: "From the fixed prices of the next 8 races, against each market's opening price.")

    @Test(
        "rows within the width at 40 and 80 columns, names cut with an ellipsis; an empty side says none",
        arguments: [40, 80])
    func text(columns: Int) {
        let output = RecordingOutput()
        MoversTextView(
            output: output,
            style: DisplayStyle(isInteractive: false, usesGlyphs: false, usesColour: false, width: columns)
        ).display(Self.model)
        let lines = output.lines
        #expect(lines.first == "Market movers - the next 8 races")
        #expect(lines.contains("  none"))
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= columns }, "\(lines)")
        let row = lines.first { $0.contains("+8.2 pts") } ?? ""
        #expect(row.contains("8.50 -> 5.00"))
        #expect(lines.contains { $0.contains("Murray Bridge") && $0.contains("4m 10s") }, "\(lines)")
    }

    @Test(
        "the arrows in one column and every race whole with its number, at 40, 60 and 80 columns",
        arguments: [40, 60, 80])
    func aligned(columns: Int) {
        let row = { (race: String, runner: String, opened: String, now: String, change: String) in
            MoversViewModel.Row(
                race: race, countdown: "30s", runner: runner, opened: opened, now: now, change: change, points: 0,
                percent: 0)
        }
        let model = MoversViewModel(
            title: "Market movers - the next 8 races",
            firming: [
                row("The Meadows R5", "2 Stormy Ranger", "34.00", "17.00", "+2.9 pts"),
                row("Melton R5", "6 Copper Tango", "2.80", "2.30", "+7.8 pts"),
            ],
            drifting: [
                row("Murray Bridge Straight R10", "10 Royal Whisper", "6.50", "7.50", "-2.1 pts"),
                row("Angle Park R2", "8 Bo", "7.00", "8.00", "-1.8 pts"),
            ], footnote: "From the fixed prices of the next 8 races.")
        let output = RecordingOutput()
        MoversTextView(
            output: output,
            style: DisplayStyle(isInteractive: false, usesGlyphs: false, usesColour: false, width: columns)
        ).display(model)
        let lines = output.lines
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= columns }, "\(lines)")
        let arrows = Set(
            lines.compactMap { line in
                line.range(of: " -> ").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            })
        #expect(arrows.count == 1, "\(lines)")
        for race in ["The Meadows R5", "Melton R5", "Murray Bridge Straight R10", "Angle Park R2"] {
            #expect(lines.contains { $0.contains(race) }, "\(race): \(lines)")
        }
    }

    @Test("at 40 columns a name the row would cut has a line of its own, whole, and the move below it")
    func narrowNamesWhole() {
        let output = RecordingOutput()
        MoversTextView(
            output: output,
            style: DisplayStyle(isInteractive: false, usesGlyphs: false, usesColour: false, width: 40)
        ).display(Self.model)
        let lines = output.lines
        #expect(lines.contains("    12 Extraordinarily Long Name Here"), "\(lines)")
        #expect(lines.contains("      8.50 -> 5.00  +8.2 pts"), "\(lines)")
        #expect(!lines.contains { $0.contains("...") }, "\(lines)")
    }

    @Test("the JSON document: each side's rows with the move in points of chance and in whole percent of price")
    func json() throws {
        let output = RecordingDocuments()
        MoversJSONView(output: output).display(Self.model)
        let document = try #require(output.documents.last)
        #expect(document.type == "movers")
        let firming = try #require(document.body["firming"] as? [[String: Any]])
        #expect(firming.first?["changePercent"] as? Int == -41 && firming.first?["opened"] as? String == "8.50")
        #expect(firming.first?["chancePoints"] as? Double == 8.2)
        #expect((document.body["drifting"] as? [Any])?.isEmpty == true)
    }
}
