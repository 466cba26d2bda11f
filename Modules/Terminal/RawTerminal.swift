import Core
import SystemCalls

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts the terminal in raw mode for the line editor and gives it back as it was on every way out: a normal
/// exit (`atexit`, which the termination signals reach through `exit`) and a crash (a handler for the fatal
/// signals that restores, then lets the signal do what it would have done).
///
/// The saved settings live in process-wide storage because a signal handler can reach nothing else; it is
/// written once, before the handlers are installed.
public enum RawTerminal {
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var isRaw = false
    /// The alternate screen and the hidden cursor are given back too.
    nonisolated(unsafe) private static var usesAlternateScreen = false
    nonisolated(unsafe) private static var handlersInstalled = false
    /// The cursor is not at the start of a line (the prompt is up): leaving adds a line break.
    nonisolated(unsafe) public static var lineInProgress = false

    /// Raw mode on stdin: keys one at a time, no echo, Ctrl-C and Ctrl-Z as keys. Output processing stays on, so
    /// "\n" still starts a new line. False when stdin is not a terminal.
    /// Whether this process's group is the terminal's foreground group.
    public static var isForeground: Bool {
        tcgetpgrp(STDIN_FILENO) == getpgrp()
    }

    public static func enter() -> Bool {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return false }
        if !isRaw { saved = settings }
        installRestorers()
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        settings.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP)
        withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
            bytes[PlatformConstants.minimumCharactersSlot] = 1
            bytes[PlatformConstants.timeoutSlot] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSADRAIN, &settings) == 0 else { return false }
        isRaw = true
        return true
    }

    /// The settings found at `enter`, the main screen and a visible cursor. Safe in a signal handler.
    public static func restore() {
        if lineInProgress {
            writeRaw("\r\n")
            lineInProgress = false
        }
        if usesAlternateScreen {
            writeRaw("\u{1B}[?1049l")
            usesAlternateScreen = false
        }
        writeRaw("\u{1B}[?25h")
        if isRaw {
            tcsetattr(STDIN_FILENO, TCSADRAIN, &saved)
            isRaw = false
        }
    }

    /// Raw mode again after `restore` (back from `watch`): nothing to do if still raw.
    public static var isActive: Bool { isRaw }

    public static func enterAlternateScreen() {
        usesAlternateScreen = true
        writeRaw("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    public static func leaveAlternateScreen() {
        guard usesAlternateScreen else { return }
        usesAlternateScreen = false
        writeRaw("\u{1B}[?1049l\u{1B}[?25h")
    }

    private static func installRestorers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        ProcessEnd.atEnd { RawTerminal.restore() }
        for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = { number in
                    RawTerminal.restore()
                    raise(number)
                }
            #else
                action.__sigaction_u.__sa_handler = { number in
                    RawTerminal.restore()
                    raise(number)
                }
            #endif
            // Once restored, the signal's own action (core dump, the runtime's report) runs as it would have.
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(number, &action, nil)
        }
    }

    private static func writeRaw(_ text: StaticString) {
        text.withUTF8Buffer { buffer in _ = write(STDOUT_FILENO, buffer.baseAddress, buffer.count) }
    }
}
