import Core
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads what the terminal can do from the process's environment.
public struct TerminalEnvironment: Sendable {
    public let environment: [String: String]
    public let stdoutIsTTY: Bool
    public let stdinIsTTY: Bool
    /// Columns reported by the terminal itself, if stdout is one.
    public let reportedColumns: Int?

    public init(
        environment: [String: String], stdoutIsTTY: Bool, stdinIsTTY: Bool, reportedColumns: Int? = nil
    ) {
        self.environment = environment
        self.stdoutIsTTY = stdoutIsTTY
        self.stdinIsTTY = stdinIsTTY
        self.reportedColumns = reportedColumns
    }

    /// The real process: its environment, `isatty` and the window size.
    public static func current() -> TerminalEnvironment {
        var size = winsize()
        let columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        return TerminalEnvironment(
            environment: ProcessInfo.processInfo.environment,
            stdoutIsTTY: isatty(STDOUT_FILENO) == 1,
            stdinIsTTY: isatty(STDIN_FILENO) == 1,
            reportedColumns: columns)
    }

    /// A terminal a person can see: a TTY that is not `TERM=dumb`.
    public var isInteractiveOutput: Bool {
        stdoutIsTTY && environment["TERM"] != "dumb"
    }

    /// Colour follows https://no-color.org: any non-empty `NO_COLOR` turns it off.
    public var allowsColour: Bool {
        isInteractiveOutput && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// The first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set decides.
    public var isUTF8: Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { self.environment[$0] }.first { !$0.isEmpty }
        guard let locale else { return false }
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    public var columns: Int {
        if let reportedColumns { return reportedColumns }
        if let text = environment["COLUMNS"], let value = Int(text), value > 0 { return value }
        return 80
    }

    public var displayStyle: DisplayStyle {
        DisplayStyle(
            isInteractive: isInteractiveOutput,
            usesGlyphs: isInteractiveOutput && isUTF8,
            usesColour: allowsColour,
            width: columns)
    }

    /// Show a prompt only to a person typing.
    public var showsPrompt: Bool { stdinIsTTY }
}
