import Core
import Dispatch
import Foundation

/// `watch` at a terminal: the board takes the whole screen (the alternate screen, cursor hidden) and is drawn
/// again as each second turns, until `q`, Esc or Ctrl-C gives the prompt back. Keys are commands of the
/// table, run through the shell like typed ones: `1`-`9` open a race's details (`b` back), `h`/`g`/`t`
/// toggle a category, `a` shows all, `f` and a number toggle a favourite, `r` refreshes, `?` shows the keys.
///
/// It waits on a timer and the key source only: no work between seconds.
@MainActor
final class InteractiveWatch {
    /// The keys under the frame, longest first: the longest that fits the window is shown, so `? keys` (the
    /// way to the rest) is never cut off.
    static let hints = [
        "q leave | 1-9 details | b back | h g t filter | a all | f+N favourite | r refresh | ? keys",
        "q leave | 1-9 | b back | h g t a | f+N | r | ? keys",
        "q | 1-9 | b | h g t a | f+N | r | ? keys",
        "q leave | ? keys",
    ]

    static func hint(columns: Int) -> String {
        hints.first { TerminalText.width(of: $0) <= columns } ?? hints[hints.count - 1]
    }
    static let legend = [
        "q Esc Ctrl-C  back to the prompt",
        "1-9           that race's details (b closes)",
        "h g t         horse / greyhound / harness",
        "a             all categories",
        "f 1-9         favourite on or off (f: this race)",
        "r             refresh now     ? hide keys",
    ]

    private let session: ShellSession
    private let terminal: LiveTerminal
    private let onEnd: @MainActor () -> Void
    private var timer: (any DispatchSourceTimer)?
    private var showsLegend = false
    private var awaitsFavouriteNumber = false
    private var isDrawing = false
    private var isRunningCommand = false
    private var hasEnded = false

    init(session: ShellSession, terminal: LiveTerminal, onEnd: @escaping @MainActor () -> Void) {
        self.session = session
        self.terminal = terminal
        self.onEnd = onEnd
    }

    func start() {
        terminal.beginWatching()
        drawFrame()
        let timer = DispatchSource.makeTimerSource(queue: .main)
        // On the turn of each wall-clock second, so the countdown moves with the seconds.
        let now = Date().timeIntervalSince1970
        let intoSecond = now - now.rounded(.down)
        timer.schedule(deadline: .now() + (1 - intoSecond) + 0.005, repeating: 1, leeway: .milliseconds(20))
        timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.drawFrame() } }
        timer.resume()
        self.timer = timer
    }

    func handle(_ key: Key) {
        guard !hasEnded else { return }
        terminal.clearFrameMessages()
        let favourite = awaitsFavouriteNumber
        awaitsFavouriteNumber = false
        switch key {
        case .character("q"), .character("Q"), .escape, .control("c"), .control("d"):
            end()
        case .character("?"):
            showsLegend.toggle()
            drawFrame()
        case .character(let digit) where digit.isASCII && ("1"..."9").contains(digit):
            if session.topScreen.kind == .raceDetail { run("back") }
            run(favourite ? "fav \(digit)" : "show \(digit)")
        case .character("f"):
            if session.topScreen.kind == .raceDetail {
                run("fav")
            } else {
                awaitsFavouriteNumber = true
                drawFrame()
            }
        case .character("h"): run("filter horse")
        case .character("g"): run("filter greyhound")
        case .character("t"): run("filter harness")
        case .character("a"): run("filter clear")
        case .character("r"):
            terminal.noteInFrame("Refreshing...")
            run("refresh")
        case .character("b"), .backspace, .left:
            if session.depth > 1 { run("back") }
        case .control("l"):
            drawFrame()
        default:
            break
        }
    }

    /// Runs a command as if typed; what it writes is dropped (the next frame shows the outcome) except its
    /// complaints, shown under the frame.
    private func run(_ line: String) {
        isRunningCommand = true
        session.execute(line: line) { [weak self] _ in
            self?.isRunningCommand = false
            self?.drawFrame()
        }
    }

    func drawFrame() {
        guard !hasEnded, !isDrawing, !isRunningCommand else { return }
        isDrawing = true
        terminal.startFrame()
        session.redraw { [weak self] _ in
            guard let self, !self.hasEnded else { return }
            self.isDrawing = false
            let prompt = self.awaitsFavouriteNumber ? ["f: now the race's number (1-9)"] : []
            self.terminal.finishFrame(
                footer: prompt + (self.showsLegend ? Self.legend : [Self.hint(columns: self.terminal.columns)]))
        }
    }

    private func end() {
        hasEnded = true
        timer?.cancel()
        timer = nil
        // Leave on the list, as `watch` started there.
        while session.depth > 1, session.topScreen.kind == .raceDetail { session.dropTop() }
        terminal.endWatching()
        // The board left on the main screen, to be the live region under the prompt.
        session.redrawLive()
        onEnd()
    }
}
