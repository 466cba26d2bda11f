import Core
import Text

/// The screen a live terminal keeps drawn just above the status line and the prompt, redrawn as each second
/// turns: the blocks of lines the last command that drew a screen wrote (a sheet comes as two, the board it
/// was opened over and then the sheet). Pure: fitting it to a window gives the rows to draw.
public struct LiveRegion: Sendable, Equatable {
    public var blocks: [[String]]
    /// Taller than the window, the region shows its end, where what came in is (a sheet's result), and says
    /// how much is above; otherwise its top, and how much is below.
    public var showsEnd = false
    /// The first lines of the screens, written out just above the region because the window could not hold them
    /// all: only the lines after them are drawn (live), so what the window shows is the whole screen's end.
    public var writtenOutAbove = 0

    public init(blocks: [[String]], showsEnd: Bool = false, writtenOutAbove: Int = 0) {
        self.blocks = blocks
        self.showsEnd = showsEnd
        self.writtenOutAbove = writtenOutAbove
    }

    public var lineCount: Int { blocks.reduce(0) { $0 + $1.count } }

    /// The rows drawn live: the lines after those written out above.
    public var liveLineCount: Int { max(0, lineCount - writtenOutAbove) }

    /// Taller than the window, it shows its end: asked to (a sheet grown past the window), or because its head
    /// was written out above.
    public var keepsEnd: Bool { showsEnd || writtenOutAbove > 0 }

    /// At most `room` rows, each cut to `columns` (a wrapped row could not be drawn over a row at a time).
    /// With more lines than room, the blocks underneath give way before the last one (what the user asked to
    /// see), the last keeps its top, and the final row says how many lines are hidden.
    public func rows(columns: Int, room: Int, hiddenNote: (Int) -> String) -> [String] {
        let all = Array(blocks.flatMap { $0 }.dropFirst(writtenOutAbove))
        guard all.count > room else { return all.map { Self.cut($0, columns: columns) } }
        guard room > 0 else { return [] }
        if keepsEnd {
            return ([hiddenNote(all.count - (room - 1))] + all.suffix(room - 1)).map { Self.cut($0, columns: columns) }
        }
        let available = room - 1
        let last = blocks.last ?? []
        let lastShown = min(last.count, available)
        let earlier = blocks.dropLast().flatMap { $0 }.prefix(available - lastShown)
        let shown = Array(earlier) + last.prefix(lastShown)
        return (shown + [hiddenNote(all.count - shown.count)]).map { Self.cut($0, columns: columns) }
    }

    /// The rows of a `watch` frame taller than its room, seen from `scroll` rows down: a window onto it with a
    /// last row saying what is above and below (`note`). `scroll` is kept within the frame, and given back.
    public static func scrolled(
        _ lines: [String], room: Int, scroll: Int, columns: Int, note: (_ above: Int, _ below: Int) -> String
    ) -> (rows: [String], scroll: Int) {
        guard lines.count > room else { return (lines.map { cut($0, columns: columns) }, 0) }
        guard room > 0 else { return ([], 0) }
        let visible = room - 1
        let scroll = min(max(scroll, 0), lines.count - visible)
        let shown = lines[scroll..<(scroll + visible)]
        let rows = shown + [note(scroll, lines.count - visible - scroll)]
        return (rows.map { cut($0, columns: columns) }, scroll)
    }

    static func cut(_ line: String, columns: Int) -> String {
        TerminalText.prefix(painted: line, columns: max(columns, 1)).text
    }
}
