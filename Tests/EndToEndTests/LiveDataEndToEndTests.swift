import Foundation
import RaceDataLive
import TestSupport
import Testing

/// `--source URL` against `Scripts/fixture-server`: faults, recovery, offline start.
@Suite("next-to-go live data end to end", .serialized)
struct LiveDataEndToEndTests {
    static let now = RaceListEndToEndTests.now
    static let board = RaceListEndToEndTests.allCategories
    /// Tight limits only where a case measures them (`FixtureServer.isSlowFault`); elsewhere the defaults.
    static func limits(for path: String) -> [String] {
        FixtureServer.isSlowFault(path) ? ["--timeout", "2", "--connect-timeout", "1"] : []
    }
    let cache: TemporaryDirectory

    init() throws {
        cache = try TemporaryDirectory()
    }

    private var environment: [String: String] { ["XDG_CACHE_HOME": cache.url.path] }

    @Test(
        "after each fault the error names the URL, and the next command works",
        arguments: [
            ("status/500", "the server answered HTTP 500", Int32(69)),
            ("status/404", "the server answered HTTP 404", 69),
            ("html", "expected JSON but the server sent text/html; charset=utf-8", 65),
            ("slow-first-byte/\(Fixtures.tenRaces)", "no response within 1 s", 69),
            ("slow-body/\(Fixtures.tenRaces)", "not finished within 2 s", 69),
            ("truncated/\(Fixtures.tenRaces)", "the answer was cut off after 10510 of 21021 bytes", 69),
            ("endless", "the answer is larger than the 10 MB limit", 65),
            ("huge", "the answer is larger than the 10 MB limit", 65),
            ("reset", "the connection was reset", 69),
        ])
    func faultThenNextCommand(path: String, reason: String, status: Int32) throws {
        defer { cache.remove() }
        let server = try FixtureServer(delay: 20)
        defer { server.stop() }
        let message = "Could not read races from \(server.url(path)): \(reason)."

        let repl = try BinaryRunner.run(
            ["--source", server.url(path), "--now", Self.now] + Self.limits(for: path), stdin: "list\nhelp\n",
            environment: environment)
        #expect(repl.status == 0)
        // What is not a feed stays so however often it is read; a fault of the network may pass.
        let hint =
            status == 65
            ? "Type `refresh` to read it again once the source is put right." : "Type `refresh` to retry."
        #expect(repl.stderr == "\(message)\n\(hint)\n")
        #expect(repl.lines.first == "Commands:", "the shell answered the next command")

        let single = try BinaryRunner.run(
            ["--source", server.url(path), "--now", Self.now] + Self.limits(for: path) + ["list"],
            environment: environment)
        #expect(single.status == status)
        #expect(single.stderr.hasPrefix(message))
        #expect(
            single.stderr.hasSuffix(
                status == 65
                    ? "\nPut the source right, or choose another with --source.\n"
                    : "\nRun the command again to retry.\n"))
    }

    @Test("the board recovers by itself when the server comes back")
    func recovery() throws {
        defer { cache.remove() }
        // Find a free port, then leave it closed.
        let probe = try FixtureServer()
        let port = probe.port
        let url = probe.url(Fixtures.tenRaces)
        probe.stop()

        let app = try RunningProcess(
            executable: BinaryRunner.binary, arguments: ["--source", url, "--now", Self.now],
            environment: BinaryRunner.baseEnvironment.merging(environment) { $1 })
        app.send("list")
        app.expect(shows: "connection refused")

        let server = try FixtureServer(port: port)
        defer { server.stop() }
        // Retries come 2, 4, 8 s after failures; `list` only draws, so a fresh board proves a retry by itself.
        app.expect("a fresh board, drawn by a retry of its own", sending: "list") {
            Self.isFresh(Self.lastBoard(in: $0))
        }
        let run = try app.finish()
        #expect(run.status == 0)
        #expect(Array(run.lines.suffix(Self.board.count)) == Self.board, "fresh races, no stale mark")
        #expect(!run.stdout.contains("stale"))
    }

    @Test("when the server goes away, the board keeps the last good races, marked stale, and recovers")
    func staleThenRecovered() throws {
        defer { cache.remove() }
        let server = try FixtureServer()
        let port = server.port
        let url = server.url(Fixtures.tenRaces)
        let app = try RunningProcess(
            executable: BinaryRunner.binary,
            arguments: ["--source", url, "--now", Self.now, "--refresh", "1"],
            environment: BinaryRunner.baseEnvironment.merging(environment) { $1 })
        app.send("list")
        app.expect(shows: "Ascot Park")
        server.stop()
        app.expect("the last good races, marked stale", sending: "list") {
            Self.lastBoard(in: $0)?.contains("(connection refused)") == true
        }

        let back = try FixtureServer(port: port)
        defer { back.stop() }
        app.expect("a fresh board once the server is back", sending: "list") { Self.isFresh(Self.lastBoard(in: $0)) }
        let run = try app.finish()
        #expect(run.status == 0)
        let boards = Self.boards(in: run.stdout)
        #expect(boards.first?.contains("stale") == false)
        #expect(boards.contains { $0.hasPrefix("  stale - last update 0s ago (connection refused)\n") })
        #expect(boards.last.map { $0.components(separatedBy: "\n").dropLast() } == Self.board.dropFirst()[...])
    }

    private static func boards(in stdout: String) -> [String] {
        Array(stdout.components(separatedBy: "Next to Go - all categories\n").dropFirst())
    }

    private static func lastBoard(in stdout: String) -> String? {
        boards(in: stdout).last
    }

    /// Drawn far enough to show the fourth row, and not marked stale (that line comes first).
    private static func isFresh(_ board: String?) -> Bool {
        guard let board else { return false }
        return board.contains("Ascot Park") && !board.contains("stale")
    }

    @Test("offline start: the last good feed of the URL, marked stale with its age")
    func offlineStart() throws {
        defer { cache.remove() }
        let server = try FixtureServer()
        let url = server.url(Fixtures.tenRaces)
        let online = try BinaryRunner.run(["--source", url, "--now", Self.now, "list"], environment: environment)
        #expect(online.lines == Self.board)
        server.stop()

        // Ten minutes later (by --now) the source is gone; the saved feed stands in.
        let offline = try BinaryRunner.run(
            ["--source", url, "--now", "1778719140", "list"], environment: environment)
        #expect(offline.status == 0)
        #expect(offline.stderr == "")
        #expect(
            offline.lines == [
                "Next to Go - all categories",
                "  stale - last update 10m ago (connection refused)",
                "  1  G  R1   Healesville          0s",
                "  2  H  R4   Flamboro Downs    1m 0s",
                "  3  H  R8   Pocono Downs      4m 0s",
                "  4  G  R3   Ascot Park        5m 0s",
                "  5  G  R2   Cannington       10m 0s",
            ])
    }

    /// A run that fetched the ten-race feed from a server now stopped, so the cache holds its answer: the URL, and
    /// the port a server with a fault can take over.
    private func cachedGoodAnswer() throws -> (url: String, port: Int) {
        let server = try FixtureServer()
        defer { server.stop() }
        let url = server.url(Fixtures.tenRaces)
        let run = try BinaryRunner.run(["--source", url, "--now", Self.now, "list"], environment: environment)
        #expect(run.status == 0)
        return (url, server.port)
    }

    @Test(
        "offline start covers every bad answer, not only a dead network: HTML, a body not JSON, JSON not the feed",
        arguments: [
            ("html", "expected JSON but the server sent text/html; charset=utf-8"),
            ("not-json", nil),
            ("not-the-feed", nil),
        ] as [(String, String?)])
    func offlineStartOnBadAnswer(fault: String, reason: String?) throws {
        defer { cache.remove() }
        let (url, port) = try cachedGoodAnswer()
        // The same URL now answers with the fault (a captive portal, a CDN's error page).
        let broken = try FixtureServer(port: port, fault: fault)
        defer { broken.stop() }
        let offline = try BinaryRunner.run(["--source", url, "--now", "1778719140", "list"], environment: environment)
        #expect(offline.status == 0)
        let stale = try #require(offline.lines[checked: 1])
        #expect(stale.hasPrefix("  stale - last update 10m ago ("), "\(offline.stdout)")
        if let reason { #expect(stale == "  stale - last update 10m ago (\(reason))") }
        #expect(offline.lines[checked: 2] == "  1  G  R1   Healesville          0s")
    }

    @Test("an answer with no races is shown as it is, and is not saved over a copy that has races")
    func emptyAnswerKeepsTheCopy() throws {
        defer { cache.remove() }
        let (url, port) = try cachedGoodAnswer()
        let empty = try FixtureServer(port: port, fault: "empty-feed")
        let live = try BinaryRunner.run(["--source", url, "--now", Self.now, "list"], environment: environment)
        #expect(live.lines == ["Next to Go - all categories", "  No upcoming races."])
        empty.stop()
        let offline = try BinaryRunner.run(["--source", url, "--now", Self.now, "list"], environment: environment)
        #expect(offline.lines[checked: 1] == "  stale - last update 0s ago (connection refused)")
        #expect(offline.lines.count == 7, "the races of the copy saved before: \(offline.stdout)")
    }

    @Test("a nextraces URL asking for 10 races is asked for 45: five of every category, as the API really answers")
    func fullCategoryBoards() throws {
        defer { cache.remove() }
        // The snapshot served as the Neds API answers: in start order, at most count= and never more than 45,
        // whatever the category. Asked for 10, it held one harness race.
        let server = try FixtureServer(folder: Fixtures.evening.deletingLastPathComponent())
        defer { server.stop() }
        let url = server.url("replay/\(Fixtures.evening.lastPathComponent)?method=nextraces&count=10")
        for category in ["horse", "greyhound", "harness"] {
            let run = try BinaryRunner.run(["--source", url, "filter", category], environment: environment)
            #expect(run.status == 0)
            #expect(run.lines[checked: 0] == "Next to Go - \(category)", "\(run.stdout)")
            #expect(
                run.lines.dropFirst().filter { $0.hasPrefix("  ") && $0.contains(" R") }.count == 5, "\(run.stdout)")
            #expect(!run.stdout.contains("Only "), "no short board")
        }
    }

    /// The same with a real 45-race capture (20 horse, 16 greyhound, 9 harness), when the shared captures are
    /// here: its first ten races hold one greyhound and one harness race.
    @Test(
        "a real 45-race capture served as the API answers count=10: five of every category all the same",
        .enabled(if: RealCaptures.available))
    func fullCategoryBoardsFromARealCapture() throws {
        defer { cache.remove() }
        let folder = try #require(RealCaptures.directory)
        let server = try FixtureServer(folder: folder)
        defer { server.stop() }
        let url = server.url("replay/nextraces-2024-03-45-races.json?method=nextraces&count=10")
        for category in ["horse", "greyhound", "harness"] {
            let run = try BinaryRunner.run(["--source", url, "filter", category], environment: environment)
            #expect(run.status == 0)
            #expect(run.lines.dropFirst().filter { $0.contains(" R") }.count == 5, "\(category): \(run.stdout)")
        }
    }

    @Test("a damaged cache is ignored with a warning naming it, never fatal")
    func damagedCache() throws {
        defer { cache.remove() }
        let server = try FixtureServer()
        defer { server.stop() }
        let url = server.url(Fixtures.tenRaces)
        let file = FeedCache(directory: cache.url.appendingPathComponent("next-to-go")).fileURL(for: URL(string: url)!)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ damaged".utf8).write(to: file)

        let run = try BinaryRunner.run(["--source", url, "--now", Self.now, "list"], environment: environment)
        #expect(run.status == 0)
        #expect(run.stderr == "Warning: ignoring the damaged cached feed at \(file.path).\n")
        #expect(run.lines == Self.board)
    }
}
