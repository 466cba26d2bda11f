import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion with scripted stdin, capturing its output.
public enum ProcessRunner {
    public struct Run: Sendable {
        public let stdout: String
        public let stderr: String
        public let status: Int32

        /// Stdout split into lines, without the empty one after the last newline.
        public var lines: [String] {
            var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if stdout.hasSuffix("\n") { lines.removeLast() }
            return lines
        }
    }

    public enum RunError: Error {
        case timedOut([String])
    }

    /// An executable this package builds. The test bundle sits in the build
    /// products folder, beside the executables.
    public static func builtProduct(_ name: String) -> URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return Bundle.main.bundleURL.appendingPathComponent(name)
    }

    public static func run(
        executable: URL, arguments: [String], stdin: String = "", environment: [String: String],
        timeout: TimeInterval = 60
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()

        // Drain both pipes while the process runs so a full pipe never blocks it.
        let collected = LockedValue<[Int: Data]>([:])
        let group = DispatchGroup()
        for (key, pipe) in [(1, output), (2, errors)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.update { $0[key] = data }
                group.leave()
            }
        }
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()

        if group.wait(timeout: .now() + timeout) == .timedOut {
            // SIGKILL: the test runner may have left SIGTERM blocked in children.
            kill(process.processIdentifier, SIGKILL)
            throw RunError.timedOut(arguments)
        }
        process.waitUntilExit()
        let data = collected.value
        return Run(
            stdout: String(decoding: data[1] ?? Data(), as: UTF8.self),
            stderr: String(decoding: data[2] ?? Data(), as: UTF8.self),
            status: process.terminationStatus)
    }

}
