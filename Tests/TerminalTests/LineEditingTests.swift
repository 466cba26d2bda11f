import Core
import Foundation
import Terminal
import Testing
import Text

@Suite("Keys from terminal bytes")
struct KeyDecoderTests {
    private func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.keys(from: Array(text.utf8))
    }

    @Test("text, control keys and the common escape sequences")
    func named() {
        #expect(keys("ab\r\t\u{7F}") == [.character("a"), .character("b"), .enter, .tab, .backspace])
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~") == [.home, .end, .home, .end, .home, .end])
        #expect(keys("\u{1B}[3~\u{1B}[1;5D\u{1B}b\u{1B}f") == [.delete, .wordLeft, .wordLeft, .wordRight])
        #expect(keys("\u{01}\u{03}\u{04}\u{17}") == [.control("a"), .control("c"), .control("d"), .control("w")])
    }

    @Test("a lone Esc at the end of a read is the Esc key; unknown sequences are dropped whole, never typed")
    func escape() {
        #expect(keys("\u{1B}") == [.escape])
        #expect(keys("\u{1B}[15~x\u{1B}[200~y") == [.character("x"), .character("y")])
    }

    @Test("terminal strings (OSC, DCS) ending in the same read are dropped whole; Ctrl-\\ is a key")
    func terminalStrings() {
        #expect(
            keys("a\u{1B}]0;title\u{07}b\u{1B}P1$r\u{1B}\\c") == [.character("a"), .character("b"), .character("c")])
        #expect(keys("\u{1B}]x") == [.escape, .character("]"), .character("x")])
        #expect(keys("\u{1C}") == [.control("\\")])
    }

    @Test("UTF-8 characters, also split across reads; bytes that are not UTF-8 are dropped")
    func utf8() {
        #expect(keys("é🏇") == [.character("é"), .character("🏇")])
        var decoder = KeyDecoder()
        let horse = Array("🏇".utf8)
        #expect(decoder.keys(from: horse.prefix(2)).isEmpty)
        #expect(decoder.keys(from: horse.dropFirst(2)) == [.character("🏇")])
        #expect(decoder.keys(from: [0xFF, 0xC3, 0x28, 0x41]) == [.character("("), .character("A")])
    }

    @Test("hostile input: a megabyte of random bytes decodes without a trap and types no control character")
    func random() {
        var generator = SystemRandomNumberGenerator()
        var decoder = KeyDecoder()
        for _ in 0..<64 {
            let bytes = (0..<16_384).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for case .character(let character) in decoder.keys(from: bytes) {
                #expect(!character.unicodeScalars.contains { $0.properties.generalCategory == .control })
            }
        }
    }
}

@Suite("Line editor")
struct LineEditorTests {
    private func type(_ text: String, into editor: inout LineEditor) {
        for character in text { _ = editor.handle(.character(character)) }
    }

    @Test("moving and deleting, by character and by word")
    func editing() {
        var editor = LineEditor()
        type("filter dogs", into: &editor)
        _ = editor.handle(.control("a"))
        _ = editor.handle(.delete)
        _ = editor.handle(.character("F"))
        #expect(editor.text == "Filter dogs")
        _ = editor.handle(.end)
        _ = editor.handle(.control("w"))
        #expect(editor.text == "Filter ")
        type("trots", into: &editor)
        _ = editor.handle(.wordLeft)
        _ = editor.handle(.control("k"))
        #expect(editor.text == "Filter ")
        _ = editor.handle(.control("u"))
        #expect(editor.text.isEmpty && editor.cursor == 0)
    }

    @Test("history: Up recalls older lines, Down returns to the line being typed; repeats and blanks not kept")
    func history() {
        var editor = LineEditor(history: LineHistory(["list", "show 1"]))
        #expect(editor.handle(.enter) == .submit(""))
        type("fav 2", into: &editor)
        #expect(editor.handle(.enter) == .submit("fav 2"))
        type("fav 2 ", into: &editor)
        _ = editor.handle(.enter)
        #expect(editor.history.entries == ["list", "show 1", "fav 2"])
        type("dra", into: &editor)
        _ = editor.handle(.up)
        #expect(editor.text == "fav 2")
        _ = editor.handle(.up)
        _ = editor.handle(.up)
        _ = editor.handle(.up)
        #expect(editor.text == "list")
        _ = editor.handle(.down)
        #expect(editor.text == "show 1")
        _ = editor.handle(.down)
        _ = editor.handle(.down)
        #expect(editor.text == "dra")
    }

    @Test("Ctrl-C drops the line; Ctrl-D quits only on an empty line")
    func controlKeys() {
        var editor = LineEditor()
        type("wat", into: &editor)
        #expect(editor.handle(.control("c")) == .cancelled)
        #expect(editor.text.isEmpty)
        #expect(editor.handle(.control("c")) == .cancelledEmpty, "nothing to drop: someone trying to leave")
        type("ab", into: &editor)
        _ = editor.handle(.left)
        #expect(editor.handle(.control("d")) == .edited)
        #expect(editor.text == "a")
        _ = editor.handle(.backspace)
        #expect(editor.handle(.control("d")) == .endOfInput)
    }

    @Test("wide characters and combining marks keep the cursor in characters")
    func unicode() {
        var editor = LineEditor()
        type("🏇e", into: &editor)
        _ = editor.handle(.character("\u{301}"))
        #expect(editor.text == "🏇é")
        #expect(editor.cursor == 2)
        _ = editor.handle(.left)
        _ = editor.handle(.backspace)
        #expect(editor.text == "é")
    }

    @Test("a 200,000-character paste goes in a character at a time and draws in one pass (no quadratic cost)")
    func hugePaste() {
        var editor = LineEditor()
        let paste = String(repeating: "🏇a", count: 100_000)
        type(paste, into: &editor)
        #expect(editor.cursor == 200_000)
        var layout = PromptLayout(prompt: "> ", columns: 80)
        let drawn = layout.draw(status: nil, line: editor.characters, cursor: editor.cursor) { $0 }
        #expect(layout.scrollOffset > 199_000)
        #expect(drawn.hasSuffix("\u{1B}[J\r\u{1B}[78C"))
    }

    @Test(
        "keys that join the character before into one (a flag, a skin tone, a ZWJ sequence, jamo, an accent) are one",
        arguments: [
            (["🇦", "🇺"], "🇦🇺"), (["👍", "🏽"], "👍🏽"), (["👩", "\u{200D}", "💻"], "👩‍💻"),
            (["\u{1100}", "\u{1161}", "\u{11A8}"], "\u{1100}\u{1161}\u{11A8}"), (["e", "\u{301}"], "e\u{301}"),
            (["🏴", "\u{E0067}", "\u{E0062}", "\u{E0065}", "\u{E006E}", "\u{E0067}", "\u{E007F}"], "🏴󠁧󠁢󠁥󠁮󠁧󠁿"),
        ])
    func joinedCharacters(keys: [String], joined: String) {
        var editor = LineEditor()
        for key in ["a"] + keys + ["b"] { _ = editor.handle(.character(Character(key))) }
        #expect(editor.text == "a" + joined + "b")
        #expect(editor.characters == ["a", Character(joined), "b"])
        #expect(editor.cursor == 3)
        _ = editor.handle(.left)
        _ = editor.handle(.backspace)
        #expect(editor.text == "ab", "the whole character goes at once")
    }

    @Test("a cursor is never inside a character: typed before its second half, or left between halves by a delete")
    func cursorNeverInside() {
        var editor = LineEditor()
        type("🇺", into: &editor)
        _ = editor.handle(.home)
        type("🇦", into: &editor)
        #expect(editor.characters == ["🇦🇺"])
        #expect(editor.cursor == 1)
        var split = LineEditor()
        type("🇦x🇺", into: &split)
        _ = split.handle(.left)
        _ = split.handle(.backspace)
        #expect(split.characters == ["🇦🇺"])
        #expect(split.cursor == 1)
    }

    @Test("random keys of every kind of cluster, at random places: the prompt always draws, the cursor in range")
    func randomClusterKeys() {
        let pieces: [String] = [
            "🇦", "🇺", "🇳", "🇿", "👍", "🏽", "\u{200D}", "👩", "💻", "\u{1100}", "\u{1161}", "\u{11A8}", "e",
            "\u{301}", "\u{20DD}", "\u{FE0F}", "\u{202E}", "\u{200B}", "漢", " ", "a",
        ]
        let moves: [Key] = [.left, .right, .home, .end, .backspace, .delete, .wordLeft, .control("w")]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var editor = LineEditor()
            var layout = PromptLayout(prompt: "next-to-go> ", columns: Int.random(in: 2...40, using: &random))
            for _ in 0..<40 {
                if Bool.random(using: &random) {
                    _ = editor.handle(.character(Character(pieces.randomElement(using: &random)!)))
                } else {
                    _ = editor.handle(moves.randomElement(using: &random)!)
                }
                #expect((0...editor.characters.count).contains(editor.cursor))
                _ = layout.draw(status: "s", line: editor.characters, cursor: editor.cursor) { $0 }
            }
        }
    }

    @Test("invisible and reordering characters in the line (typed, or from history) are drawn as ?")
    func invisibleDrawn() {
        var layout = PromptLayout(prompt: "> ", columns: 40)
        let drawn = layout.draw(status: nil, line: Array("a\u{202E}b\u{200B}c\u{2066}"), cursor: 6) { $0 }
        #expect(drawn == "\r> a?b?c?\u{1B}[J\r\u{1B}[8C")
        #expect(TerminalText.drawable("👩‍💻") == "👩‍💻")
        #expect(TerminalText.drawable("\u{200D}") == "?")
    }

    @Test("the history keeps the newest lines, none with control characters or over 1000 long")
    func historyLimits() {
        let history = LineHistory(
            (1...600).map { "show \($0)" } + ["bad\u{1B}[2J", String(repeating: "x", count: 1001)], capacity: 500)
        #expect(history.entries.count == 500)
        #expect(history.entries.first == "show 101")
        #expect(history.entries.last == "show 600")
    }
}

@Suite("Prompt area layout")
struct PromptLayoutTests {
    @Test("status above, prompt below, the cursor put after the text before it")
    func layout() {
        var layout = PromptLayout(prompt: "> ", columns: 40)
        let drawn = layout.draw(status: "Next: R1", line: Array("list"), cursor: 2) { "<\($0)>" }
        // The prompt row clears what a taller area left below it, from after its text.
        #expect(drawn == "<Next: R1>\u{1B}[K\r\n\r> list\u{1B}[J\r\u{1B}[4C")
        #expect(PromptLayout.erase(hasStatus: true) == "\r\u{1B}[1A\u{1B}[2K\u{1B}[1B\u{1B}[2K\r\u{1B}[1A")
    }

    @Test("a status wider than the window is cut; a long line scrolls so the cursor stays in view")
    func narrow() {
        var layout = PromptLayout(prompt: "> ", columns: 12)
        let status = layout.draw(status: String(repeating: "s", count: 50), line: [], cursor: 0) { $0 }
        #expect(status.hasPrefix(String(repeating: "s", count: 11) + "\u{1B}[K"))
        let line = String(repeating: "a", count: 30) + "🏇"
        let drawn = layout.draw(status: nil, line: Array(line), cursor: 31) { $0 }
        #expect(layout.scrollOffset > 0)
        // "> " and six letters and the two-column horse: the cursor after it, at column 10.
        #expect(drawn == "\r> aaaaaa🏇\u{1B}[J\r\u{1B}[10C")
    }
}

@Suite("Live region")
struct LiveRegionTests {
    private static func note(_ hidden: Int) -> String { "[\(hidden) hidden]" }

    @Test("a region that fits is drawn whole, each row cut to the window's width")
    func fits() {
        let region = LiveRegion(blocks: [["Next to Go", "  1  R1  Flemington  1m 0s"]])
        #expect(region.rows(columns: 12, room: 5, hiddenNote: Self.note) == ["Next to Go", "  1  R1  Fle"])
    }

    @Test("too tall: the board keeps its top rows and the last row counts the rest")
    func tooTall() {
        let board = (0..<10).map { "row \($0)" }
        let rows = LiveRegion(blocks: [board]).rows(columns: 40, room: 4, hiddenNote: Self.note)
        #expect(rows == ["row 0", "row 1", "row 2", "[7 hidden]"])
    }

    @Test("a sheet too tall with its board: the board under it gives way first")
    func sheetKeepsItsRows() {
        let board = ["board 0", "board 1", "board 2"]
        let sheet = ["sheet 0", "sheet 1", "sheet 2"]
        let region = LiveRegion(blocks: [board, sheet])
        #expect(
            region.rows(columns: 40, room: 5, hiddenNote: Self.note) == [
                "board 0", "sheet 0", "sheet 1", "sheet 2", "[2 hidden]",
            ])
        #expect(region.rows(columns: 40, room: 3, hiddenNote: Self.note) == ["sheet 0", "sheet 1", "[4 hidden]"])
        #expect(region.rows(columns: 40, room: 0, hiddenNote: Self.note).isEmpty)
    }

    @Test("a watch frame taller than its room is a window onto it, kept within the frame, saying what is where")
    func scrolled() {
        let lines = (0..<10).map { "row \($0)" }
        let note = { (above: Int, below: Int) in "[\(above) above, \(below) below]" }
        #expect(
            LiveRegion.scrolled(lines, room: 4, scroll: 0, columns: 40, note: note)
                == (["row 0", "row 1", "row 2", "[0 above, 7 below]"], 0))
        #expect(
            LiveRegion.scrolled(lines, room: 4, scroll: 99, columns: 40, note: note)
                == (["row 7", "row 8", "row 9", "[7 above, 0 below]"], 7))
        #expect(LiveRegion.scrolled(lines, room: 20, scroll: 5, columns: 3, note: note).rows.first == "row")
        #expect(LiveRegion.scrolled(lines, room: 20, scroll: 5, columns: 3, note: note).scroll == 0)
    }

    @Test("erasing the area goes up over the region's rows too")
    func erase() {
        // Row by row: an erase to the end of the screen from the window's top left is a clear screen to tmux,
        // which pushes the window into the scrollback.
        let seven = String(repeating: "\u{1B}[1B\u{1B}[2K", count: 7)
        #expect(PromptLayout.erase(hasStatus: true, rowsAbove: 6) == "\r\u{1B}[7A\u{1B}[2K" + seven + "\r\u{1B}[7A")
        #expect(PromptLayout.erase(hasStatus: false) == "\r\u{1B}[2K\r")
        #expect(PromptLayout.moveToStart(hasStatus: true, rowsAbove: 6) == "\r\u{1B}[7A")
        var layout = PromptLayout(prompt: "> ", columns: 40)
        _ = layout.draw(status: "Next", line: Array("ab"), cursor: 2) { $0 }
        // Resized to 10 columns: a 25-column row re-wrapped takes three.
        #expect(layout.eraseAfterResize(to: 10, rowsAbove: [25, 4]) == "\r\u{1B}[5A\u{1B}[J")
    }
}
