import Core
import Synchronization
import SystemCalls

/// Writes bytes to stdout or stderr with `write(2)`, all of them or none, and never traps: FileHandle raises
/// an exception that ends the process with a backtrace when the stream is full, closed or a broken pipe.
public enum StandardStreams {
    public enum Stream: Sendable {
        case output, error
    }

    /// Where the two streams go: the process's own, or a run's (`ProcessIO`); nil once a run that does not own
    /// the process has ended, when anything still written is dropped.
    private static let descriptors = Mutex<(output: Int32, error: Int32, ownsProcess: Bool)?>(
        (FileDescriptorIO.standardOutput, FileDescriptorIO.standardError, true))

    /// Sends the streams to `io`'s descriptors; nil drops whatever is written from now on.
    public static func use(_ io: ProcessIO?) {
        descriptors.withLock { $0 = io.map { ($0.output, $0.error, $0.ownsProcess) } }
    }

    /// True if every byte was written (or dropped, after a run ended).
    @discardableResult
    public static func write(_ text: String, to stream: Stream) -> Bool {
        guard let current = descriptors.withLock({ $0 }) else { return true }
        var text = text
        return text.withUTF8 {
            FileDescriptorIO.writeAll(stream == .output ? current.output : current.error, UnsafeRawBufferPointer($0))
        }
    }

    /// Writes to stdout; if it cannot be written (a full disk, a closed descriptor, a reader that went away)
    /// there is no one left to show anything to, so the process ends at once with `status`, quietly.
    public static func writeOrExit(_ text: String, status: Int32) {
        // A run inside another process (a test) is not its to end: the write is lost, as it would be anyway.
        guard write(text, to: .output) || descriptors.withLock({ $0?.ownsProcess == false }) else {
            ProcessEnd.now(status)
        }
    }
}
