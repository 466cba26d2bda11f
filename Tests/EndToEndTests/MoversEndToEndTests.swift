import Foundation
import TestSupport
import Testing

/// `movers` on the default race day: the snapshot's own cards, read offline.
@Suite("next-to-go movers end to end")
struct MoversEndToEndTests {
    static let now = "1775318400"

    @Test("one-shot: the biggest moves of the next eight races, by points of chance against each opening price")
    func oneShot() throws {
        let run = try BinaryRunner.run(["--now", Self.now, "movers"], environment: ["TZ": "UTC"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.first == "Market movers - the next 8 races")
        #expect(
            run.lines.contains("  Hove R10         29m 0s  3 Greenwell Breeze    7.50 ->  4.00  +11.7 pts"),
            "\(run.stdout)"
        )
        #expect(run.lines.contains("Drifting (eased)"))
        #expect(!run.stdout.contains("Next to Go"), "the board is not drawn under it")
    }

    @Test("piped: movers over the board, back to it; --json: one document with each side's rows")
    func pipedAndJSON() throws {
        let piped = try BinaryRunner.run(["--now", Self.now, "--strict"], stdin: "movers\nback\nlist\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("Market movers - the next 8 races"))
        #expect(piped.stdout.components(separatedBy: "Next to Go - all categories").count >= 3)
        let json = try BinaryRunner.run(["--now", Self.now, "--json", "movers"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["type"] as? String == "movers")
        let firming = try #require(document["firming"] as? [[String: Any]])
        #expect(firming.first?["runner"] as? String == "3 Greenwell Breeze")
        #expect(firming.first?["chancePoints"] as? Double == 11.7 && firming.first?["changePercent"] as? Int == -47)
        let points = firming.map { $0["chancePoints"] as? Double ?? 0 }
        #expect(points == points.sorted(by: >) && points.allSatisfy { $0 > 0 }, "\(points)")
    }

    @Test("movers with no card source: every race without a card, said; a number after it is a usage error")
    func noCards() throws {
        let run = try BinaryRunner.run(["--now", Self.now, "--cards", "none", "movers"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("8 had no race card yet."), "\(run.stdout)")
        let misuse = try BinaryRunner.run(["--now", Self.now, "movers", "3"])
        #expect(misuse.status == 64)
    }
}

/// `movers` from an affiliates API: a card request for each of the next races, through the source's budget.
@Suite("next-to-go movers against a card server", .serialized)
struct MoversCardServerTests {
    @Test("a counting server sees one request a race, never two side by side, spread as 2 s apart, on one connection")
    func budget() throws {
        let folder = try RaceCardEndToEndTests.openCardFolder()
        defer { folder.remove() }
        let log = folder.url.appendingPathComponent("requests.log")
        // As real servers do, it keeps a connection open between answers.
        let server = try FixtureServer(
            folder: folder.url, lifetime: 300, requestLog: log, keepAlive: true, countsConnections: true)
        defer { server.stop() }
        let run = try BinaryRunner.run(
            [
                "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--cards",
                server.url("affiliates/v1"), "movers",
            ], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Market movers - the next 8 races"), "\(run.stdout)")
        let entries = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let cards = entries.filter { ($0["path"] as? String)?.contains("racing/events/") == true }
        #expect(cards.count == 8, "\(entries)")
        #expect(Set(cards.compactMap { $0["path"] as? String }).count == 8, "no race asked for twice")
        // The budget spaces requests 2 s apart on the app's clock (its own tests hold it to that, on an injected
        // clock). The server sees each request as the fetching child starts up, up to a second or two later on a
        // busy machine: never side by side, and all eight spread over the 14 s the budget takes, less that.
        let times = cards.compactMap { $0["at"] as? Double }
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later - earlier >= 0.5, "spaced, never side by side: \(times)")
        }
        #expect((times.last ?? 0) - (times.first ?? 0) >= 12, "eight requests 2 s apart: \(times)")
        #expect(
            server.connectionsOpened <= 2,
            "the cards' requests share a connection: \(server.connectionsOpened) opened")
    }
}
