import Core
import Text

/// Draws the live area at the bottom of a terminal: the status line (if any) and, below it, the prompt with
/// the line being typed. Each takes exactly one row, whatever the width, so the area can always be erased by
/// going up a known number of rows: the status is cut to fit, and a line longer than the window scrolls
/// sideways to keep the cursor in view. Pure: the escape sequences come back as text.
public struct PromptLayout: Sendable, Equatable {
    public var prompt: String
    public var columns: Int
    /// The first character of the line shown when it scrolls sideways.
    public private(set) var scrollOffset = 0
    /// What the last draw left on screen: the status's columns (nil: none) and the cursor's column.
    public private(set) var drawnStatusColumns: Int?
    public private(set) var drawnCursorColumn = 0

    public init(prompt: String, columns: Int) {
        self.prompt = prompt
        self.columns = columns
    }

    /// From the start of the area's first row: the rows, with the cursor left where the typing is. `line` is the
    /// line editor's characters and `cursor` an index into them (never re-read from text: two characters the
    /// editor holds apart could read as one, and the cursor would point past the end). A character holding
    /// an invisible or reordering scalar is drawn as `?` (`TerminalText.drawable`).
    public mutating func draw(status: String?, line: [Character], cursor: Int, paintStatus: (String) -> String)
        -> String
    {
        let width = max(columns, 2)
        var output = ""
        drawnStatusColumns = nil
        if let status {
            let fitted = TerminalText.prefix(status, columns: width - 1)
            drawnStatusColumns = TerminalText.width(of: fitted)
            output += paintStatus(fitted) + "\u{1B}[K\r\n"
        }
        return output + drawLine(line, cursor: cursor, clearingBelow: true)
    }

    /// The prompt row alone, from anywhere on it: what a key typed changes. `clearingBelow` also clears the rows
    /// under it: an area drawn over a taller one (`moveToStart`) leaves nothing of the old one behind.
    public mutating func drawLine(_ line: [Character], cursor: Int, clearingBelow: Bool = false) -> String {
        let width = max(columns, 2)
        var output = ""
        let characters = line.map(TerminalText.drawable)
        let cursor = min(max(cursor, 0), characters.count)
        // A window narrower than the prompt gets a short one: a wrapped prompt could not be erased.
        let prompt = TerminalText.width(of: self.prompt) + 4 > width ? ">" : self.prompt
        let promptColumns = TerminalText.width(of: prompt)
        let room = max(1, width - 1 - promptColumns)
        scrollOffset = min(scrollOffset, cursor)
        // One pass, however long the line: drop characters from the left until the cursor fits.
        var columnsToCursor = characters[scrollOffset..<cursor].reduce(0) { $0 + TerminalText.width(of: $1) }
        while columnsToCursor >= room, scrollOffset < cursor {
            columnsToCursor -= TerminalText.width(of: characters[scrollOffset])
            scrollOffset += 1
        }
        let shown = TerminalText.prefix(characters[scrollOffset...], columns: room)
        let beforeCursor = promptColumns + columnsToCursor
        // Cleared from after the prompt's text, never from a row's start: see `erase`.
        output += "\r" + prompt + shown + (clearingBelow ? "\u{1B}[J\r" : "\u{1B}[K\r")
        if beforeCursor > 0 { output += "\u{1B}[\(beforeCursor)C" }
        drawnCursorColumn = beforeCursor
        return output
    }

    /// From anywhere on the prompt row: back to the start of the area, every row of it cleared. `rowsAbove`
    /// are rows drawn above the status line (a live region) that go too.
    ///
    /// Row by row, never "erase to the end of the screen" (ED): an area as tall as the window starts at its top
    /// left, and an ED there is a clear screen to tmux (`scroll-on-clear`) and other terminals, which push the
    /// whole window into the scrollback, a copy a second while a sheet ticks.
    public static func erase(hasStatus: Bool, rowsAbove: Int = 0) -> String {
        let rows = rowsAbove + (hasStatus ? 1 : 0)
        return up(rows) + "\u{1B}[2K" + String(repeating: "\u{1B}[1B\u{1B}[2K", count: rows) + up(rows)
    }

    /// From anywhere on the prompt row: back to the start of the area, nothing cleared, for an area drawn again
    /// over it (each row cleared to its end as it is drawn, and below the prompt after it: `draw`).
    public static func moveToStart(hasStatus: Bool, rowsAbove: Int = 0) -> String {
        up(rowsAbove + (hasStatus ? 1 : 0))
    }

    /// The same after the window was resized to `columns`: a terminal that re-wraps lines may have folded the
    /// rows above (given by the columns each took), the status and the prompt over several rows, and the
    /// cursor with them. The rows are not known any more, so this clears to the end of the screen (see `erase`):
    /// once a resize, not once a second.
    public func eraseAfterResize(to columns: Int, rowsAbove: [Int] = []) -> String {
        let columns = max(columns, 1)
        func rows(_ width: Int) -> Int { max(1, (width + columns - 1) / columns) }
        let up =
            rowsAbove.reduce(0) { $0 + rows($1) } + (drawnStatusColumns.map(rows) ?? 0) + drawnCursorColumn / columns
        return Self.up(up) + "\u{1B}[J"
    }

    /// To the first column, `rows` rows up.
    static func up(_ rows: Int) -> String {
        "\r" + (rows > 0 ? "\u{1B}[\(rows)A" : "")
    }
}
