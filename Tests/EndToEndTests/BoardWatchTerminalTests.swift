import Foundation
import TestSupport
import Testing

/// The board at a live prompt on the real clock against an affiliates server: what its watch reads of the cards
/// shows on the board with no sheet opened, and a card any screen reads in a look is read once for all of them.
// A suite of its own, beside the main terminal suite rather than after it: its tests wait on a running clock.
@Suite(
    "next-to-go at a terminal: the board's cards, read once for every screen", .serialized,
    .enabled(if: HostCapabilities.hasTmux && HostCapabilities.hasProc, "needs tmux and /proc (CI has both)"))
struct BoardWatchTerminalTests {
    /// The ten races' feed, with its clock started at `secondsAfterNow` past the pinned moment and running.
    static func running(from secondsAfterNow: Int, cards server: FixtureServer) -> [String] {
        [
            "--source", RaceListEndToEndTests.tenRaces, "--start-at",
            String(Int(RaceListEndToEndTests.now)! + secondsAfterNow), "--cards", server.url("affiliates/v1"),
        ]
    }

    @Test("a race's placings show on the board within seconds of its jump, read by the board itself, no sheet opened")
    func placingsWithoutASheet() throws {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        _ = try cards.file(
            RaceCardEndToEndTests.northfieldPark + ".json", contents: SheetScrollbackEndToEndTests.tallCard(final: true)
        )
        let server = try FixtureServer(folder: cards.url, lifetime: 300)
        defer { server.stop() }
        // Northfield Park R7 jumped five seconds before the clock starts: on the board for 55 s more.
        let session = try LiveTerminalEndToEndTests().session(Self.running(from: 65, cards: server), columns: 100)
        defer { session.stop() }
        session.expect("Northfield Park R7 on the board with its placings", timeout: 20) { screen in
            screen.lines.contains { $0.contains("Northfield Park") && $0.contains("Final 7-3-11") }
        }
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("one request per card per look, whoever asks: the board's prices, a sheet, a runner followed and movers")
    func oneRequestPerLook() throws {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let ids = try Self.raceIDs()
        for id in ids {
            _ = try cards.file(id + ".json", contents: SheetScrollbackEndToEndTests.tallCard(final: false))
        }
        let log = cards.url.appendingPathComponent("requests.log")
        let server = try FixtureServer(folder: cards.url, lifetime: 300, requestLog: log)
        defer { server.stop() }
        let session = try LiveTerminalEndToEndTests().session(
            Self.running(from: 0, cards: server) + ["--data-dir", data.url.path], columns: 100, rows: 40)
        defer { session.stop() }
        session.expect("the board with its market favourites") { $0.contains("Fav 3.00") }
        try session.enter("show 2")
        session.expect("Healesville R1's card") { $0.contains("Runner 14") && $0.lines.last == "next-to-go>" }
        try session.enter("follow 1")
        session.expect(shows: "Following Runner 1")
        try session.enter("back")
        try session.enter("movers")
        session.expect("movers, every card read") {
            $0.contains("Market movers") && !$0.contains("Reading race cards")
        }
        let requests = try Self.cardRequests(in: log)
        #expect(Set(requests.map(\.id)).count >= 8, "\(requests)")
        for id in Set(requests.map(\.id)) {
            let times = requests.filter { $0.id == id }.map(\.at).sorted()
            let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
            #expect(gaps.allSatisfy { $0 >= 9 }, "\(id) asked for again within a look: \(times)")
        }
        try session.send("C-d")
        session.expectExit(0)
    }

    /// The ten races' ids, from the feed the board reads.
    static func raceIDs() throws -> [String] {
        let feed = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.url(Fixtures.tenRaces)))
        let data = (feed as? [String: Any])?["data"] as? [String: Any]
        return try #require(data?["next_to_go_ids"] as? [String])
    }

    /// Each race card asked for, by race id, and when.
    static func cardRequests(in log: URL) throws -> [(id: String, at: Double)] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let path = entry["path"] as? String, path.contains("/events/"),
                let at = entry["at"] as? Double
            else { return nil }
            let id = path.split(separator: "/").last.map { String($0.split(separator: "?")[0]) } ?? path
            return (id, at)
        }
    }
}
