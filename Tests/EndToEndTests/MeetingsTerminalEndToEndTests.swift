import Foundation
import TestSupport
import Testing

/// The meetings at a terminal, as a person steps through them: at 40 columns, into a meeting and a race and
/// back, full screen with `watch`; and a result's placings coming in on their own.
extension LiveTerminalEndToEndTests {
    @Test("at 40 columns: the meetings fit, a meeting, its race's sheet, back twice to the board, and watch")
    func meetingsAtForty() throws {
        let session = try session(
            ["--refresh", "0", "--now", RaceListEndToEndTests.raceDayNow], environment: ["TZ": "UTC"], columns: 40,
            rows: 70)
        defer { session.stop() }
        try session.type("meetings")
        try session.send("Enter")
        #expect(session.waitFor("Meetings · 36 today"), "\(session.screen)")
        #expect(session.waitFor("United Kingdom"), "\(session.screen)")
        #expect(session.lines.allSatisfy { $0.count <= 40 }, "\(session.screen)")
        try session.type("show 28")
        try session.send("Enter")
        #expect(session.waitFor("R1  11:02am  Final 5-8-3"), "\(session.screen)")
        try session.type("show 5")
        try session.send("Enter")
        #expect(session.waitFor("Romford R5"), "\(session.screen)")
        for _ in 0..<2 {
            try session.type("back")
            try session.send("Enter")
        }
        #expect(session.waitFor("Meetings · 36 today"), "\(session.screen)")
        try session.type("watch")
        try session.send("Enter")
        #expect(session.waitUntil { !session.screen.contains("next-to-go>") }, "full screen: \(session.screen)")
        #expect(session.screen.contains("Meetings · 36 today"), "\(session.screen)")
        #expect(
            session.waitFor("q leave | 1-9 open | b back | ? keys"),
            "the keys of this screen, not the board's: \(session.screen)")
        // `g` would filter the board (and leave the meetings): here it does nothing. Keys are taken in order, so
        // once `?` has shown the legend, `g` has been seen.
        try session.send("g")
        try session.send("?")
        #expect(session.waitFor("open that row"), "\(session.screen)")
        #expect(!session.screen.contains("greyhound") && session.screen.contains("Meetings · 36 today"))
        try session.send("q")
        #expect(session.waitFor("next-to-go>"), "\(session.screen)")
        try session.type("back")
        try session.send("Enter")
        #expect(session.waitFor("Next to Go"), "\(session.screen)")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }

    @Test("from an affiliates API, a race run shows its placings on the meeting once its card has come")
    func placingsComeIn() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let now = Int(RaceListEndToEndTests.now)!
        let start = Date(timeIntervalSince1970: TimeInterval(now - 1_800)).formatted(.iso8601)
        let list: [String: Any] = [
            "data": [
                "meetings": [
                    [
                        "name": "Northfield Park", "category": "H", "country": "USA",
                        "races": [["id": "ran", "race_number": 6, "start_time": start, "status": "Final"]],
                    ]
                ]
            ]
        ]
        _ = try folder.file("meetings.json", contents: try JSONSerialization.data(withJSONObject: list))
        _ = try folder.file("ran.json", contents: try RaceCardEndToEndTests.card(status: "Final"))
        let server = try FixtureServer(folder: folder.url, lifetime: 300)
        defer { server.stop() }
        let session = try session(Self.pinned + ["--cards", server.url("affiliates/v1")])
        defer { session.stop() }
        try session.type("meeting northfield")
        try session.send("Enter")
        #expect(session.waitFor("R6"), "\(session.screen)")
        #expect(session.waitFor("Final 2-1"), "the card's placings, drawn when they came: \(session.screen)")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }
}
