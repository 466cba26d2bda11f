import Foundation
import Testing

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

    /// What it has written so far. Private: checks of a running program wait for what they expect (`expect`);
    /// what it wrote in all is `finish()`'s.
    private var output: String { String(decoding: stdout.value, as: UTF8.self) }
    private var errors: String { String(decoding: stderr.value, as: UTF8.self) }

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

    /// How many times `text` appears on stdout so far: a count to wait past (`expect(_:sending:until:)`), not a
    /// check.
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

    /// Waits for the program to exit by itself, input still open; an issue if it is still running.
    @discardableResult
    public func expectExit(
        timeout: TimeInterval = patience, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        expectEventually(
            "the program exits by itself", timeout: timeout, evidence: { self.shown },
            sourceLocation: sourceLocation
        ) { !process.isRunning }
    }

    /// Types a line.
    public func send(_ line: String) {
        write(line + "\n")
    }

    /// Writes to stdin exactly as given.
    public func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Waits until stdout or stderr contains `text`; an issue at the caller's line if it never does.
    @discardableResult
    public func expect(
        shows text: String, timeout: TimeInterval = patience, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        expectEventually(
            "the program writes \"\(text)\"", timeout: timeout, evidence: { self.shown },
            sourceLocation: sourceLocation
        ) { output.contains(text) || errors.contains(text) }
    }

    /// Types `line` about once every `interval` until `condition` holds for stdout; an issue naming `expectation`
    /// if it never does. For waiting on something the program does by itself (a retry, say) without guessing how
    /// long it takes.
    @discardableResult
    public func expect(
        _ expectation: @autoclosure () -> String, sending line: String, every interval: TimeInterval = 1,
        timeout: TimeInterval = 60, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: (String) -> Bool
    ) -> Bool {
        var sent = Date.distantPast
        return expectEventually(
            expectation(), timeout: timeout, evidence: { self.shown }, sourceLocation: sourceLocation
        ) {
            if Date().timeIntervalSince(sent) >= interval {
                send(line)
                sent = Date()
            }
            return condition(output)
        }
    }

    /// What the program has written, stdout then stderr, for a failing check to show.
    private var shown: String {
        let tail = { (text: String) in text.count > 4_000 ? "…" + text.suffix(4_000) : text }
        return "stdout:\n\(tail(output))\nstderr:\n\(tail(errors))"
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
