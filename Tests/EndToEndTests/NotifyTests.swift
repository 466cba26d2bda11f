import Foundation
import TestSupport
import Testing

/// `--notify` with a `notify-send` of the test's own on PATH.
@Suite("Desktop notifications")
struct NotifyTests {
    static let arguments = ["--now", "1772884320", "--alert", "5"]
    static let script = "fav 1\nlist\n"
    static let reachesNothing =
        "Desktop notifications: nothing here shows them: this terminal shows no notifications and notify-send is not installed; alerts stay here.\n"

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

    /// The script run with `--notify` and the stub on PATH, its input kept open until `done` (the stub has done
    /// its part) or 30 s: notify-send is ended with the app.
    private func runNotifying(data: TemporaryDirectory, folder: TemporaryDirectory, until done: () -> Bool) throws
        -> ProcessRunner.Run
    {
        let app = try RunningProcess(
            executable: BinaryRunner.binary, arguments: Self.arguments + ["--data-dir", data.url.path, "--notify"],
            environment: BinaryRunner.baseEnvironment.merging(["PATH": path(with: folder)]) { $1 })
        app.write(Self.script)
        _ = Waiting.until(done)
        app.closeInput()
        return try app.finish()
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
        // notify-send runs on its own, and is ended with the app: the input stays open until it has done.
        let notified = try runNotifying(data: data, folder: folder) {
            (try? String(contentsOfFile: received, encoding: .utf8))?.hasSuffix("\n") == true
        }
        #expect(notified.status == 0)
        let other = try TemporaryDirectory()
        defer { other.remove() }
        let plain = try BinaryRunner.run(Self.arguments + ["--data-dir", other.url.path], stdin: Self.script)
        #expect(notified.stdout == plain.stdout)
        #expect(notified.stderr == plain.stderr)
        #expect(
            try String(contentsOfFile: received, encoding: .utf8)
                == "--app-name=next-to-go|--|Next to Go|R9 Globe Derby (harness) starts in 2m 0s|\n")
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
        // The stub sleeps 30 s: a run that waited for it would take that long, one that did not a second or two.
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test(
        "a notify-send that hangs runs in a session of its own, and it and what it started end when the app does",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
    func notifierEndsWithTheApp() throws {
        let log = try TemporaryDirectory()
        defer { log.remove() }
        let record = log.url.appendingPathComponent("record").path
        // Its own process id, group and session, then a helper of its own, then a wait longer than any test.
        let folder = try stub(
            #"read -r _ _ _ _ group session _ < /proc/$$/stat; sleep 300 & echo "$$ $group $session $!" > "\#(record).tmp"; mv "\#(record).tmp" "\#(record)"; sleep 300"#
        )
        defer { folder.remove() }
        let data = try TemporaryDirectory()
        defer { data.remove() }
        // The input stays open until the notifier has said who it is; then the app reads its end and exits.
        let run = try runNotifying(data: data, folder: folder) { FileManager.default.fileExists(atPath: record) }
        #expect(run.status == 0)
        let fields = try String(contentsOfFile: record, encoding: .utf8).split(separator: " ").compactMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(fields.count == 4)
        let (notifier, group, session, helper) = (fields[0], fields[1], fields[2], fields[3])
        #expect(group == notifier, "a process group of its own")
        #expect(session == notifier, "a session of its own: no controlling terminal")
        expectEventually("notify-send was ended with the app") { !Self.isRunning(notifier) }
        expectEventually("and so was what it started") { !Self.isRunning(helper) }
    }

    /// Alive and not a zombie waiting to be collected.
    private static func isRunning(_ process: Int32) -> Bool {
        guard kill(process, 0) == 0,
            let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].drop { $0 == " " }.first != "Z"
    }

    @Test("a notify-send that is a folder or a FIFO, even with its x bit set, is not a notify-send")
    func notAProgram() throws {
        for kind in ["folder", "fifo"] {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let impostor = folder.url.appendingPathComponent("notify-send").path
            if kind == "folder" {
                try FileManager.default.createDirectory(atPath: impostor, withIntermediateDirectories: false)
                chmod(impostor, 0o755)
            } else {
                #expect(mkfifo(impostor, 0o755) == 0)
            }
            let data = try TemporaryDirectory()
            defer { data.remove() }
            let run = try BinaryRunner.run(
                Self.arguments + ["--data-dir", data.url.path, "--notify"], stdin: Self.script,
                environment: ["PATH": folder.url.path])
            #expect(run.status == 0)
            #expect(run.stderr.hasPrefix(Self.reachesNothing), "\(kind): \(run.stderr)")
        }
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
        #expect(run.stderr.hasPrefix(Self.reachesNothing), "\(run.stderr)")
        #expect(run.stderr.contains("Alert: R9 Globe Derby (harness) starts in 2m 0s"))
    }
}
