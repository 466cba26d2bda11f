/// Where views and the shell write their lines. The real one is the terminal;
/// tests record the lines instead.
@MainActor
public protocol TextOutput: AnyObject {
    /// A line of normal output (stdout).
    func writeLine(_ line: String)
    /// A line that reports a problem (stderr), so scripts can tell it apart.
    func writeError(_ line: String)
    /// The lines of a screen as it is now (a board, a sheet, the favourites). At a live terminal they stay
    /// above the prompt and are drawn again as each second turns; elsewhere they are lines like any other.
    func writeBoard(_ lines: [String])
    /// The line a live terminal keeps above the prompt, redrawn in place; nil takes it away. Plain text: the
    /// terminal fits and paints it. Elsewhere nothing.
    func writeStatus(_ line: String?)
    /// Something that happened by itself: above the prompt at a live terminal; elsewhere nothing, so piped
    /// output stays the commands' own.
    func writeNotice(_ line: String)
    /// A favourite about to jump: above the prompt with the bell at a live terminal; on stderr elsewhere.
    func writeAlert(_ line: String)
    /// A screen's lines (`writeBoard`) are the last written, nothing after them but messages: a sheet opened now
    /// shows under them without them drawn again. False where screens are redrawn in place (a live terminal).
    var endsWithScreen: Bool { get }
}

extension TextOutput {
    public func writeBoard(_ lines: [String]) { writeLines(lines) }
    public func writeStatus(_ line: String?) {}
    public func writeNotice(_ line: String) {}
    public func writeAlert(_ line: String) { writeError(line) }
    public var endsWithScreen: Bool { false }

    public func writeLines(_ lines: [String]) {
        for line in lines { writeLine(line) }
    }

    /// A command the user got wrong, or that failed: red on stderr.
    public func writeCommandError(_ message: String, style: DisplayStyle) {
        writeError(style.paint(style.clean(message), .red))
    }

    /// Something worth knowing that did not stop the command: yellow on stderr.
    public func writeWarning(_ message: String, style: DisplayStyle) {
        writeError(style.paint(style.clean(message), .yellow))
    }
}
