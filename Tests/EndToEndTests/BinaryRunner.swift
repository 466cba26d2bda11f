import Foundation
import TestSupport

/// Runs the built `next-to-go` like a user or a script would: arguments,
/// scripted stdin, a controlled environment; captures everything it prints.
struct BinaryRunner {
    struct Run {
        let stdout: String
        let stderr: String
        let status: Int32

        /// Stdout split into lines, without the empty one after the last newline.
        var lines: [String] {
            var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if stdout.hasSuffix("\n") { lines.removeLast() }
            return lines
        }
    }

    /// The test bundle sits in the build products folder, beside the binary.
    static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["NEXT_TO_GO_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("next-to-go")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return Bundle.main.bundleURL.appendingPathComponent("next-to-go")
    }()

    /// A plain, predictable environment: UTF-8 locale (so plain output is
    /// plain because of the pipe, not the locale) and nothing inherited that
    /// could change the output.
    static let baseEnvironment: [String: String] = [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "HOME": FileManager.default.temporaryDirectory.path,
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
        "TZ": "UTC",
    ]

    static func run(
        _ arguments: [String], stdin: String = "", environment: [String: String] = [:], timeout: TimeInterval = 60
    ) throws -> Run {
        try run(executable: binary, arguments: arguments, stdin: stdin, environment: environment, timeout: timeout)
    }

    static func run(
        executable: URL, arguments: [String], stdin: String, environment: [String: String], timeout: TimeInterval
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = baseEnvironment.merging(environment) { $1 }
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
            throw RunnerError.timedOut(arguments)
        }
        process.waitUntilExit()
        let data = collected.value
        return Run(
            stdout: String(decoding: data[1] ?? Data(), as: UTF8.self),
            stderr: String(decoding: data[2] ?? Data(), as: UTF8.self),
            status: process.terminationStatus)
    }

    enum RunnerError: Error {
        case timedOut([String])
    }
}
