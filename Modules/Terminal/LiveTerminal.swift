import Core
import Platform
import Shell
import Text

/// The output of a person's terminal while the line editor runs. At the bottom is the area: the live region
/// (the screen the last command drew: a board, a sheet, the favourites), the status line and the prompt with the
/// half-typed line. As each second turns the status line comes from the race list, and the region is drawn
/// again with it (`redrawRegion`), so the two always agree. Whatever else is written while the prompt is shown
/// (a notice, an alert) goes above the area, which is drawn again below it. A command's own output follows
/// the region, which stays in the scrollback as it last stood; a screen the command draws becomes the new
/// region, if it fits the window. During `watch` everything written makes up the next frame.
@MainActor
public final class LiveTerminal: TextOutput {
    public enum Mode: Sendable, Equatable {
        case running, editing, watching
    }

    public private(set) var mode = Mode.running
    private let style: DisplayStyle
    private var layout: PromptLayout
    private var status: String?
    private var typed = (line: [Character](), cursor: 0)
    /// Draws the screens again into the region, at once (`ShellSession.redrawLive`); set by the input loop.
    public var redrawRegion: (@MainActor () -> Void)?
    private var region: LiveRegion?
    /// The region is only the top screen (a sheet), the one under it left in the scrollback.
    private var regionIsLastScreenOnly = false
    /// The screens the running command drew: the region once the prompt is back.
    private var pendingBlocks: [[String]] = []
    /// What the screens write while the region is drawn again.
    private var capture: [[String]]?
    /// What the area on screen is made of: the columns of each region row, and whether a status line is there.
    private var areaOnScreen = false
    private var drawnRegionColumns: [Int] = []
    private var areaHasStatus = false
    /// A status line drawn while a command runs, with no line break after it.
    private var transientStatusShown = false
    private var runningSince = Date()
    private var frameLines: [String] = []
    /// Where the last screen of the frame begins (a sheet, under the board it was opened over).
    public private(set) var frameLastBlockStart = 0
    private var frameMessages: [String] = []
    /// The process runs in the background (`bg`): the terminal is the shell's, so the area and `watch` frames
    /// are not drawn until it is brought back, which draws them again.
    public var isHeld = false

    public init(prompt: String, style: DisplayStyle) {
        self.style = style
        self.layout = PromptLayout(prompt: prompt, columns: style.width)
        self.layout.columns = columns
    }

    // MARK: - TextOutput

    public func writeLine(_ line: String) {
        if mode == .watching { frameLines.append(line) } else { write(line) { self.emit(wrapped(line) + "\n") } }
    }

    public func writeError(_ line: String) {
        if mode == .watching {
            frameMessages.append(line)
        } else {
            write(line) { StandardStreams.write(wrapped(line) + "\n", to: .error) }
        }
    }

    /// A message as the window can show it: broken at spaces, not mid-word where the terminal would break it.
    private func wrapped(_ message: String) -> String {
        TerminalText.wrapMessage(message, columns: columns)
    }

    public func writeBoard(_ lines: [String]) {
        switch mode {
        case .watching:
            frameLastBlockStart = frameLines.count
            frameLines += lines
        case .running: pendingBlocks.append(lines)
        case .editing:
            if capture != nil {
                capture?.append(lines)
            } else {
                // Drawn by itself (a source that recovered): the new region, the old one left in the scrollback.
                freezeRegion()
                pendingBlocks = [lines]
                takePendingAsRegion()
                drawArea()
            }
        }
    }

    public func writeStatus(_ line: String?) {
        status = line
        switch mode {
        case .editing:
            guard capture == nil else { return }
            refreshRegion()
            drawArea()
        case .running:
            // Only a command that keeps the user waiting (a slow fetch) shows it; quick ones draw the prompt soon.
            guard let line, !isHeld, Date().timeIntervalSince(runningSince) >= 0.5 else { return }
            emit("\r" + style.paint(TerminalText.prefix(line, columns: columns - 1), .dim) + "\u{1B}[K")
            transientStatusShown = true
        case .watching: break
        }
    }

    public func writeNotice(_ line: String) {
        message(line) { self.emit(self.wrapped(line) + "\n") }
    }

    public func writeAlert(_ line: String) {
        message(line) { self.emit(self.wrapped(line) + "\n") }
        ringBell()
    }

    public func ringBell() {
        emit("\u{7}")
    }

    /// The status line comes once a second: the screens of the region are drawn again with it, so they agree.
    private func refreshRegion() {
        guard region != nil, !isHeld, let redrawRegion else { return }
        capture = []
        redrawRegion()
        let blocks = capture ?? []
        capture = nil
        guard !blocks.isEmpty else { return }
        fitRegion(
            LiveRegion(
                blocks: regionIsLastScreenOnly ? Array(blocks.suffix(1)) : blocks,
                writtenOutAbove: region?.writtenOutAbove ?? 0))
    }

    /// The region as drawn again, fitted to the window. One that has grown past it (a sheet whose result and
    /// dividends came in) is not cut at the bottom, where what came is: the board under a sheet is written out
    /// to the scrollback and the sheet goes on alone; a sheet still taller than the window shows its end, live,
    /// so the result moves on from Interim to Final where it is read (`show` writes the whole out).
    private func fitRegion(_ grown: LiveRegion) {
        let room = regionRoom(hasStatus: status != nil)
        guard grown.liveLineCount > room else {
            region = grown
            return
        }
        eraseArea()
        clearTransientStatus()
        if grown.blocks.count > 1, let last = grown.blocks.last, last.count <= room {
            emit(grown.blocks.dropLast().flatMap { $0 }.joined(separator: "\n") + "\n")
            region = LiveRegion(blocks: [last])
            regionIsLastScreenOnly = true
        } else {
            region = LiveRegion(blocks: grown.blocks, showsEnd: true, writtenOutAbove: grown.writtenOutAbove)
        }
    }

    /// A line of the screens or a command: part of the region being drawn again; a command's own goes after
    /// the screens it drew (which then stay as they are, in the scrollback).
    private func write(_ line: String, _ write: () -> Void) {
        if capture != nil {
            capture?.append([line])
        } else {
            flushPendingBlocks()
            above(write)
        }
    }

    /// A line about something that happened by itself (a notice, an alert): above the area, or under the watch
    /// frame. A screen the running command drew stays below it, to become the region.
    private func message(_ line: String, write: () -> Void) {
        if mode == .watching { frameMessages.append(line) } else { above(write) }
    }

    // MARK: - The prompt

    /// Shows (or draws again) the area: the region (a command's screens become it), the status line, and the
    /// prompt with `line`, the cursor at `cursor`.
    public func showPrompt(line: [Character], cursor: Int) {
        typed = (line, cursor)
        mode = .editing
        takePendingAsRegion()
        drawArea()
    }

    /// A key changed the line being typed: only the prompt row is drawn again, when the area is on screen.
    public func showLine(_ line: [Character], cursor: Int) {
        guard mode == .editing, areaOnScreen, !isHeld, capture == nil, pendingBlocks.isEmpty else {
            return showPrompt(line: line, cursor: cursor)
        }
        typed = (line, cursor)
        layout.columns = columns
        emit(layout.drawLine(line, cursor: cursor))
    }

    /// The line was entered: the region stays in the scrollback as it stands, the line follows it as typed, and
    /// then the command's output.
    public func finishLine(_ text: String) {
        freezeRegion()
        eraseArea()
        emit(layout.prompt + style.clean(text) + "\n")
        mode = .running
        runningSince = Date()
    }

    /// The window changed size: the area is erased as the terminal may have re-wrapped it, and drawn to fit.
    public func windowResized() {
        if areaOnScreen {
            emit(layout.eraseAfterResize(to: columns, rowsAbove: drawnRegionColumns))
            areaOnScreen = false
        }
        reviveScreensThatNowFit()
        drawArea()
    }

    /// A screen whose head was written out because the window was too short for it (a long board, a sheet with
    /// its result) is drawn whole again, live, once the window has room for it; the head written out stays in
    /// the scrollback above, as a board does after any command.
    private func reviveScreensThatNowFit() {
        guard var region, region.writtenOutAbove > 0, region.lineCount <= regionRoom(hasStatus: status != nil)
        else { return }
        region.writtenOutAbove = 0
        self.region = region
    }

    /// The screens a command drew become the region, if they fit the window. A sheet that fits without the
    /// board under it is the region alone, the board written out above it. A screen taller than the window
    /// alone has its head written out, to read in the scrollback, and what the window shows of it, its end,
    /// stays live (a region cannot reach above the top of the window): a sheet's status, prices and result
    /// change where they are read, and nothing is written again.
    private func takePendingAsRegion() {
        guard !pendingBlocks.isEmpty else { return }
        let room = regionRoom(hasStatus: status != nil)
        regionIsLastScreenOnly = false
        if LiveRegion(blocks: pendingBlocks).lineCount <= room {
            region = LiveRegion(blocks: pendingBlocks)
            pendingBlocks = []
            return
        }
        guard room > 0, let last = pendingBlocks.popLast() else { return flushPendingBlocks() }
        let head = max(0, last.count - room)
        if head > 0 { pendingBlocks.append(Array(last.prefix(head))) }
        flushPendingBlocks()
        regionIsLastScreenOnly = true
        region = LiveRegion(blocks: [last], writtenOutAbove: head)
    }

    /// The region is no longer live: its rows stay where they are, the rest of the area goes.
    private func freezeRegion() {
        guard region != nil else { return }
        region = nil
        guard areaOnScreen else { return }
        emit(PromptLayout.erase(hasStatus: areaHasStatus))
        areaOnScreen = false
        drawnRegionColumns = []
    }

    /// Screens drawn by the running command, written as plain lines: something else follows them.
    private func flushPendingBlocks() {
        guard !pendingBlocks.isEmpty else { return }
        let lines = pendingBlocks.flatMap { $0 }
        pendingBlocks = []
        eraseArea()
        clearTransientStatus()
        emit(lines.joined(separator: "\n") + "\n")
    }

    /// Before the process stops (Ctrl-Z): the area erased, so the shell's prompt starts on a clean line.
    public func prepareForSuspend() {
        eraseArea()
        clearTransientStatus()
    }

    /// Ctrl-L: a clean screen with the area at the top.
    public func clearScreen() {
        emit("\u{1B}[H\u{1B}[2J")
        areaOnScreen = false
        drawArea()
    }

    /// Lists completion choices above the prompt.
    public func showChoices(_ choices: [String]) {
        above { self.emit(choices.joined(separator: "  ") + "\n") }
    }

    // MARK: - Watch

    public func beginWatching() {
        eraseArea()
        mode = .watching
        frameLines = []
        frameMessages = []
        RawTerminal.enterAlternateScreen()
    }

    /// Starts collecting the next frame: what the screens write from now on.
    public func startFrame() {
        frameLines = []
        frameLastBlockStart = 0
    }

    /// Draws the frame collected, from the top left, each row cleared to its end, with messages written since
    /// the last key and `footer` at the bottom. A frame taller than the room left is seen from `scroll` rows
    /// down, with a row saying how much is above and below; the scroll used comes back.
    @discardableResult
    public func finishFrame(footer: [String], scroll: Int) -> Int {
        guard !isHeld else { return scroll }
        let rows = TerminalEnvironment.windowRows() ?? 24
        let columns = columns
        // Wrapped rows would push the top of the frame off the screen: every row is cut to the width.
        let bottom = (frameMessages.suffix(3) + footer).map { LiveRegion.cut($0, columns: columns) }
        let room = max(0, rows - bottom.count)
        let frame = LiveRegion.scrolled(frameLines, room: room, scroll: scroll, columns: columns) {
            [style] above, below in
            style.paint(Self.scrollNote(above: above, below: below, glyphs: style.usesGlyphs), .dim)
        }
        let lines = frame.rows + bottom
        emit("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
        return frame.scroll
    }

    /// "… 12 more: ↓ or j scrolls", and the like.
    static func scrollNote(above: Int, below: Int, glyphs: Bool) -> String {
        let (up, down, more) = glyphs ? ("\u{2191}", "\u{2193}", "\u{2026}") : ("Up", "Down", "...")
        switch (above > 0, below > 0) {
        case (false, _): return "\(more) \(below) more: \(down) or j scrolls"
        case (true, false): return "\(more) \(above) above: \(up) or k scrolls back"
        case (true, true): return "\(more) \(above) above, \(below) more: \(up) \(down) or k j scroll"
        }
    }

    /// A key was pressed: messages from before it are old news.
    public func clearFrameMessages() {
        frameMessages = []
    }

    public func endWatching() {
        RawTerminal.leaveAlternateScreen()
        mode = .running
        runningSince = Date()
        areaOnScreen = false
        drawnRegionColumns = []
    }

    // MARK: - Drawing

    /// The window's real width: boards keep a 40-column minimum, but a row wider than the window wraps, and a
    /// wrapped row could no longer be erased a row at a time.
    var columns: Int { max(TerminalEnvironment.windowColumns() ?? style.width, 2) }

    /// Rows the region may take: the window less the status line and the prompt.
    private func regionRoom(hasStatus: Bool) -> Int {
        max(0, (TerminalEnvironment.windowRows() ?? 24) - (hasStatus ? 1 : 0) - 1)
    }

    private func above(_ write: () -> Void) {
        let wasShown = areaOnScreen
        eraseArea()
        clearTransientStatus()
        write()
        if wasShown, mode == .editing { drawArea() }
    }

    /// Erases the area on screen and draws it anew, in one write, so the terminal never shows it half drawn.
    private func drawArea() {
        guard mode == .editing, !isHeld, capture == nil else { return }
        // Drawn over, each row cleared as it is drawn: never cleared from the window's top left (`PromptLayout`).
        var output = areaStartSequence(clearing: false)
        if transientStatusShown {
            // A slow command's status line, still on the row the area starts on.
            output += "\r\u{1B}[K"
            transientStatusShown = false
        }
        let columns = columns
        layout.columns = columns
        let rows =
            region?.rows(columns: columns, room: regionRoom(hasStatus: status != nil)) { [style] hidden in
                style.paint(
                    (style.usesGlyphs ? "\u{2026} " : "... ")
                        + "\(hidden) more \(hidden == 1 ? "row" : "rows") "
                        + (self.region?.keepsEnd == true
                            ? "above (`show` writes it all out)" : "hidden: the window is too short"),
                    .dim)
            } ?? []
        drawnRegionColumns = rows.map { TerminalText.prefix(painted: $0, columns: columns).columns }
        output += rows.map { $0 + "\u{1B}[K\r\n" }.joined()
        output += layout.draw(status: status, line: typed.line, cursor: typed.cursor) { [style] in
            style.paint($0, .dim)
        }
        emit(output)
        areaOnScreen = true
        areaHasStatus = status != nil
    }

    private func eraseArea() {
        emit(areaStartSequence(clearing: true))
    }

    /// Back to the start of the area, its rows cleared (or left to be drawn over); nothing when the area is not on
    /// screen.
    private func areaStartSequence(clearing: Bool) -> String {
        guard areaOnScreen else { return "" }
        areaOnScreen = false
        let rowsAbove = drawnRegionColumns.count
        return clearing
            ? PromptLayout.erase(hasStatus: areaHasStatus, rowsAbove: rowsAbove)
            : PromptLayout.moveToStart(hasStatus: areaHasStatus, rowsAbove: rowsAbove)
    }

    private func clearTransientStatus() {
        guard transientStatusShown else { return }
        emit("\r\u{1B}[K")
        transientStatusShown = false
    }

    private func emit(_ text: String) {
        guard !text.isEmpty else { return }
        // A signal ending the app mid-line gets a line break before the shell's next prompt.
        RawTerminal.lineInProgress = !text.hasSuffix("\n")
        StandardStreams.writeOrExit(text, status: ExitStatus.outputFailed.rawValue)
    }
}
