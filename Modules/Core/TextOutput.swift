/// Where views and the shell write their lines. The real one is the terminal;
/// tests record the lines instead.
@MainActor
public protocol TextOutput: AnyObject {
    /// A line of normal output (stdout).
    func writeLine(_ line: String)
    /// A line that reports a problem (stderr), so scripts can tell it apart.
    func writeError(_ line: String)
}

extension TextOutput {
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
