import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program left running while the test talks to it a line at a time and
/// changes the world around it (stops or starts a server, say).
public final class RunningProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let stdout = LockedValue(Data())
    private let stderr = LockedValue(Data())
    private let drained = DispatchGroup()

    public init(executable: URL, arguments: [String], environment: [String: String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = input
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        for (pipe, buffer) in [(output, stdout), (errors, stderr)] {
            drained.enter()
            DispatchQueue.global().async { [drained] in
                while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
                    buffer.update { $0.append(chunk) }
                }
                drained.leave()
            }
        }
    }

    public var output: String { String(decoding: stdout.value, as: UTF8.self) }
    public var errors: String { String(decoding: stderr.value, as: UTF8.self) }

    public var processIdentifier: Int32 { process.processIdentifier }

    /// Resident memory in KB, from `/proc`; nil once the program has gone.
    public var residentKilobytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(processIdentifier)/status", encoding: .utf8) else {
            return nil
        }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
    }

    /// The program's open sockets, from `/proc`.
    public var openSockets: Int {
        let folder = "/proc/\(processIdentifier)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.filter {
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) ?? "").hasPrefix("socket:")
        }.count
    }

    /// How many times `text` appears on stdout so far.
    public func occurrences(of text: String) -> Int {
        output.components(separatedBy: text).count - 1
    }

    /// Sends `signal` to the program, as a terminal or `kill` would.
    public func send(signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Ends input (Ctrl-D, or the end of a pipe), leaving the program to react.
    public func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Waits for the program to exit by itself, input still open; false if it is still running.
    @discardableResult
    public func waitForExit(timeout: TimeInterval = 10) -> Bool {
        poll(for: timeout) { !process.isRunning }
    }

    /// Types a line.
    public func send(_ line: String) {
        write(line + "\n")
    }

    /// Writes to stdin exactly as given.
    public func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Waits until stdout or stderr contains `text`; false if it never does.
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 20) -> Bool {
        poll(for: timeout) { output.contains(text) || errors.contains(text) }
    }

    /// Types `line` about once every `interval` until `condition` holds for stdout; false if it never does.
    /// For waiting on something the program does by itself (a retry, say) without guessing how long it takes.
    @discardableResult
    public func keepSending(
        _ line: String, every interval: TimeInterval = 1, timeout: TimeInterval = 40,
        until condition: (String) -> Bool
    ) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            send(line)
            if poll(for: interval, until: { condition(output) }) { return true }
        }
        return condition(output)
    }

    /// Checks `condition` every 50 ms for up to `timeout`.
    private func poll(for timeout: TimeInterval, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Ends input and waits for the program to exit; on a time-out it is
    /// killed (SIGKILL: the test runner may have left SIGTERM blocked).
    public func finish(timeout: TimeInterval = 30) throws -> ProcessRunner.Run {
        try? input.fileHandleForWriting.close()
        if drained.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            throw ProcessRunner.RunError.timedOut(process.arguments ?? [])
        }
        process.waitUntilExit()
        return ProcessRunner.Run(stdout: output, stderr: errors, status: process.terminationStatus)
    }
}
