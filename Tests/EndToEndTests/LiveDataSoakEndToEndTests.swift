import Foundation
import TestSupport
import Testing

/// Long runs against a server that cycles good and broken answers, as a board left on all day meets them.
@Suite(
    "next-to-go live data over many fetches", .serialized,
    .enabled(if: HostCapabilities.hasProc, "reads memory and sockets from /proc"))
struct LiveDataSoakEndToEndTests {
    @Test("140 refreshes cycling good, endless, huge, HTML, 503, truncated and reset answers keep memory flat")
    func mixedRefreshesKeepMemoryFlat() throws {
        let server = try FixtureServer(lifetime: 300)
        defer { server.stop() }
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let app = try RunningProcess(
            executable: BinaryRunner.binary,
            arguments: [
                "--source", server.url("cycle/\(Fixtures.tenRaces)"), "--refresh", "0", "--now",
                RaceListEndToEndTests.now,
            ],
            environment: BinaryRunner.baseEnvironment.merging(["HOME": home.url.path]) { $1 })

        /// Sends `count` refreshes and waits until all have been answered.
        func refresh(_ count: Int) -> Bool {
            let answered = app.occurrences(of: "Commands:")
            for _ in 0..<count { app.send("refresh") }
            app.send("help")
            return app.expect("all \(count) refreshes answered", sending: "", timeout: 120) { _ in
                app.occurrences(of: "Commands:") > answered
            }
        }

        // Warm up: the first fetches set up what every later one reuses.
        try #require(refresh(21))
        let before = try #require(app.residentKilobytes)
        let socketsBefore = app.openSockets
        try #require(refresh(140))
        let after = try #require(app.residentKilobytes)
        let sockets = app.openSockets
        app.send("quit")
        let run = try app.finish(timeout: 30)

        #expect(after - before <= 5 * 1024, "resident memory grew \(after - before) KB")
        #expect(sockets <= socketsBefore, "no connection is left open between fetches")
        #expect(run.status == 0)
        // After the first good answer a failed fetch keeps the board, marked stale with the reason.
        #expect(run.stdout.contains("(the answer is larger than the 10 MB limit)"))
        #expect(run.stdout.contains("(the connection was reset)"))
        #expect(run.stdout.components(separatedBy: "\n  1  ").count > 20, "good answers came through too")
    }

    @Test("a fetch still in flight when input ends holds nothing up: the app ends at once, and starts no process")
    func fetchInFlightAtTheEnd() throws {
        // The server keeps the fetch waiting far longer than the checks below wait.
        let server = try FixtureServer(delay: 300, countsConnections: true)
        defer { server.stop() }
        let app = try RunningProcess(
            executable: BinaryRunner.binary,
            arguments: ["--source", server.url("slow-first-byte/\(Fixtures.tenRaces)")],
            environment: BinaryRunner.baseEnvironment)
        try #require(
            expectEventually("the first fetch is out") {
                server.connectionsOpened > 0
            })
        #expect(Self.children(of: app.processIdentifier).isEmpty, "the fetch runs in the app's own process")
        let closed = Date()
        app.closeInput()
        try #require(
            expectEventually("the app ends at the end of its input") { !Self.isRunning(app.processIdentifier) })
        #expect(Date().timeIntervalSince(closed) < 20, "not held until the server's answer, 300 s away")
        let run = try app.finish(timeout: 30)
        #expect(run.status == 0)
    }

    /// Processes whose parent is `pid`, from `/proc/*/stat`.
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let child = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let afterName = stat.range(of: ") ", options: .backwards)
            else { return nil }
            let fields = stat[afterName.upperBound...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid ? child : nil
        }
    }

    /// Alive and not a zombie.
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return false }
        return stat[afterName.upperBound...].first != "Z"
    }

    @Test("an http run leaves no folder behind but its own next-to-go ones")
    func leavesNoStrayFolders() throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let run = try BinaryRunner.run(
            ["--source", server.url(Fixtures.tenRaces), "--now", RaceListEndToEndTests.now, "list"],
            environment: ["HOME": home.url.path])
        #expect(run.status == 0)

        let found = try #require(FileManager.default.subpaths(atPath: home.url.path)).sorted()
        let xdgBases: Set<String> = [".cache", ".local", ".local/share", ".local/state"]
        let stray = found.filter { !xdgBases.contains($0) && !$0.contains("next-to-go") }
        #expect(stray.isEmpty, "made outside next-to-go/: \(stray)")
        #expect(found.contains(".cache/next-to-go"), "the feed cache is there: \(found)")
    }
}
