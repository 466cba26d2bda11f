import Foundation
import TestSupport
import Testing

/// Race cards from the sources a user meets: the snapshot's own (no network) and an affiliates API, here a
/// loopback imitation of it (`Scripts/fixture-server`): a card, none (404), a slow server, garbage.
@Suite("next-to-go race card sources end to end")
struct RaceCardSourcesEndToEndTests {
    /// The race day at Saturday 11:48 UTC: Globe Derby R9 (harness, 9 runners) jumps first, 6 minutes on;
    /// Romford R4, abandoned, was to jump 2 minutes on.
    static let launch = Int(RaceListEndToEndTests.raceDayNow)!

    @Test(
        "with no options, the default snapshot shows a race's field: drivers (a harness race), prices, the market favourite"
    )
    func snapshotField() throws {
        // A window wide enough for the drivers' column beside the prices and marks.
        let run = try BinaryRunner.run(
            ["--now", String(Self.launch)], stdin: "show 1\nquit\n", environment: ["COLUMNS": "100"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  Field (9 runners, 1 scratched) - Open"), "\(run.stdout)")
        let heading = try #require(run.lines.first { $0.contains("#  Runner") }, "\(run.stdout)")
        #expect(heading.contains("Driver") && !heading.contains("Rider"), "\(heading)")
        #expect(run.stdout.split(separator: "\n").filter { $0.hasSuffix("  market favourite") }.count == 1)
        #expect(!run.stdout.contains("null"))
    }

    @Test("a favourite opened after its race was run shows the result and dividends, from the snapshot's card")
    func snapshotResult() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let saved = try BinaryRunner.run(
            ["--now", String(Self.launch), "--data-dir", data.url.path], stdin: "fav 1\nquit\n")
        #expect(saved.status == 0, "\(saved.stderr)")
        // Fifteen minutes on: race 1 jumped nine minutes ago, long gone from the board.
        let later = try BinaryRunner.run(
            ["--now", String(Self.launch + 900), "--data-dir", data.url.path], stdin: "favs\nshow 1\nquit\n")
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stdout.contains("  Result - Final\n    1st"), "\(later.stdout)")
        #expect(later.stdout.contains("  Dividends\n    Win"), "\(later.stdout)")
    }

    @Test("the race day's abandoned race takes no place on the board, which names it; list all and its sheet say so")
    func abandonedOnTheBoard() throws {
        let run = try BinaryRunner.run(
            ["--now", String(Self.launch)], stdin: "list\nlist all\nshow 1\n", environment: ["TZ": "UTC"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Next to Go - all categories\n"))
        let board = run.stdout.components(separatedBy: "\n").prefix(7)
        #expect(board.dropLast().allSatisfy { !$0.contains("R4   Romford") }, "\(run.stdout)")
        #expect(board.last == "  Abandoned: R4 Romford.", "\(run.stdout)")
        #expect(run.stdout.contains("   1  G  R4   Romford                    Abandoned\n"), "list all: \(run.stdout)")
        #expect(run.stdout.contains("  This race was abandoned.\n  Field (6 runners) - Abandoned"))
        #expect(
            run.stdout.contains("  Starts         Sat 7 Mar 11:50:00 GMT (abandoned)\n"),
            "no countdown to a race that will not run")
        let json = try BinaryRunner.run(["--json", "--now", String(Self.launch), "list"])
        #expect(json.stdout.contains(#""note":"Abandoned: R4 Romford.""#), "\(json.stdout)")
        #expect(!json.stdout.contains("Abandoned\""), "no row of the board is the abandoned race")
    }

    // MARK: - An affiliates API on loopback

    private func withAffiliates(
        fault: String? = nil, faultOnly: String? = nil, delay: TimeInterval = 30,
        _ body: (_ server: FixtureServer, _ log: URL) throws -> Void
    ) throws {
        let folder = try RaceCardEndToEndTests.openCardFolder()
        defer { folder.remove() }
        let log = folder.url.appendingPathComponent("requests.log")
        let server = try FixtureServer(
            folder: folder.url, fault: fault, faultOnly: faultOnly, delay: delay, lifetime: 300, requestLog: log)
        defer { server.stop() }
        try body(server, log)
    }

    private func show(_ race: Int, cards: String, _ extra: [String] = []) throws -> BinaryRunner.Run {
        try BinaryRunner.run(
            ["--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--cards", cards]
                + extra,
            stdin: "show \(race)\nquit\n")
    }

    @Test("a card from the API, asked for with the caller's From and X-Partner")
    func card() throws {
        try withAffiliates { server, log in
            let run = try show(1, cards: server.url("affiliates/v1"), ["--from", "fan@example.com"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("  Field (2 runners, 1 scratched) - Open"), "\(run.stdout)")
            let request = try String(contentsOf: log, encoding: .utf8)
            #expect(request.contains("/affiliates/v1/racing/events/\(RaceCardEndToEndTests.northfieldPark)"))
            #expect(request.contains(#""from": "fan@example.com""#), "\(request)")
            #expect(request.contains(#""partner": "next-to-go""#), "\(request)")
        }
    }

    @Test("no card published (404) leaves the sheet with a one-line note, exit 0")
    func notPublished() throws {
        try withAffiliates { server, _ in
            let run = try show(2, cards: server.url("affiliates/v1"))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("  No race card for this race from \(server.url("affiliates/v1")) yet."))
            #expect(!run.stdout.contains("Field ("))
        }
    }

    @Test("a server too slow to answer is given up at --timeout: the sheet and a note, exit 0")
    func slow() throws {
        try withAffiliates { server, _ in
            let started = Date()
            let run = try show(1, cards: server.url("slow-first-byte/affiliates/v1"), ["--timeout", "2"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(Date().timeIntervalSince(started) < 20)
            #expect(run.stdout.contains("  Category       harness"))
            #expect(run.stdout.contains("  No race card: "), "\(run.stdout)")
            #expect(run.stdout.contains("within 2 s"), "\(run.stdout)")
        }
    }

    @Test("garbage for a card is a note, never a crash or a control byte")
    func garbage() throws {
        try withAffiliates { server, _ in
            let run = try show(1, cards: server.url("not-json/affiliates/v1"))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("  No race card: it is not valid JSON"), "\(run.stdout)")
            #expect(!run.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
    }

    @Test("a card from a plain file server (labelled application/octet-stream) is read; an HTML page says so")
    func labelledOtherwise() throws {
        try withAffiliates { server, _ in
            let plain = try show(1, cards: server.url("octet-stream/affiliates/v1"))
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(plain.stdout.contains("  Field (2 runners, 1 scratched) - Open"), "\(plain.stdout)")

            let page = try show(1, cards: server.url("html/affiliates/v1"))
            #expect(page.status == 0, "\(page.stderr)")
            #expect(
                page.stdout.contains("  No race card: expected JSON but the server sent text/html; charset=utf-8"),
                "\(page.stdout)")
            #expect(!page.stdout.contains("Field ("))
        }
    }

    @Test("the API's meetings list marks an abandoned race on the board, without its card opened")
    func meetingsStatuses() throws {
        try withAffiliates { server, log in
            let meetings: [String: Any] = [
                "data": [
                    "meetings": [
                        [
                            "name": "Northfield Park",
                            "races": [
                                [
                                    "id": RaceCardEndToEndTests.northfieldPark, "status": "Abandoned",
                                    "weather": NSNull(),
                                ],
                                ["id": NSNull(), "status": "Final"], ["status": 5],
                            ],
                        ]
                    ]
                ]
            ]
            let folder = URL(fileURLWithPath: log.deletingLastPathComponent().path)
            try JSONSerialization.data(withJSONObject: meetings).write(
                to: folder.appendingPathComponent("meetings.json"))
            // The statuses come when they come: a board drawn after they came marks the race.
            let app = try RunningProcess(
                executable: BinaryRunner.binary,
                arguments: [
                    "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--cards",
                    server.url("affiliates/v1"),
                ], environment: BinaryRunner.baseEnvironment)
            app.expect("a board marks Northfield Park abandoned", sending: "list", every: 0.2, timeout: 60) {
                $0.split(separator: "\n").contains { $0.hasPrefix("  Abandoned: ") && $0.contains("Northfield Park") }
            }
            app.closeInput()
            let run = try app.finish()
            #expect(run.status == 0, "\(run.stderr)")
            let requests = try String(contentsOf: log, encoding: .utf8)
            #expect(requests.contains("/affiliates/v1/racing/meetings"), "\(requests)")
        }
    }

    @Test("a card never waits for the meetings list: with meetings that never answer, `show` answers at once")
    func cardBeforeMeetings() throws {
        // The meetings list answers after two minutes; the wait for it would be the whole connect timeout.
        try withAffiliates(fault: "slow-first-byte", faultOnly: "racing/meetings", delay: 120) { server, _ in
            let started = Date()
            let run = try show(1, cards: server.url("affiliates/v1"), ["--connect-timeout", "60", "--timeout", "90"])
            #expect(Date().timeIntervalSince(started) < 30, "it waited for the meetings list")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("  Field (2 runners, 1 scratched) - Open"), "\(run.stdout)")
        }
    }

    @Test("a card fetched once is shown from the copy kept when the server is gone, marked offline")
    func offlineCopy() throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let environment = ["XDG_CACHE_HOME": cache.url.path]
        var base = ""
        try withAffiliates { server, _ in
            base = server.url("affiliates/v1")
            let online = try BinaryRunner.run(
                ["--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--cards", base],
                stdin: "show 1\n", environment: environment)
            #expect(online.stdout.contains("Field (2 runners, 1 scratched)"), "\(online.stdout)")
        }
        let offline = try BinaryRunner.run(
            ["--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--cards", base],
            stdin: "show 1\n", environment: environment)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("Field (2 runners, 1 scratched)"), "\(offline.stdout)")
        #expect(offline.stdout.contains("  Offline: the race card as saved "), "\(offline.stdout)")
    }

    @Test("--from and --partner refuse what cannot be sent as a header")
    func badIdentity() throws {
        let run = try BinaryRunner.run(["--from", "me\u{7F}@example.com", "list"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--from"), "\(run.stderr)")
    }
}

extension RaceCardSourcesEndToEndTests {
    @Test("at 40 columns a sheet's every line fits: names stay whole, the marks in their short words")
    func fortyColumns() throws {
        // 11:53:20: Turffontein R4 is second on the board, its field with a favourite and a late scratching.
        let run = try BinaryRunner.run(
            ["--now", String(Self.launch + 320), "show", "2"], environment: ["COLUMNS": "40", "TZ": "UTC"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.allSatisfy { $0.count <= 40 }, "\(run.lines.filter { $0.count > 40 })")
        #expect(run.lines.contains("     1  Dusty Beacon      2.60  fav"), "\(run.stdout)")
        #expect(run.lines.contains("     6  Shadow Bishop     6.00  mvr"), "\(run.stdout)")
        #expect(run.lines.contains("    10  Sailor Fortune  late scr 11:42"), "\(run.stdout)")
        #expect(run.lines.contains { $0.hasPrefix("     4  Keen Captain  ") }, "\(run.stdout)")
    }
}
