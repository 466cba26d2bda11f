import Core
import Testing
import Text

@Suite("Terminal text")
struct TerminalTextTests {
    @Test("control characters from data never reach the terminal")
    func stripsControls() {
        let hostile = "Happy\u{1B}[31m Valley\u{07}\u{0}\u{9B}2J\r\nR1\u{202E}evil\u{200B}"
        let cleaned = TerminalText.clean(hostile, asciiOnly: false)
        #expect(cleaned == "Happy[31m Valley2J R1evil")
        #expect(!cleaned.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test("withoutInvisibles drops what clean drops and changes nothing else: spacing, breaks and tabs stay")
    func withoutInvisibles() {
        let hostile = "  Happy\u{1B}[31m  Valley\u{9B}\u{7F}\n\tR1\u{202E}evil\u{200B}\u{2028}\u{E000} 大井"
        #expect(TerminalText.withoutInvisibles(hostile) == "  Happy[31m  Valley\n\tR1evil 大井")
        #expect(TerminalText.withoutInvisibles("plain  text ") == "plain  text ")
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
        #expect(TerminalText.wrap("ab cdefghij k", columns: 4) == ["ab", "cdef", "ghij", "k"])
        #expect(
            TerminalText.wrap("\u{1B}[31mabcdefgh\u{1B}[0m", columns: 4) == ["\u{1B}[31mabcd", "efgh\u{1B}[0m"],
            "a painted word wider than a line is cut between letters, never inside its escapes")
        // Colour escapes take no columns: a painted line breaks where its plain text would.
        let painted = "\u{1B}[33m⏰ R9 Meadowlands has left the board\u{1B}[0m"
        #expect(
            TerminalText.wrap(painted, columns: 20) == [
                "\u{1B}[33m⏰ R9 Meadowlands", "has left the board\u{1B}[0m",
            ])
        #expect(TerminalText.wrap("大井大井大", columns: 4) == ["大井", "大井", "大"], "by columns, not characters")
        #expect(TerminalText.wrap("abc", columns: 0) == ["a", "b", "c"], "a line always holds something")
    }

    @Test("a word of 200,000 letters wraps into full lines, every letter kept")
    func wrapHugeWord() {
        let lines = TerminalText.wrap(String(repeating: "a", count: 200_000), columns: 80)
        #expect(lines.count == 2_500)
        #expect(lines.allSatisfy { $0.count == 80 })
    }

    @Test("typed text is quoted with control characters named, never sent to the terminal")
    func quoted() {
        #expect(TerminalText.quoted("lsit") == "'lsit'")
        #expect(TerminalText.quoted("\u{1B}]0;pwned\u{07}") == "'^[]0;pwned^G'")
        #expect(TerminalText.quoted("\u{1B}[A") == "'^[[A'")
        #expect(TerminalText.quoted("a\u{7F}\u{9B}\u{202E}b") == "'a^?<U+9B><U+202E>b'")
        #expect(TerminalText.quoted("café") == "'cafe'")
        #expect(TerminalText.quoted(String(repeating: "x", count: 100), limit: 5) == "'xxxxx...'")
    }
}

@Suite("Painted text cut to a width")
struct PaintedPrefixTests {
    @Test("colour escapes take no columns and are kept whole; a cut inside a colour closes it")
    func painted() {
        let style = DisplayStyle(isInteractive: true, usesGlyphs: true, usesColour: true, width: 80)
        let line = "  " + style.paint("Flemington", .bold) + " 1m 0s"
        #expect(TerminalText.prefix(painted: line, columns: 80) == (line, 18))
        let cut = TerminalText.prefix(painted: line, columns: 6)
        #expect(cut.text == "  \u{1B}[1mFlem\u{1B}[0m")
        #expect(cut.columns == 6)
        #expect(TerminalText.prefix(painted: "🏇🏇", columns: 3) == ("🏇", 2))
    }
}
