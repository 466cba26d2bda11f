import Foundation

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
        let process = try RunningProcess(executable: executable, arguments: arguments, environment: environment)
        process.write(stdin)
        return try process.finish(timeout: timeout)
    }
}
