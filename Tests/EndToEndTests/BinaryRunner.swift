import Foundation
import TestSupport

/// Runs the built `next-to-go` like a user or a script would: arguments,
/// scripted stdin, a controlled environment; captures everything it prints.
struct BinaryRunner {
    typealias Run = ProcessRunner.Run

    static let binary: URL =
        ProcessInfo.processInfo.environment["NEXT_TO_GO_BINARY"].map {
            URL(fileURLWithPath: $0)
        } ?? ProcessRunner.builtProduct("next-to-go")

    /// A home of its own, so no test reads or writes the real favourites.
    static let home: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("next-to-go-home-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A plain, predictable environment: UTF-8 locale (so plain output is
    /// plain because of the pipe, not the locale) and nothing inherited that
    /// could change the output.
    static let baseEnvironment: [String: String] = [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "HOME": home.path,
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
        "TZ": "UTC",
    ]

    static func run(
        _ arguments: [String], stdin: String = "", environment: [String: String] = [:], timeout: TimeInterval = 60
    ) throws -> Run {
        try ProcessRunner.run(
            executable: binary, arguments: arguments, stdin: stdin,
            environment: baseEnvironment.merging(environment) { $1 }, timeout: timeout)
    }

    /// Any other program (a shell pipeline, `script`) with the same environment.
    static func run(
        executable: URL, arguments: [String], stdin: String, environment: [String: String], timeout: TimeInterval
    ) throws -> Run {
        try ProcessRunner.run(
            executable: executable, arguments: arguments, stdin: stdin,
            environment: baseEnvironment.merging(environment) { $1 }, timeout: timeout)
    }

}
