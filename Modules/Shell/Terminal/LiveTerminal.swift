import Core
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The output of a person's terminal while the line editor runs. Whatever is written while the prompt is
/// shown (a background refresh, a notice, an alert) goes above it: the status line and the prompt with the
/// half-typed line are erased, the text written, and both drawn again below it. While a command runs, its
/// output passes straight through; during `watch` everything written makes up the next frame.
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
    private var areaOnScreen = false
    private var areaHasStatus = false
    /// A status line drawn while a command runs, with no line break after it.
    private var transientStatusShown = false
    private var runningSince = Date()
    private var frameLines: [String] = []
    private var frameMessages: [String] = []
    /// The process runs in the background (`bg`): the terminal is the shell's, so the status line, the prompt
    /// and `watch` frames are not drawn until it is brought back, which draws them again.
    public var isHeld = false

    public init(prompt: String, style: DisplayStyle) {
        self.style = style
        self.layout = PromptLayout(prompt: prompt, columns: style.width)
        self.layout.columns = columns
    }

    // MARK: - TextOutput

    public func writeLine(_ line: String) {
        switch mode {
        case .watching: frameLines.append(line)
        case .editing, .running: above { self.emit(line + "\n") }
        }
    }

    public func writeError(_ line: String) {
        message(line) { StandardStreams.write(line + "\n", to: .error) }
    }

    public func writeStatus(_ line: String?) {
        status = line
        switch mode {
        case .editing: drawArea()
        case .running:
            // Only a command that keeps the user waiting (a slow fetch) shows it; quick ones draw the prompt soon.
            guard let line, !isHeld, Date().timeIntervalSince(runningSince) >= 0.5 else { return }
            emit("\r" + style.paint(TerminalText.prefix(line, columns: columns - 1), .dim) + "\u{1B}[K")
            transientStatusShown = true
        case .watching: break
        }
    }

    public func writeNotice(_ line: String) {
        message(line) { self.emit(line + "\n") }
    }

    public func writeAlert(_ line: String) {
        message(line) { self.emit(line + "\n") }
        ringBell()
    }

    public func ringBell() {
        emit("\u{7}")
    }

    /// A line about something (a complaint, a notice, an alert): above the prompt, or under the watch frame.
    private func message(_ line: String, write: () -> Void) {
        if mode == .watching { frameMessages.append(line) } else { above(write) }
    }

    // MARK: - The prompt

    /// Shows (or draws again) the status line and the prompt with `text`, the cursor at `cursor`.
    public func showPrompt(line: [Character], cursor: Int) {
        typed = (line, cursor)
        mode = .editing
        drawArea()
    }

    /// The line was entered: it stays on screen after the prompt, as typed, and the command's output follows.
    public func finishLine(_ text: String) {
        eraseArea()
        emit(layout.prompt + style.clean(text) + "\n")
        mode = .running
        runningSince = Date()
    }

    /// The window changed size: the area is erased as the terminal may have re-wrapped it, and drawn to fit.
    public func windowResized() {
        if areaOnScreen {
            emit(layout.eraseAfterResize(to: columns))
            areaOnScreen = false
        }
        drawArea()
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
    }

    /// Draws the frame collected, from the top left, each row cleared to its end, with messages written since
    /// the last key and `footer` at the bottom. Rows past the window's height are left out.
    public func finishFrame(footer: [String]) {
        guard !isHeld else { return }
        let rows = TerminalEnvironment.windowRows() ?? 24
        // Wrapped rows would push the top of the frame off the screen: every row is cut to the width.
        let bottom = (frameMessages.suffix(3) + footer).map { TerminalText.prefix($0, columns: columns) }
        let room = max(0, rows - bottom.count)
        let lines = Array(frameLines.prefix(room)) + bottom
        emit("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
    }

    /// A line under the frame until the next key (`r`: "Refreshing...").
    public func noteInFrame(_ line: String) {
        frameMessages.append(line)
    }

    /// A key was pressed: messages from before it are old news.
    public func clearFrameMessages() {
        frameMessages = []
    }

    public func endWatching() {
        RawTerminal.leaveAlternateScreen()
        mode = .running
        areaOnScreen = false
    }

    // MARK: - Drawing

    /// The window's real width: boards keep a 40-column minimum, but a row wider than the window wraps, and a
    /// wrapped status or prompt could no longer be erased a row at a time.
    /// The window's width now.
    var columns: Int { max(TerminalEnvironment.windowColumns() ?? style.width, 2) }

    private func above(_ write: () -> Void) {
        let wasShown = areaOnScreen
        eraseArea()
        clearTransientStatus()
        write()
        if wasShown, mode == .editing { drawArea() }
    }

    private func drawArea() {
        guard mode == .editing, !isHeld else { return }
        eraseArea()
        layout.columns = columns
        emit(
            layout.draw(status: status, line: typed.line, cursor: typed.cursor) { [style] in
                style.paint($0, .dim)
            })
        areaOnScreen = true
        areaHasStatus = status != nil
    }

    private func eraseArea() {
        guard areaOnScreen else { return }
        emit(PromptLayout.erase(hasStatus: areaHasStatus))
        areaOnScreen = false
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
