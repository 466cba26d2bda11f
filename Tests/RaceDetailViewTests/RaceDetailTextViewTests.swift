import Core
import RaceDetailView
import TestSupport
import Testing

@MainActor
@Suite("Race detail text view")
struct RaceDetailTextViewTests {
    let output = RecordingOutput()

    private func model(comment: String? = nil, expired: String? = nil, favourite: Bool = false) -> RaceDetailViewModel {
        RaceDetailViewModel(
            title: "Casino R10", subtitle: "Maiden — Heat 1", expiredNotice: expired,
            fields: [DetailField("Category", "greyhound"), DetailField("Favourite", "no (type `fav` to add)")],
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
                "  Category   greyhound",
                "  Favourite  no (type `fav` to add)",
                String(repeating: "-", count: 40),
            ])
    }

    @Test("the comment wraps to the terminal width under its label")
    func wrapsComment() {
        let style = DisplayStyle(isInteractive: false, usesGlyphs: false, usesColour: false, width: 40)
        RaceDetailTextView(output: output, style: style).display(
            model(comment: "KINKON TAILOR (4) finished tenth two runs back then did well last start."))
        #expect(
            Array(output.lines[checked: 4...6]) == [
                "  Comment    KINKON TAILOR (4) finished",
                "             tenth two runs back then",
                "             did well last start.",
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
