import BlackbookView
import Core
import TestSupport
import Testing
import Text

@MainActor
@Suite("Blackbook views")
struct BlackbookViewTests {
    let output = RecordingOutput()

    static func style(_ width: Int) -> DisplayStyle {
        DisplayStyle(isInteractive: false, usesGlyphs: false, usesColour: false, width: width)
    }

    let book = BlackbookViewModel(
        title: "Blackbook (2)",
        content: .entries([
            BlackbookRowViewModel(
                position: 1, name: "Casey Merriman", kind: "driver", note: "sits handy, wins the sprint home",
                nextRun: "R4 Alexandra Park 6:34am (11 Crimson Tango)", countdown: "27m 20s", category: .harness,
                country: "NZ"),
            BlackbookRowViewModel(
                position: 2, name: "Quiet Banjo", kind: "runner", note: nil, nextRun: nil, countdown: nil),
        ]),
        footnote: "Cards read for 12 of 140 races to come; `book` again reads more, soonest first.")

    @Test("100 columns: an entry, its next run and its note, each on a line")
    func wide() {
        BlackbookTextView(output: output, style: Self.style(100)).display(book)
        #expect(
            output.lines == [
                "Blackbook (2)",
                "  1  Casey Merriman (driver)",
                "     next: R4 Alexandra Park 6:34am (11 Crimson Tango), in 27m 20s",
                "     note: sits handy, wins the sprint home",
                "  2  Quiet Banjo (runner)",
                "     not engaged today",
                "  Cards read for 12 of 140 races to come; `book` again reads more, soonest first.",
            ])
    }

    @Test("40 columns: every line fits, nothing of the next run or the note is lost")
    func narrow() {
        BlackbookTextView(output: output, style: Self.style(40)).display(book)
        #expect(output.lines.allSatisfy { TerminalText.width(of: $0) <= 40 }, "\(output.lines)")
        let words = output.lines.joined(separator: " ").split(separator: " ")
        for expected in ["Crimson", "Tango),", "27m", "20s", "sprint", "home", "soonest"] {
            #expect(words.contains(Substring(expected)), "\(expected) in \(output.lines)")
        }
        #expect(output.lines[1] == "  1  Casey Merriman (driver)")
    }

    @Test("a name from the data with control characters is written clean")
    func controlCharacters() {
        let hostile = BlackbookViewModel(
            title: "Blackbook (1)",
            content: .entries([
                BlackbookRowViewModel(
                    position: 1, name: "Bad\u{1B}[2JName", kind: "runner", note: "a\u{07}b", nextRun: nil,
                    countdown: nil)
            ]))
        BlackbookTextView(output: output, style: Self.style(100)).display(hostile)
        #expect(!output.lines.joined().unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test("JSON: each entry with its next run, the change as its own document")
    func json() throws {
        let documents = RecordingDocuments()
        let view = BlackbookJSONView(output: documents)
        view.display(book)
        view.displayChange(
            BlackbookChangeViewModel(
                action: "follow", kind: "rider", name: "Casey Merriman", note: nil,
                message: "Following Casey Merriman (rider).", category: .harness, country: "NZ"))
        #expect(documents.documents.map(\.type) == ["book", "bookChange"])
        let entries = try #require(documents.documents.first?.body["entries"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["Casey Merriman", "Quiet Banjo"])
        #expect(entries.map { $0["kind"] as? String } == ["driver", "runner"])
        #expect(documents.documents.last?.body["action"] as? String == "follow")
        // The code and country an entry follows in; null in one saved before entries kept them.
        #expect(entries.map { $0["category"] as? String } == ["harness", nil])
        #expect(entries.map { $0["country"] as? String } == ["NZ", nil])
        #expect(entries.last?["country"] is JSONNull)
        #expect(documents.documents.last?.body["category"] as? String == "harness")
        #expect(documents.documents.last?.body["country"] as? String == "NZ")
    }

    @Test("a change on the book: text says it and draws the book again; JSON answers the change alone")
    func changeLeavingBook() throws {
        let change = BlackbookChangeViewModel(
            action: "note", kind: "runner", name: "Quiet Banjo", note: "sharp", message: "Noted on Quiet Banjo.")
        BlackbookTextView(output: output, style: Self.style(100)).displayChange(change, leaving: book)
        #expect(
            Array(output.lines.prefix(3)) == ["Noted on Quiet Banjo.", "Blackbook (2)", "  1  Casey Merriman (driver)"])

        let documents = RecordingDocuments()
        BlackbookJSONView(output: documents).displayChange(change, leaving: book)
        #expect(documents.documents.map(\.type) == ["bookChange"])
        #expect(documents.documents.first?.body["note"] as? String == "sharp")
        #expect(documents.documents.first?.body["message"] as? String == "Noted on Quiet Banjo.")
    }
}
