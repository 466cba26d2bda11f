import Core
import Foundation
import MoversView
import TestSupport
import Testing

@MainActor
@Suite("Movers views")
struct MoversViewTests {
    static let model = MoversViewModel(
        title: "Market movers - the next 8 races",
        firming: [
            .init(
                race: "Murray Bridge Straight R10", countdown: "4m 10s", runner: "12 Extraordinarily Long Name Here",
                opened: "8.50", now: "5.00", change: "-41%", percent: -41)
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
        let row = lines.first { $0.contains("-41%") } ?? ""
        #expect(row.contains("8.50 -> 5.00"))
        #expect(lines.contains { $0.contains("Murray Bridge") && $0.contains("4m 10s") }, "\(lines)")
    }

    @Test("the JSON document: each side's rows with the move in whole percent")
    func json() throws {
        let output = RecordingDocuments()
        MoversJSONView(output: output).display(Self.model)
        let document = try #require(output.documents.last)
        #expect(document.type == "movers")
        let firming = try #require(document.body["firming"] as? [[String: Any]])
        #expect(firming.first?["changePercent"] as? Int == -41 && firming.first?["opened"] as? String == "8.50")
        #expect((document.body["drifting"] as? [Any])?.isEmpty == true)
    }
}
