import Core
import Text

/// Keeps what a view or the shell printed, stdout and stderr apart and
/// together in order.
@MainActor
public final class RecordingOutput: TextOutput {
    public private(set) var lines: [String] = []
    public private(set) var errors: [String] = []
    public private(set) var transcript: [String] = []

    public init() {}

    public func writeLine(_ line: String) {
        lines.append(line)
        transcript.append(line)
    }

    public func writeError(_ line: String) {
        errors.append(line)
        transcript.append("! " + line)
    }

    /// Status lines, as the live area would show them.
    public private(set) var statuses: [String?] = []

    public func writeStatus(_ line: String?) {
        statuses.append(line)
    }

    public func reset() {
        lines = []
        errors = []
        transcript = []
    }
}

/// Records the results commands finish with.
@MainActor
public final class CompletionLog {
    public private(set) var results: [CommandResult] = []
    public var callback: CommandCompletion { { self.results.append($0) } }

    public init() {}
}
