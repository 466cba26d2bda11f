import Core
import Foundation
import RaceListView
import TestSupport
import Testing
import Text

@MainActor
@Suite("Race list text view")
struct RaceListTextViewTests {
    let output = RecordingOutput()

    private func rows() -> [RaceRowViewModel] {
        [
            RaceRowViewModel(
                position: 1, category: .horse, raceNumber: "R8", meetingName: "Mountaineer Park", countdown: "2m 0s",
                urgency: .soon),
            RaceRowViewModel(
                position: 2, category: .greyhound, raceNumber: "R10", meetingName: "Casino", countdown: "-20s",
                urgency: .started),
            RaceRowViewModel(
                position: 3, category: .harness, raceNumber: "R1", meetingName: "Temora", countdown: "1h 5m",
                urgency: .later),
        ]
    }

    /// The board of `rows` as a plain (ASCII, no colour) window `width` columns wide draws it.
    private func plainLines(_ rows: [RaceRowViewModel], width: Int) -> [String] {
        let output = RecordingOutput()
        RaceListTextView(
            output: output,
            style: DisplayStyle(isInteractive: false, usesGlyphs: false, usesColour: false, width: width)
        ).display(model(.races(rows)))
        return output.lines
    }

    private func model(_ content: RaceListViewModel.Content, footnote: String? = nil) -> RaceListViewModel {
        RaceListViewModel(title: "Next to Go", filterSummary: "all categories", content: content, footnote: footnote)
    }

    @Test("plain output: letters for categories, aligned columns, ASCII only")
    func plainRows() {
        RaceListTextView(output: output, style: .plain).display(model(.races(rows())))
        #expect(
            output.lines == [
                "Next to Go - all categories",
                "  1  T  R8   Mountaineer Park    2m 0s",
                "  2  G  R10  Casino               -20s",
                "  3  H  R1   Temora              1h 5m",
            ])
        #expect(output.lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test(
        "a row's code is its source's letter: T thoroughbred, H harness, G greyhound",
        arguments: [(RaceCategory.horse, "T"), (.harness, "H"), (.greyhound, "G")])
    func rowLetter(category: RaceCategory, letter: String) {
        let row = RaceRowViewModel(
            position: 1, category: category, raceNumber: "R2", meetingName: "Ascot", countdown: "5m 0s",
            urgency: .later)
        #expect(
            plainLines([row], width: 40) == ["Next to Go - all categories", "  1  \(letter)  R2   Ascot         5m 0s"])
    }

    @Test("the winner's name after its row where the window has it whole: at 100 columns, not at 40; cleaned")
    func winnerAside() {
        let rows = [
            RaceRowViewModel(
                position: 1, category: .harness, raceNumber: "R9", meetingName: "Globe Derby",
                countdown: "Final 2-10-7 -50s", urgency: .started, winner: "Velvet\u{1B}[31m Lantern"),
            RaceRowViewModel(
                position: 2, category: .horse, raceNumber: "R4", meetingName: "Turffontein", countdown: "10s",
                urgency: .imminent),
        ]
        let at = { (width: Int) in self.plainLines(rows, width: width) }
        let wide = at(100)
        #expect(wide[1].hasSuffix("Final 2-10-7 -50s  Velvet[31m Lantern") && !wide[1].contains("\u{1B}"), "\(wide)")
        #expect(wide[2].hasSuffix("10s"))
        let narrow = at(40)
        #expect(narrow[1].hasSuffix("Final 2-10-7 -50s") && !narrow[1].contains("Lantern"), "\(narrow)")
        // The long status keeps every row within the window: the meeting gives way, never the countdown.
        #expect(narrow.allSatisfy { $0.count <= 40 }, "\(narrow)")
        let glyphs = RecordingOutput()
        RaceListTextView(
            output: glyphs, style: DisplayStyle(isInteractive: false, usesGlyphs: true, usesColour: false, width: 40)
        ).display(model(.races(rows)))
        #expect(glyphs.lines.allSatisfy { TerminalText.width(of: $0) <= 40 }, "\(glyphs.lines)")
        #expect(glyphs.lines[checked: 2]?.hasSuffix(" 10s") == true, "\(glyphs.lines)")
    }

    @Test("equal favourites' price in the market favourite's column at 80 columns; JSON says who they are")
    func equalFavourites() throws {
        let race = Race(
            id: "r5", number: 5, meetingName: "Moonee Valley", category: .horse,
            advertisedStart: Date(timeIntervalSince1970: 1_764_310_000))
        let rows = [
            RaceRowViewModel(
                position: 1, category: .horse, raceNumber: "R5", meetingName: "Moonee Valley", countdown: "2m 0s",
                urgency: .soon, race: race, marketFavourite: MarketFavourite(runnerNumbers: [3, 5], price: 3.3),
                marketFavouritePrice: "EqF 3.30"),
            RaceRowViewModel(
                position: 2, category: .greyhound, raceNumber: "R1", meetingName: "Wentworth Park", countdown: "1h 9m",
                urgency: .later, race: race, marketFavourite: MarketFavourite(runnerNumber: 4, price: 21),
                marketFavouritePrice: "Fav 21.00"),
        ]
        #expect(
            plainLines(rows, width: 80) == [
                "Next to Go - all categories",
                "  1  T  R5   Moonee Valley    EqF 3.30    2m 0s",
                "  2  G  R1   Wentworth Park  Fav 21.00    1h 9m",
            ])
        let documents = RecordingDocuments()
        RaceListJSONView(output: documents).display(model(.races(rows)))
        let races = try #require(documents.documents.last?.body["races"] as? [[String: Any]])
        let favourites = races.compactMap { $0["marketFavourite"] as? [String: Any] }
        #expect(favourites.map { $0["equal"] as? Bool } == [true, false])
        #expect(favourites.map { $0["numbers"] as? [Int] } == [[3, 5], [4]])
        #expect(favourites.map { $0["number"] as? Int } == [3, 4])
        #expect(favourites.map { $0["price"] as? Double } == [3.3, 21])
        // The shortest prices, as `[{number, price}]`: none known, an empty list.
        #expect(races.map { ($0["prices"] as? [Any])?.count } == [0, 0])
        let priced = RaceRowViewModel(
            position: 1, category: .horse, raceNumber: "R5", meetingName: "Moonee Valley", countdown: "2m 0s",
            urgency: .soon, race: race,
            shortestPrices: [
                RaceMarket.Price(runnerNumber: 3, price: 2.6), RaceMarket.Price(runnerNumber: 7, price: 4),
            ])
        RaceListJSONView(output: documents).display(model(.races([priced])))
        let prices = try #require(
            (documents.documents.last?.body["races"] as? [[String: Any]])?.first?["prices"] as? [[String: Any]])
        #expect(prices.map { $0["number"] as? Int } == [3, 7] && prices.map { $0["price"] as? Double } == [2.6, 4])
    }

    @Test("from 120 columns each row shows its three shortest prices, shortest first; narrower, the favourite's")
    func threePricesWide() {
        let rows = [
            RaceRowViewModel(
                position: 1, category: .horse, raceNumber: "R5", meetingName: "Moonee Valley", countdown: "2m 0s",
                urgency: .soon, startTime: "7:42pm", place: "VIC", marketFavouritePrice: "Fav 2.60",
                shortestPricesText: "3@2.60 7@4.00 1@5.50"),
            RaceRowViewModel(
                position: 2, category: .harness, raceNumber: "R8", meetingName: "Flamboro Downs", countdown: "1h 5m",
                urgency: .later, startTime: "10:07am", place: "CAN"),
            RaceRowViewModel(
                position: 3, category: .greyhound, raceNumber: "R1", meetingName: "Wentworth Park", countdown: "1h 9m",
                urgency: .later, startTime: "10:11am", place: "NSW", marketFavouritePrice: "Fav 21.00",
                shortestPricesText: "4@21.00"),
        ]
        let at = { (width: Int) in self.plainLines(rows, width: width) }
        #expect(
            at(120) == [
                "Next to Go - all categories",
                "  1  T  R5   Moonee Valley   VIC   7:42pm  3@2.60 7@4.00 1@5.50    2m 0s",
                "  2  H  R8   Flamboro Downs  CAN  10:07am                          1h 5m",
                "  3  G  R1   Wentworth Park  NSW  10:11am               4@21.00    1h 9m",
            ])
        #expect(at(119)[checked: 1] == "  1  T  R5   Moonee Valley   VIC   7:42pm   Fav 2.60    2m 0s")
        // Prices too wide for their column (runner numbers no field has) are left out whole, never cut.
        let hostile = RaceRowViewModel(
            position: 1, category: .horse, raceNumber: "R5", meetingName: "Moonee Valley", countdown: "2m 0s",
            urgency: .soon, startTime: "7:42pm", place: "VIC", marketFavouritePrice: "Fav 2.60",
            shortestPricesText: "1234@1001.00 5678@1001.00 9012@1001.00")
        let row = plainLines([hostile], width: 120)[checked: 1] ?? ""
        #expect(row.hasSuffix("  1234@1001.00 5678@1001.00    2m 0s") && !row.contains("9012"), "\(row)")
        #expect(at(120).allSatisfy { $0.count <= 120 })
    }

    @Test("the market favourite's price before the status where the meeting keeps its room: at 100 and 80, not 40")
    func marketFavouritePrices() {
        let rows = [
            RaceRowViewModel(
                position: 1, category: .horse, raceNumber: "R5", meetingName: "Moonee Valley", countdown: "2m 0s",
                urgency: .soon, startTime: "7:42pm", place: "VIC", marketFavouritePrice: "Fav 2.60"),
            RaceRowViewModel(
                position: 2, category: .harness, raceNumber: "R8", meetingName: "Flamboro Downs", countdown: "1h 5m",
                urgency: .later, startTime: "10:07am", place: "CAN"),
            RaceRowViewModel(
                position: 3, category: .greyhound, raceNumber: "R1", meetingName: "Wentworth Park", countdown: "1h 9m",
                urgency: .later, startTime: "10:11am", place: "NSW", marketFavouritePrice: "Fav 21.00"),
        ]
        let at = { (width: Int) in self.plainLines(rows, width: width) }
        #expect(
            at(100) == [
                "Next to Go - all categories",
                "  1  T  R5   Moonee Valley   VIC   7:42pm   Fav 2.60    2m 0s",
                "  2  H  R8   Flamboro Downs  CAN  10:07am               1h 5m",
                "  3  G  R1   Wentworth Park  NSW  10:11am  Fav 21.00    1h 9m",
            ])
        #expect(
            at(80) == [
                "Next to Go - all categories",
                "  1  T  R5   Moonee Valley    Fav 2.60    2m 0s",
                "  2  H  R8   Flamboro Downs               1h 5m",
                "  3  G  R1   Wentworth Park  Fav 21.00    1h 9m",
            ])
        // At 40 the meeting would be cut to a stub: no prices.
        #expect(
            at(40) == [
                "Next to Go - all categories",
                "  1  T  R5   Moonee Valley     2m 0s",
                "  2  H  R8   Flamboro Downs    1h 5m",
                "  3  G  R1   Wentworth Park    1h 9m",
            ])
        #expect(at(40).allSatisfy { $0.count <= 40 } && at(80).allSatisfy { $0.count <= 80 })
        // Short names keep the meeting's ten columns all the same: a price shows only where the row still fits.
        let short = (1...3).map {
            RaceRowViewModel(
                position: $0, category: .horse, raceNumber: "R\($0)", meetingName: "Ayr", countdown: "4m 0s",
                urgency: .later, marketFavouritePrice: "Fav 12.00")
        }
        for width in 36...50 {
            let lines = plainLines(short, width: width)
            #expect(lines.allSatisfy { $0.count <= width }, "\(width): \(lines)")
            #expect(lines[1].contains("Fav 12.00") == (width >= 43), "\(width): \(lines)")
        }
    }

    @Test("a window of 100 columns or more shows where and when each race starts; narrower keeps the compact rows")
    func wideRows() {
        let wide = [
            RaceRowViewModel(
                position: 1, category: .horse, raceNumber: "R5", meetingName: "Moonee Valley", countdown: "2m 0s",
                urgency: .soon, startTime: "7:42pm", place: "VIC"),
            RaceRowViewModel(
                position: 2, category: .harness, raceNumber: "R8", meetingName: "Flamboro Downs", countdown: "1h 5m",
                urgency: .later, startTime: "10:07am", place: "CAN"),
        ]
        let at = { (width: Int) in self.plainLines(wide, width: width) }
        #expect(
            at(100) == [
                "Next to Go - all categories",
                "  1  T  R5   Moonee Valley   VIC   7:42pm    2m 0s",
                "  2  H  R8   Flamboro Downs  CAN  10:07am    1h 5m",
            ])
        #expect(
            at(99) == [
                "Next to Go - all categories",
                "  1  T  R5   Moonee Valley     2m 0s",
                "  2  H  R8   Flamboro Downs    1h 5m",
            ])
    }

    @Test("a UTF-8 terminal gets glyphs; colour wraps only the countdown and title")
    func glyphsAndColour() {
        let style = DisplayStyle(isInteractive: true, usesGlyphs: true, usesColour: true, width: 80)
        RaceListTextView(output: output, style: style).display(model(.races(rows())))
        #expect(output.lines[checked: 0] == "\u{1B}[1mNext to Go\u{1B}[0m · all categories")
        #expect(output.lines[checked: 1] == "  1  🏇  R8   Mountaineer Park  \u{1B}[33m  2m 0s\u{1B}[0m")
        #expect(output.lines[checked: 2]?.contains("🐕") == true)
        #expect(output.lines[checked: 3]?.contains("🐎") == true)
    }

    @Test("hostile text from the feed is cleaned before it is printed")
    func sanitises() {
        let hostile = RaceRowViewModel(
            position: 1, category: .horse, raceNumber: "R1", meetingName: "Evil\u{1B}]0;pwned\u{07}\nPark",
            countdown: "5s", urgency: .imminent)
        RaceListTextView(output: output, style: .plain).display(model(.races([hostile])))
        #expect(output.lines[checked: 1] == "  1  T  R1   Evil]0;pwned Park       5s")
    }

    @Test("long meeting names are shortened to fit narrow terminals")
    func narrow() {
        let style = DisplayStyle(isInteractive: false, usesGlyphs: false, usesColour: false, width: 40)
        let long = RaceRowViewModel(
            position: 1, category: .horse, raceNumber: "R1", meetingName: "An Extremely Long Meeting Name Indeed",
            countdown: "1h 5m", urgency: .later)
        RaceListTextView(output: output, style: style).display(model(.races([long])))
        #expect(output.lines[checked: 1] == "  1  T  R1   An Extremely Lo...    1h 5m")
        #expect(output.lines[checked: 1]?.count == 40)
    }

    @Test("a terminal resized between draws gets a board that fits its new width")
    func resized() {
        let columns = LockedValue(80)
        let style = DisplayStyle(
            isInteractive: true, usesGlyphs: false, usesColour: false, width: 80, liveWidth: { columns.value })
        let long = RaceRowViewModel(
            position: 1, category: .horse, raceNumber: "R1", meetingName: "An Extremely Long Meeting Name Indeed",
            countdown: "1h 5m", urgency: .later)
        let view = RaceListTextView(output: output, style: style)
        view.display(model(.races([long])))
        columns.update { $0 = 40 }
        view.display(model(.races([long])))
        #expect(output.lines[checked: 1] == "  1  T  R1   An Extremely Long Meeting N...    1h 5m")
        #expect(output.lines[checked: 3] == "  1  T  R1   An Extremely Lo...    1h 5m")
    }

    @Test("empty state prints the message under the header, with any footnote")
    func empty() {
        RaceListTextView(output: output, style: .plain).display(
            model(.empty(message: "No upcoming races."), footnote: "1 race in the feed was left out (x)."))
        #expect(
            output.lines == [
                "Next to Go - all categories", "  No upcoming races.", "  1 race in the feed was left out (x).",
            ])
    }

    @Test("errors go to stderr with the retry hint")
    func error() {
        RaceListTextView(output: output, style: .plain).display(
            model(.error(message: "Could not read races from file a: no such file.", hint: "Type `refresh` to retry.")))
        #expect(output.lines.isEmpty)
        #expect(output.errors == ["Could not read races from file a: no such file.", "Type `refresh` to retry."])
    }

    @Test("loading shows only to a person at a terminal")
    func loading() {
        RaceListTextView(output: output, style: .plain).display(model(.loading(source: "file a.json")))
        #expect(output.lines.isEmpty)
        let interactive = DisplayStyle(isInteractive: true, usesGlyphs: false, usesColour: false, width: 80)
        RaceListTextView(output: output, style: interactive).display(model(.loading(source: "file a.json")))
        #expect(output.lines == ["Loading races from file a.json..."])
    }

    @Test("favourites are marked at the end of the row: * plain, ♥ with glyphs")
    func favouriteMarker() {
        let rows = [
            RaceRowViewModel(
                position: 1, category: .horse, raceNumber: "R8", meetingName: "Seymour", countdown: "2m 0s",
                urgency: .soon, isFavourite: true),
            RaceRowViewModel(
                position: 2, category: .horse, raceNumber: "R9", meetingName: "Seymour", countdown: "7m 0s",
                urgency: .later),
        ]
        RaceListTextView(output: output, style: .plain).display(model(.races(rows)))
        #expect(output.lines[checked: 1] == "  1  T  R8   Seymour       2m 0s  *")
        #expect(output.lines[checked: 2] == "  2  T  R9   Seymour       7m 0s")
        let glyphs = DisplayStyle(isInteractive: true, usesGlyphs: true, usesColour: false, width: 80)
        RaceListTextView(output: output, style: glyphs).display(model(.races(rows)))
        #expect(output.lines[checked: 4] == "  1  🏇  R8   Seymour       2m 0s  ♥")
    }

    @Test("warnings go to stderr")
    func warnings() {
        RaceListTextView(output: output, style: .plain).displayWarning("Warning: set aside")
        #expect(output.errors == ["Warning: set aside"])
    }

    @Test("a narrow window's status line drops the freshness, then shortens the race's name: the countdown stays")
    func narrowStatus() {
        let narrow = DisplayStyle(isInteractive: true, usesGlyphs: true, usesColour: false, width: 40)
        let view = RaceListTextView(output: output, style: narrow)
        view.displayStatus(
            LiveStatusViewModel(
                next: "R9 Meadowlands (harness) in 1m 29s", freshness: "updated 5s ago", countdown: "in 1m 29s"))
        view.displayStatus(
            LiveStatusViewModel(
                next: "R10 Woodbine Mohawk (harness) in 1m 29s", freshness: "updated 5s ago", countdown: "in 1m 29s"))
        #expect(
            output.statuses == [
                "Next: R9 Meadowlands (harnes… in 1m 29s", "Next: R10 Woodbine Mohawk (h… in 1m 29s",
            ])
        let wide = RecordingOutput()
        RaceListTextView(
            output: wide, style: DisplayStyle(isInteractive: true, usesGlyphs: true, usesColour: false, width: 80)
        )
        .displayStatus(
            LiveStatusViewModel(
                next: "R9 Meadowlands (harness) in 1m 29s", freshness: "updated 5s ago", countdown: "in 1m 29s"))
        #expect(wide.statuses == ["Next: R9 Meadowlands (harness) in 1m 29s · updated 5s ago"])
    }

    @Test("on a terminal a watch frame is drawn over the previous board; in a pipe it is appended")
    func watchFrames() {
        let frame = RaceListViewModel(
            title: "Next to Go", filterSummary: "all categories", content: .races(rows()), replacesPrevious: true)
        let terminal = DisplayStyle(isInteractive: true, usesGlyphs: false, usesColour: false, width: 80)
        let view = RaceListTextView(output: output, style: terminal)
        view.display(model(.races(rows())))
        view.display(frame)
        #expect(output.lines[checked: 4] == "\u{1B}[4A\rNext to Go - all categories\u{1B}[K")
        #expect(output.lines.last?.hasSuffix("\u{1B}[K\u{1B}[J") == true)
        // Nothing clears to the end of the screen from a row's start, where a full window's top left would be.
        #expect(!output.lines.contains { $0.contains("\r\u{1B}[J") || $0.hasPrefix("\u{1B}[J") })

        let piped = RecordingOutput()
        let plainView = RaceListTextView(output: piped, style: .plain)
        plainView.display(model(.races(rows())))
        plainView.display(frame)
        #expect(piped.lines[checked: 4] == "Next to Go - all categories")
    }
}
