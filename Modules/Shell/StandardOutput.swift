import Core

/// Writes lines to the process's stdout and stderr as they come, unbuffered,
/// so output and prompts interleave correctly with input from a pipe.
///
/// Stdout that can no longer be written ends the process with
/// `ExitStatus.outputFailed`; stderr that cannot be written is let go, so a
/// lost warning never stops the board.
@MainActor
public final class StandardOutput: TextOutput {
    public init() {}

    public func writeLine(_ line: String) {
        StandardStreams.writeOrExit(line + "\n", status: ExitStatus.outputFailed.rawValue)
    }

    public func writeError(_ line: String) {
        StandardStreams.write(line + "\n", to: .error)
    }

    /// Text with no line break, for the REPL prompt.
    public func writePrompt(_ prompt: String) {
        StandardStreams.writeOrExit(prompt, status: ExitStatus.outputFailed.rawValue)
    }
}
