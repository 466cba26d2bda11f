import Core
import Dispatch
import Platform
import Shell
import Text

/// `watch` at a terminal: the board takes the whole screen (the alternate screen, cursor hidden) and is drawn
/// again as each second turns, until `q`, Esc or Ctrl-C gives the prompt back. Keys are commands of the
/// table, run through the shell like typed ones: a race's number opens its details (`b` back; on a board of
/// ten or more, a number that could go on waits for another digit or Enter), `t`/`h`/`g` toggle a category (the
/// source's own letters: thoroughbred, harness, greyhound),
/// `a` shows all, `f` and a number toggle a favourite, `r` refreshes, `?` shows the keys. A frame taller than
/// the window scrolls with the arrows or `j`/`k`.
///
/// It waits on a timer and the key source only: no work between seconds, and frames are drawn at once from
/// what the screens hold (`ShellSession.redrawLive`), so a slow refresh never stops the clock.
@MainActor
final class InteractiveWatch {
    /// The keys under the frame, longest first: the longest that fits the window is shown, so `? keys` (the
    /// way to the rest) is never cut off.
    static let hints = [
        "q leave | 1-9 details | b back | t h g filter | a all | f+N favourite | / search | r refresh | ? keys",
        "q leave | 1-9 | b back | t h g a | f+N | / search | r | ? keys",
        "q leave | 1-9 | b back | t h g a | f+N | / | r | ? keys",
        "q | 1-9 | b | t h g a | f+N | r | ? keys",
        "q leave | ? keys",
    ]

    /// The keys of a screen that is not the board (the meetings, a meeting, the favourites): the board's own keys
    /// would leave it for the board.
    static let otherScreenHints = ["q leave | 1-9 open | b back | ? keys", "q | 1-9 | b | ? keys", "q leave | ? keys"]

    static func hint(columns: Int, onBoard: Bool = true) -> String {
        let hints = onBoard ? hints : otherScreenHints
        return hints.first { TerminalText.width(of: $0) <= columns } ?? hints[hints.count - 1]
    }
    static let legend = [
        "q Esc Ctrl-C  back to the prompt",
        "1-9           that race's details (b closes)",
        "12 Enter      race 12, on a board of ten or more",
        "t h g         thoroughbred / harness / greyhound",
        "a             all categories",
        "f 1-9         favourite on or off (f: this race)",
        "/             search as you type (Enter keeps it, Esc ends it)",
        "r             refresh now     ? hide keys",
        "Down Up j k   scroll a frame taller than the window",
    ]
    static let otherScreenLegend = [
        "q Esc Ctrl-C  back to the prompt",
        "1-9           open that row (b closes)",
        "12 Enter      row 12, on a list of ten or more",
        "f             favourite on or off, on a race's details",
        "r             refresh now     ? hide keys",
        "Down Up j k   scroll a frame taller than the window",
    ]

    /// The board's keys (filters, favourites by number) work on the board and on a sheet opened over it.
    private var isOnBoard: Bool {
        session.depth == 1 || (session.depth == 2 && session.topScreen.presentation == .sheet)
    }

    private let session: ShellSession
    private let terminal: LiveTerminal
    private let onEnd: @MainActor () -> Void
    private var timer: (any DispatchSourceTimer)?
    private var showsLegend = false
    private var awaitsFavouriteNumber = false
    /// Digits typed toward a race's number that more digits could still extend; Enter takes it as it is.
    private var typedNumber = ""
    private var typedNumberIsFavourite = false
    /// `/` was pressed: the search being typed, the board narrowed to it at each key; nil when not searching.
    private var typedSearch: String?
    /// What is going on while a command runs ("Refreshing..."), under the frame until it ends.
    private var working: String?
    private var isRunningCommand = false
    private var scroll = 0
    /// The next frame is scrolled to show the sheet just opened.
    private var scrollsToSheet = false
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
        if !typedNumber.isEmpty, continueNumber(with: key) { return }
        if typedSearch != nil { return continueSearch(with: key) }
        let favourite = awaitsFavouriteNumber
        awaitsFavouriteNumber = false
        switch key {
        case .character("q"), .character("Q"), .escape, .control("c"), .control("d"):
            end()
        case .character("?"):
            showsLegend.toggle()
            drawFrame()
        case .character(let digit) where digit.isASCII && ("1"..."9").contains(digit):
            typedNumber = String(digit)
            typedNumberIsFavourite = favourite
            if !numberCouldGoOn() { openTypedNumber() } else { drawFrame() }
        case .character("f"):
            if session.topScreen.presentation == .sheet {
                run("fav")
            } else if isOnBoard {
                awaitsFavouriteNumber = true
                drawFrame()
            }
        case .character("/") where isOnBoard:
            typedSearch = ""
            drawFrame()
        case .character("t") where isOnBoard: run("filter horse")
        case .character("h") where isOnBoard: run("filter harness")
        case .character("g") where isOnBoard: run("filter greyhound")
        case .character("a") where isOnBoard: run("filter clear")
        case .character("r"):
            working = "Refreshing..."
            run("refresh") { [weak self] in self?.working = nil }
        case .character("b"), .backspace, .left:
            if session.depth > 1 {
                scroll = 0
                run("back")
            }
        case .down, .character("j"): scroll(to: scroll == .max ? scroll : scroll + 1)
        case .up, .character("k"): scroll(to: scroll - 1)
        case .home: scroll(to: 0)
        // Past the end: the frame keeps it within itself when it is drawn.
        case .end: scroll(to: .max)
        case .control("l"):
            drawFrame()
        default:
            break
        }
    }

    /// A key after digits that could go on: another digit, Enter, Backspace, or Esc to let the number go. Any
    /// other key lets it go too, and is then a key like any other (false).
    private func continueNumber(with key: Key) -> Bool {
        switch key {
        case .character(let digit) where digit.isASCII && digit.isNumber:
            typedNumber.append(digit)
            if numberCouldGoOn() { drawFrame() } else { openTypedNumber() }
        case .enter:
            openTypedNumber()
        case .backspace:
            typedNumber.removeLast()
            drawFrame()
        case .escape, .control("c"):
            typedNumber = ""
            drawFrame()
        default:
            typedNumber = ""
            return false
        }
        return true
    }

    /// A key while a search is typed: a letter narrows the board at once, Backspace widens it, Enter keeps the
    /// search, Esc (or Ctrl-C) ends it. Quotes are left out: the search is run as a command line.
    private func continueSearch(with key: Key) {
        guard var text = typedSearch else { return }
        switch key {
        case .character(let character) where !"\"'\\".contains(character) && !character.isNewline:
            text.append(character)
        case .backspace:
            guard !text.isEmpty else { return }
            text.removeLast()
        case .enter:
            typedSearch = nil
            return drawFrame()
        case .escape, .control("c"):
            typedSearch = nil
            return run("search")
        default:
            return
        }
        typedSearch = text
        run(text.trimmingSpaces().isEmpty ? "search" : "search " + text)
    }

    /// Whether a digit more could still make a number on the board (12 on a board of 15, after 1).
    private func numberCouldGoOn() -> Bool {
        guard let number = Int(typedNumber), typedNumber.count < 4 else { return false }
        return number * 10 <= session.numberedRows
    }

    private func openTypedNumber() {
        let number = typedNumber
        typedNumber = ""
        if session.topScreen.presentation == .sheet { run("back") }
        if typedNumberIsFavourite {
            run("fav \(number)")
        } else {
            scrollsToSheet = true
            run("show \(number)")
        }
    }

    private func scroll(to row: Int) {
        scroll = max(0, row)
        drawFrame()
    }

    /// Runs a command as if typed; what it writes is dropped (the next frame shows the outcome) except its
    /// complaints, shown under the frame.
    private func run(_ line: String, then finished: (@MainActor () -> Void)? = nil) {
        isRunningCommand = true
        drawFrame()
        session.execute(line: line) { [weak self] _ in
            guard let self else { return }
            self.isRunningCommand = false
            finished?()
            self.drawFrame()
        }
    }

    func drawFrame() {
        guard !hasEnded else { return }
        terminal.startFrame()
        session.redrawLive()
        if scrollsToSheet, !isRunningCommand {
            scrollsToSheet = false
            scroll = terminal.frameLastBlockStart
        }
        var footer = working.map { [$0] } ?? []
        if !typedNumber.isEmpty {
            footer.append("\(typedNumberIsFavourite ? "fav" : "show") \(typedNumber)_  Enter opens, Esc lets it go")
        } else if awaitsFavouriteNumber {
            footer.append("f: now the race's number")
        } else if let typedSearch {
            footer.append("/\(typedSearch)_  Enter keeps it, Esc ends it")
        }
        let onBoard = isOnBoard
        footer +=
            showsLegend
            ? (onBoard ? Self.legend : Self.otherScreenLegend)
            : [Self.hint(columns: terminal.columns, onBoard: onBoard)]
        scroll = terminal.finishFrame(footer: footer, scroll: scroll)
    }

    private func end() {
        hasEnded = true
        timer?.cancel()
        timer = nil
        // Leave on the list, as `watch` started there.
        while session.depth > 1, session.topScreen.presentation == .sheet { session.dropTop() }
        terminal.endWatching()
        // The board left on the main screen, to be the live region under the prompt.
        session.redrawLive()
        onEnd()
    }
}
