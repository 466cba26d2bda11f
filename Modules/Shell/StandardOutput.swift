import Core
import Dispatch

/// Writes lines to the process's stdout and stderr. The lines one turn of the main queue writes (a board, a
/// sheet) go out in one write(2) at the end of that turn, not a write per line; anything for stderr, a prompt
/// and `flush()` send what is waiting first, so the two streams keep their order and a prompt never waits.
///
/// Stdout that can no longer be written ends the process with
/// `ExitStatus.outputFailed`; stderr that cannot be written is let go, so a
/// lost warning never stops the board.
@MainActor
public final class StandardOutput: TextOutput {
    private var pending = ""
    private var flushScheduled = false
    private let beforeWriting: (@MainActor () -> String?)?
    /// A batch of piped input is running (`InputLoop`): its lines wait for the batch's end (or a `flush()`), so
    /// the favourites it changed on any screen are saved once, not at every command that waited for something
    /// (a sheet's card).
    public var batchUnderWay = false
    /// Accessible mode: what happens by itself (a race jumping, an alert) is a line of its own, and where it
    /// comes while the prompt waits, the prompt is written again after it. nil: notices are a live terminal's.
    public var announcesWithPrompt: String?
    /// The prompt was the last thing written: a person may be typing after it.
    private var promptWaits = false

    /// - Parameter beforeWriting: runs before anything waiting is written (the app ends the favourites' turn
    ///   then, saving the changes it gathered, so no answer is seen before the change it reports is saved); a
    ///   line it returns goes to stderr after the text.
    public init(beforeWriting: (@MainActor () -> String?)? = nil) {
        self.beforeWriting = beforeWriting
    }

    public func writeLine(_ line: String) {
        promptWaits = false
        pending += line
        pending += "\n"
        guard !flushScheduled, !batchUnderWay else { return }
        flushScheduled = true
        DispatchQueue.main.async { MainActor.assumeIsolated { self.flushIfScheduled() } }
    }

    public func writeError(_ line: String) {
        promptWaits = false
        flush()
        StandardStreams.write(line + "\n", to: .error)
    }

    /// Text with no line break, for the REPL prompt.
    public func writePrompt(_ prompt: String) {
        pending += prompt
        flush()
        promptWaits = true
    }

    public func writeNotice(_ line: String) {
        guard let prompt = announcesWithPrompt else { return }
        let waited = promptWaits
        if waited { pending += "\n" }
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

    /// Sends what is waiting now (before the process exits, say).
    public func flush() {
        flushScheduled = false
        let problem = beforeWriting?()
        if !pending.isEmpty {
            let text = pending
            pending = ""
            StandardStreams.writeOrExit(text, status: ExitStatus.outputFailed.rawValue)
        }
        if let problem { StandardStreams.write(problem + "\n", to: .error) }
    }
}
