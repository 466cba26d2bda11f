import Core
import Testing

@Suite("Terminal text")
struct TerminalTextTests {
    @Test("control characters from data never reach the terminal")
    func stripsControls() {
        let hostile = "Happy\u{1B}[31m Valley\u{07}\u{0}\u{9B}2J\r\nR1\u{202E}evil\u{200B}"
        let cleaned = TerminalText.clean(hostile, asciiOnly: false)
        #expect(cleaned == "Happy[31m Valley2J R1evil")
        #expect(!cleaned.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test("ASCII mode folds accents and replaces the rest")
    func asciiOnly() {
        #expect(TerminalText.clean("Château  Ñandú", asciiOnly: true) == "Chateau Nandu")
        #expect(TerminalText.clean("大井 Oi", asciiOnly: true) == "?? Oi")
        #expect(TerminalText.clean("Château", asciiOnly: false) == "Château")
    }

    @Test("width counts wide characters and emoji as two columns")
    func width() {
        #expect(TerminalText.width(of: "abc") == 3)
        #expect(TerminalText.width(of: "🏇") == 2)
        #expect(TerminalText.width(of: "大井") == 4)
        #expect(TerminalText.width(of: "e\u{301}") == 1)
    }

    @Test("fit pads or shortens with an ellipsis")
    func fit() {
        #expect(TerminalText.fit("Casino", columns: 8, asciiOnly: true) == "Casino  ")
        #expect(TerminalText.fit("Murray Bridge Straight", columns: 10, asciiOnly: true) == "Murray ...")
        #expect(TerminalText.fit("Murray Bridge Straight", columns: 10, asciiOnly: false) == "Murray Br…")
    }

    @Test("wrap breaks at spaces and splits words longer than a line")
    func wrap() {
        #expect(TerminalText.wrap("one two three four", columns: 9) == ["one two", "three", "four"])
        #expect(TerminalText.wrap("abcdefghij", columns: 4) == ["abcd", "efgh", "ij"])
        #expect(TerminalText.wrap("", columns: 4) == [])
    }
}
