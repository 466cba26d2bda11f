import Foundation
import TestSupport
import Testing

/// `--notify` with a `notify-send` of the test's own on PATH.
@Suite("Desktop notifications")
struct NotifyTests {
    static let arguments = ["--now", "1748310000", "--alert", "5"]
    static let script = "fav 1\nlist\n"

    /// A folder holding a `notify-send` that runs `body`.
    private func stub(_ body: String) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let file = try folder.file("notify-send", contents: Data("#!/bin/sh\n\(body)\n".utf8))
        chmod(file.path, 0o755)
        return folder
    }

    private func path(with folder: TemporaryDirectory) -> String {
        folder.url.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    @Test("each alert goes to notify-send too, titled, as plain text; the output is what it is without --notify")
    func sendsAlerts() throws {
        let log = try TemporaryDirectory()
        defer { log.remove() }
        let received = log.url.appendingPathComponent("received").path
        let folder = try stub(#"printf '%s|' "$@" >> "\#(received)"; echo >> "\#(received)""#)
        defer { folder.remove() }
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let notified = try BinaryRunner.run(
            Self.arguments + ["--data-dir", data.url.path, "--notify"], stdin: Self.script,
            environment: ["PATH": path(with: folder)])
        #expect(notified.status == 0)
        let other = try TemporaryDirectory()
        defer { other.remove() }
        let plain = try BinaryRunner.run(Self.arguments + ["--data-dir", other.url.path], stdin: Self.script)
        #expect(notified.stdout == plain.stdout)
        #expect(notified.stderr == plain.stderr)
        // notify-send runs on its own: give it a moment.
        let deadline = Date().addingTimeInterval(5)
        while (try? String(contentsOfFile: received, encoding: .utf8)) == nil, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(
            try String(contentsOfFile: received, encoding: .utf8)
                == "--app-name=next-to-go|--|Next to Go|R5 Moonee Valley (horse) starts in 2m 0s|\n")
    }

    @Test("a notify-send that hangs holds nothing up: the run ends at once")
    func slowNotifier() throws {
        let folder = try stub("sleep 30")
        defer { folder.remove() }
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let started = Date()
        let run = try BinaryRunner.run(
            Self.arguments + ["--data-dir", data.url.path, "--notify"], stdin: Self.script,
            environment: ["PATH": path(with: folder)])
        #expect(run.status == 0)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test("with nothing to reach, --notify says so once and the alerts stay in the terminal")
    func nothingToReach() throws {
        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let run = try BinaryRunner.run(
            Self.arguments + ["--data-dir", data.url.path, "--notify"], stdin: Self.script,
            environment: ["PATH": empty.url.path])
        #expect(run.status == 0)
        #expect(
            run.stderr.hasPrefix(
                "Desktop notifications: nothing here shows them: this terminal shows no notifications and notify-send is not installed; alerts stay here.\n"
            ), "\(run.stderr)")
        #expect(run.stderr.contains("Alert: R5 Moonee Valley (horse) starts in 2m 0s"))
    }
}
