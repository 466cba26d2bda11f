import Core
import Foundation

/// Writes lines to the process's stdout and stderr as they come, unbuffered,
/// so output and prompts interleave correctly with input from a pipe.
@MainActor
public final class StandardOutput: TextOutput {
    public init() {}

    public func writeLine(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    public func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Text with no line break, for the REPL prompt.
    public func writePrompt(_ prompt: String) {
        FileHandle.standardOutput.write(Data(prompt.utf8))
    }
}
