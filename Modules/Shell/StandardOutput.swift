import Core
import Dispatch
import Text

/// Writes lines to the process's stdout and stderr. The lines one turn of the main queue writes (a board, a
/// sheet) go out in one write(2) at the end of that turn, not a write per line; anything for stderr, a prompt
/// and `flush()` send what is waiting first, so the two streams keep their order and a prompt never waits. While
/// a batch of piped input runs, both streams wait, in order, for its end.
///
/// Stdout that can no longer be written ends the process with
/// `ExitStatus.outputFailed`; stderr that cannot be written is let go, so a
/// lost warning never stops the board.
@MainActor
public final class StandardOutput: TextOutput {
    /// What waits to be written, in order: runs of stdout text, and the stderr lines between them.
    private var pending: [(stream: StandardStreams.Stream, text: String)] = []
    private var flushScheduled = false
    /// A batch of piped input is running (`InputLoop`): what it writes, to either stream, waits for the batch's
    /// end (or a `flush()`), so the favourites it changed are saved once before any answer is seen.
    public var batchUnderWay = false
    /// Accessible mode: what happens by itself (a race jumping, an alert) is a line of its own, and where it
    /// comes while the prompt waits, the prompt is written again after it. nil: notices are a live terminal's.
    public var announcesWithPrompt: String?
    /// The prompt was the last thing written: a person may be typing after it.
    private var promptWaits = false
    /// The columns a message on stderr is broken to, at spaces, asked at each one (a window can be resized); nil
    /// keeps each whole (a pipe, where no window breaks it).
    public var messageColumns: (@MainActor () -> Int?)?

    public init() {}

    /// The last lines on stdout are a screen's; stderr's messages between do not count (a terminal shows them
    /// under it, a pipe's transcript not at all).
    public private(set) var endsWithScreen = false

    public func writeBoard(_ lines: [String]) {
        writeLines(lines)
        endsWithScreen = true
    }

    public func writeLine(_ line: String) {
        promptWaits = false
        endsWithScreen = false
        append(line + "\n", to: .output)
        guard !flushScheduled, !batchUnderWay else { return }
        flushScheduled = true
        DispatchQueue.main.async { MainActor.assumeIsolated { self.flushIfScheduled() } }
    }

    public func writeError(_ line: String) {
        promptWaits = false
        let shown = messageColumns?().map { TerminalText.wrapMessage(line, columns: $0) } ?? line
        append(shown + "\n", to: .error)
        if !batchUnderWay { flush() }
    }

    /// Text with no line break, for the REPL prompt.
    public func writePrompt(_ prompt: String) {
        append(prompt, to: .output)
        flush()
        promptWaits = true
    }

    private func append(_ text: String, to stream: StandardStreams.Stream) {
        if let last = pending.indices.last, pending[last].stream == stream {
            pending[last].text += text
        } else {
            pending.append((stream, text))
        }
    }

    public func writeNotice(_ line: String) {
        guard let prompt = announcesWithPrompt else { return }
        let waited = promptWaits
        if waited { append("\n", to: .output) }
        writeLine(line)
        if waited { writePrompt(prompt) }
    }

    public func writeAlert(_ line: String) {
        guard announcesWithPrompt != nil else { return writeError(line) }
        writeNotice(line)
    }

    /// A flush scheduled for the end of a turn or batch, unless one came first.
    private func flushIfScheduled() {
        if flushScheduled { flush() }
    }

    /// Sends what is waiting now (before the process exits, say). Stdout that cannot be written ends the process;
    /// stderr that cannot is let go.
    public func flush() {
        flushScheduled = false
        let waiting = pending
        pending = []
        for (stream, text) in waiting {
            if stream == .output {
                StandardStreams.writeOrExit(text, status: ExitStatus.outputFailed.rawValue)
            } else {
                StandardStreams.write(text, to: .error)
            }
        }
    }
}
