import Core
import SystemCalls
import Text

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

    /// A run's terminal: its environment, `isatty` of its streams and, when they are the process's own, the
    /// window size, which is asked again at every draw.
    public static func current(environment: [String: String], io: ProcessIO) -> TerminalEnvironment {
        var terminal = TerminalEnvironment(
            environment: environment,
            stdoutIsTTY: FileDescriptorIO.isTerminal(io.output),
            stdinIsTTY: FileDescriptorIO.isTerminal(io.input),
            reportedColumns: io.ownsProcess ? windowColumns() : nil)
        // A pipe or a file never becomes a terminal: its width is not asked again at every draw.
        if io.ownsProcess, terminal.stdoutIsTTY { terminal.liveColumns = windowColumns }
        return terminal
    }

    /// Stdout's window width now, if stdout is a terminal.
    @Sendable public static func windowColumns() -> Int? {
        FileDescriptorIO.windowSize(of: FileDescriptorIO.standardOutput).flatMap { $0.columns > 0 ? $0.columns : nil }
    }

    /// Stdout's window height now, if stdout is a terminal.
    public static func windowRows() -> Int? {
        FileDescriptorIO.windowSize(of: FileDescriptorIO.standardOutput).flatMap { $0.rows > 0 ? $0.rows : nil }
    }

    /// The same terminal with colour turned off, as `--no-color` asks.
    public func withoutColour() -> TerminalEnvironment {
        var copy = TerminalEnvironment(
            environment: environment.merging(["NO_COLOR": "1"]) { $1 }, stdoutIsTTY: stdoutIsTTY,
            stdinIsTTY: stdinIsTTY, reportedColumns: reportedColumns)
        copy.liveColumns = liveColumns
        copy.isScreenReader = isScreenReader
        return copy
    }

    /// The same terminal as a screen reader is best served by (`--accessible`): one that cannot move the cursor
    /// (as `TERM=dumb`), so nothing is redrawn in place, with plain ASCII and no colour.
    public func forScreenReader() -> TerminalEnvironment {
        var copy = TerminalEnvironment(
            environment: environment.merging(["TERM": "dumb", "NO_COLOR": "1"]) { $1 }, stdoutIsTTY: stdoutIsTTY,
            stdinIsTTY: stdinIsTTY, reportedColumns: reportedColumns)
        copy.liveColumns = liveColumns
        copy.isScreenReader = true
        return copy
    }

    /// Read by a screen reader (`forScreenReader`): views say in sentences what they would draw as a table.
    public var isScreenReader = false

    /// Whether the user asked for plain lines for a screen reader: `ACCESSIBLE` set to anything but empty or `0`
    /// (the convention `gh` and others read).
    public var asksForAccessible: Bool {
        let value = environment["ACCESSIBLE"] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// Where a resized window's width is read from; nil keeps the width fixed (tests, pipes).
    public var liveColumns: (@Sendable () -> Int?)?

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
        reportedColumns ?? columnsAsked ?? 80
    }

    /// The width `COLUMNS` asks for, when it is set to one.
    public var columnsAsked: Int? {
        guard let text = environment["COLUMNS"], let value = Int(text), value > 0 else { return nil }
        return value
    }

    public var displayStyle: DisplayStyle {
        DisplayStyle(
            isInteractive: isInteractiveOutput,
            usesGlyphs: isInteractiveOutput && isUTF8,
            usesColour: allowsColour,
            width: columns,
            liveWidth: liveColumns, readsAloud: isScreenReader)
    }

    /// Show a prompt only to a person typing.
    public var showsPrompt: Bool { stdinIsTTY }
}
