import Core
import Dispatch
import SystemCalls
import Text

/// Alerts sent to the desktop as well (`--notify`), so a favourite about to jump is seen from another window: as a
/// notification escape to a terminal known to show them, and through `notify-send` where it is installed. Never
/// waits for either: `notify-send` runs on its own and is ended if it has not finished in a few seconds.
@MainActor
final class DesktopNotifier {
    nonisolated static let title = "Next to Go"
    /// The most `notify-send` may take before it is ended.
    nonisolated static let patience: TimeInterval = 5

    private let escape: ((String) -> String)?
    private let writeToTerminal: (String) -> Void
    private let notifySend: String?

    /// - Parameters:
    ///   - isTerminal: output goes to a terminal a person sees (escapes are sent only there).
    ///   - writeToTerminal: writes an escape to that terminal, between its lines.
    init(environment: [String: String], isTerminal: Bool, writeToTerminal: @escaping (String) -> Void) {
        escape = isTerminal ? Self.escape(for: environment) : nil
        self.writeToTerminal = writeToTerminal
        notifySend = Self.find("notify-send", path: environment["PATH"] ?? "")
    }

    var reachesNothing: Bool { escape == nil && notifySend == nil }

    /// Says that the desktop will hear of alerts, or why it will not.
    var reach: String {
        switch (escape != nil, notifySend != nil) {
        case (true, true): "the terminal and notify-send"
        case (true, false): "the terminal"
        case (false, true): "notify-send"
        case (false, false):
            "nothing here shows them: this terminal shows no notifications and notify-send is not installed"
        }
    }

    func notify(_ message: String) {
        let text = TerminalText.clean(message, asciiOnly: false)
        if let escape { writeToTerminal(escape(text)) }
        if let notifySend { Self.run(notifySend, arguments: ["--app-name=next-to-go", "--", Self.title, text]) }
    }

    /// The notification escape of the terminal the app runs in, if it is one known to show them: OSC 9 (iTerm2),
    /// OSC 99 (kitty) or OSC 777 (WezTerm, foot, GNOME Terminal and the other VTE terminals, Ghostty).
    static func escape(for environment: [String: String]) -> ((String) -> String)? {
        let program = environment["TERM_PROGRAM"] ?? ""
        let term = environment["TERM"] ?? ""
        // Inside tmux or screen the escape would go to the multiplexer, which drops it.
        if environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") { return nil }
        if program == "iTerm.app" { return { "\u{1B}]9;\($0)\u{07}" } }
        if term == "xterm-kitty" { return { "\u{1B}]99;;\($0)\u{1B}\\" } }
        if program == "WezTerm" || program == "ghostty" || term.hasPrefix("foot") || environment["VTE_VERSION"] != nil {
            return { "\u{1B}]777;notify;\(title);\($0)\u{07}" }
        }
        return nil
    }

    /// The first `name` on `path` that is a regular file this user may run: a folder or a FIFO of that name (the
    /// x bit set) is not a program.
    static func find(_ name: String, path: String) -> String? {
        path.split(separator: ":").lazy.map { "\($0)/\(name)" }.first { candidate in
            candidate.hasPrefix("/") && DetachedProgram.isRunnable(candidate)
        }
    }

    /// Starts the program with nothing on its streams, in a session of its own, and leaves it (ended past
    /// `patience`, and with the app).
    private static func run(_ program: String, arguments: [String]) {
        DetachedProgram.start(program, arguments: arguments, patience: .seconds(patience))
    }
}
