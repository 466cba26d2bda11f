import CommandKit
import Core
import Dispatch
import Shell
import SystemCalls

/// The shell at a person's terminal: keys are read as they are typed (raw mode, a read source on the main
/// queue, never a blocked thread) and edited into a line; Enter runs it. Keys typed while a command runs wait
/// their turn, as a pipe's lines do. `watch` becomes `InteractiveWatch`. The terminal is given back on every
/// way out (`RawTerminal`).
@MainActor
public final class TerminalInputLoop {
    private let session: ShellSession
    private let terminal: LiveTerminal
    private let historyFile: HistoryFile
    private let completion: Completion
    /// Tabs pressed one after another with nothing else between.
    private var tabsInARow = 0
    private let finish: @MainActor (ExitStatus) -> Void
    private var editor: LineEditor
    private var decoder = KeyDecoder()
    private var state = State.editing
    private var typeahead: [Key] = []
    /// Counts the commands run: a command given up on (Ctrl-C) is known by its number when its answer comes late.
    private var commandNumber = 0
    private var sources: [any DispatchSourceProtocol] = []
    /// The read source of the keys, paused while the process is continued in the background.
    private var input: (any DispatchSourceRead)?
    private var isReadingPaused = false

    private enum State {
        case editing, running
        case watching(InteractiveWatch)
    }

    public init(
        session: ShellSession, terminal: LiveTerminal, historyFile: HistoryFile, commands: CommandTable,
        finish: @escaping @MainActor (ExitStatus) -> Void
    ) {
        self.session = session
        self.terminal = terminal
        self.historyFile = historyFile
        self.completion = Completion(table: commands)
        self.finish = finish
        self.editor = LineEditor(history: historyFile.load())
    }

    /// Puts the terminal in raw mode and starts reading keys, running `firstLine` (not echoed) before the first
    /// prompt; keys typed meanwhile wait their turn. False when stdin is no terminal after all.
    public func start(firstLine: String? = nil) -> Bool {
        guard RawTerminal.enter() else { return false }
        session.watchHandler = { [weak self] done in self?.watch(done) }
        terminal.redrawRegion = { [weak self] in self?.session.redrawLive() }
        let input = DispatchSource.makeReadSource(fileDescriptor: FileDescriptorIO.standardInput, queue: .main)
        input.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readKeys() } }
        input.resume()
        let resize = Signals.alwaysSource(for: .windowChanged, queue: .main)
        resize.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.windowResized() } }
        resize.resume()
        // Stopped from outside (`kill -TSTP`): as Ctrl-Z. Continued after any stop, ours or `kill -STOP`'s: the
        // shell has set the terminal as it likes it by then, so it is taken back here, not where the stop was
        // asked for (a shell restores its own settings on `fg`, after which raw mode set earlier was gone).
        let stop = Signals.alwaysSource(for: .terminalStop, queue: .main)
        stop.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.suspend() } }
        stop.resume()
        // Ignoring SIGCONT leaves what it does (continuing) as it is: only the handler is told.
        let resume = Signals.alwaysSource(for: .resumed, queue: .main)
        resume.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.resumed() } }
        resume.resume()
        sources = [input, resize, stop, resume]
        self.input = input
        if let firstLine {
            state = .running
            execute(firstLine)
        } else {
            showPrompt()
        }
        return true
    }

    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        switch buffer.withUnsafeMutableBytes({ FileDescriptorIO.readOnce(FileDescriptorIO.standardInput, into: $0) }) {
        case .bytes(let count): handle(decoder.keys(from: buffer.prefix(count)))
        case .interrupted, .wouldBlock: return
        case .end, .failed: endOfInput()
        }
    }

    /// Keys that came together (a paste) are edited in, then the line drawn once, not once a key.
    private func handle(_ keys: [Key]) {
        var needsDrawing = false
        for key in keys { needsDrawing = handle(key) || needsDrawing }
        if needsDrawing, case .editing = state { terminal.showLine(editor.characters, cursor: editor.cursor) }
    }

    /// True when the line changed and wants drawing.
    private func handle(_ key: Key) -> Bool {
        switch key {
        case .control("\\"):
            // Raw mode turned the terminal's signal keys into keys; Ctrl-\ still quits as SIGQUIT does.
            Signals.raise(.quit)
            return false
        case .control("z"):
            suspend()
            return false
        default:
            break
        }
        switch state {
        case .running:
            if key == .control("c") { stopWaiting() } else { typeahead.append(key) }
            return false
        case .watching(let watch):
            watch.handle(key)
            return false
        case .editing:
            return edit(with: key)
        }
    }

    static let leaveHint = "To leave, type `quit` or press Ctrl-D."

    private func edit(with key: Key) -> Bool {
        let result = editor.handle(key)
        if case .complete = result { tabsInARow += 1 } else { tabsInARow = 0 }
        switch result {
        case .edited, .cancelled, .ignored:
            return true
        case .cancelledEmpty:
            // Ctrl-C ends a command or `watch`, never the app: say how to leave instead of doing nothing.
            terminal.writeNotice(Self.leaveHint)
            return true
        case .submit(let line):
            run(line)
        case .endOfInput:
            endOfInput()
        case .complete:
            complete()
        case .clearScreen:
            terminal.clearScreen()
            showPrompt()
        }
        return false
    }

    /// As shells do: a Tab that can add nothing rings the bell; the second in a row shows the choices, once.
    private func complete() {
        switch completion.complete(editor.textBeforeCursor, stack: session.stackKinds) {
        case .replace(_, let replacement):
            editor.replaceWordBeforeCursor(with: replacement)
            tabsInARow = 0
        case .choices(let choices):
            if tabsInARow == 2 { terminal.showChoices(choices) } else if tabsInARow == 1 { terminal.ringBell() }
        case .nothing:
            terminal.ringBell()
        }
        showPrompt()
    }

    private func run(_ line: String) {
        // An empty line asks nothing: the board above the prompt stays live rather than left in the scrollback.
        if line.allSatisfy(\.isWhitespace) {
            showPrompt()
            return
        }
        terminal.finishLine(line)
        state = .running
        execute(line)
        // After the command's answer (drawn before `execute` returns; a long one, as `watch`, has started): the
        // user sees it first, and the line is kept even if the session ends in it.
        historyFile.save(editor.history)
    }

    private func execute(_ line: String) {
        commandNumber += 1
        let number = commandNumber
        session.execute(line: line) { [weak self] outcome in
            guard let self else { return }
            // A command given up on: the prompt came back then, and what it draws now comes as a screen does
            // by itself (a source that recovered); only `quit` still counts.
            guard number == self.commandNumber || outcome == .quit else { return }
            switch outcome {
            case .quit:
                self.historyFile.save(self.editor.history)
                self.quit()
            case .finished:
                self.state = .editing
                self.showPrompt()
                let waiting = self.typeahead
                self.typeahead = []
                self.handle(waiting)
            }
        }
    }

    /// Ctrl-C while a command waits (a slow source): the prompt comes back at once, what was typed ahead is
    /// dropped, and the command's screen is drawn if its answer comes.
    private func stopWaiting() {
        typeahead.removeAll()
        commandNumber += 1
        state = .editing
        terminal.writeNotice(Self.stoppedWaiting)
        showPrompt()
    }

    static let stoppedWaiting = "Stopped waiting: what was asked for is drawn if it comes."

    private func watch(_ done: @escaping @MainActor (ShellSession.Outcome) -> Void) {
        let watch = InteractiveWatch(session: session, terminal: terminal) { [weak self] in
            self?.state = .running
            done(.finished(.success))
        }
        state = .watching(watch)
        watch.start()
    }

    /// Ctrl-Z, as less and vim do it: the terminal as the shell expects it (cooked, the main screen, the cursor
    /// shown), then the process stopped. SIGSTOP, not SIGTSTP: it cannot be caught or held back, so the stop
    /// happens before this returns. `resumed()` takes the terminal back.
    private func suspend() {
        if case .watching = state {} else { terminal.prepareForSuspend() }
        RawTerminal.restore()
        Signals.raise(.stop)
    }

    /// Continued (`fg`, `kill -CONT`): raw mode again, the screen of the moment (`watch`'s alternate screen) and
    /// what was on it. Continued in the background (`bg`, or a `kill -CONT` after the shell took the terminal
    /// back): the terminal is the shell's, so keys are not read and nothing is set until a `fg` continues it
    /// again (setting or reading the terminal from the background would stop it, or end it).
    private func resumed() {
        guard RawTerminal.isForeground else {
            pauseUntilForeground()
            return
        }
        if isReadingPaused {
            input?.resume()
            isReadingPaused = false
            terminal.isHeld = false
        }
        _ = RawTerminal.enter()
        switch state {
        case .editing: showPrompt()
        case .watching(let watch):
            RawTerminal.enterAlternateScreen()
            watch.drawFrame()
        case .running: break
        }
    }

    /// In the background: no keys read, nothing drawn around the prompt, until the terminal is ours again. A
    /// shell's `fg` sends SIGCONT only to a job it thinks stopped; one continued from outside it brings to the
    /// front silently, so that is watched for too, twice a second.
    private func pauseUntilForeground() {
        guard !isReadingPaused else { return }
        input?.suspend()
        isReadingPaused = true
        terminal.isHeld = true
        func check() {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, self.isReadingPaused else { return }
                    if RawTerminal.isForeground { self.resumed() } else { check() }
                }
            }
        }
        check()
    }

    private func windowResized() {
        switch state {
        case .editing: terminal.windowResized()
        case .watching(let watch): watch.drawFrame()
        case .running: break
        }
    }

    private func showPrompt() {
        terminal.showPrompt(line: editor.characters, cursor: editor.cursor)
    }

    private func endOfInput() {
        terminal.finishLine("")
        quit()
    }

    private func quit() {
        // A suspended source must be resumed before it goes (libdispatch traps on releasing one).
        if isReadingPaused { input?.resume() }
        for source in sources { source.cancel() }
        RawTerminal.restore()
        finish(.ok)
    }
}
