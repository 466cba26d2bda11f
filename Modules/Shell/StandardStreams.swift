import Core

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes bytes to stdout or stderr with `write(2)`, all of them or none, and never traps: FileHandle raises
/// an exception that ends the process with a backtrace when the stream is full, closed or a broken pipe.
public enum StandardStreams {
    public enum Stream: Sendable {
        case output, error

        var descriptor: Int32 {
            switch self {
            case .output: STDOUT_FILENO
            case .error: STDERR_FILENO
            }
        }
    }

    /// True if every byte was written.
    @discardableResult
    public static func write(_ text: String, to stream: Stream) -> Bool {
        var text = text
        return text.withUTF8 { FileDescriptorIO.writeAll(stream.descriptor, UnsafeRawBufferPointer($0)) }
    }

    /// Writes to stdout; if it cannot be written (a full disk, a closed descriptor, a reader that went away)
    /// there is no one left to show anything to, so the process ends at once with `status`, quietly.
    public static func writeOrExit(_ text: String, status: Int32) {
        guard write(text, to: .output) else { exit(status) }
    }
}
