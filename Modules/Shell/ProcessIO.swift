import SystemCalls

/// The streams a run of the app reads and writes: the process's own, or, for a run inside a test, pipes or files.
public struct ProcessIO: Sendable {
    public let input: Int32
    public let output: Int32
    public let error: Int32
    /// The process is the app's alone: the run may set its signal handlers and locale variables, take its
    /// terminal, and its end ends the process. A run inside a test owns none of these.
    public let ownsProcess: Bool

    public static let process = ProcessIO(
        input: FileDescriptorIO.standardInput, output: FileDescriptorIO.standardOutput,
        error: FileDescriptorIO.standardError, ownsProcess: true)

    /// A run on these descriptors, inside a process that is not its own.
    public init(input: Int32, output: Int32, error: Int32) {
        self.init(input: input, output: output, error: error, ownsProcess: false)
    }

    private init(input: Int32, output: Int32, error: Int32, ownsProcess: Bool) {
        self.input = input
        self.output = output
        self.error = error
        self.ownsProcess = ownsProcess
    }
}
