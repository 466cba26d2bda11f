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
        session.expect("the meetings, every line within 40 columns") {
            $0.contains("Meetings · 36") && $0.contains("United Kingdom") && $0.lines.last == "next-to-go>"
                && $0.lines.allSatisfy { $0.count <= 40 }
        }
        try session.type("show 29")
        try session.send("Enter")
        session.expect(shows: "R1  11:02am  Final 4-3-6")
        try session.type("show 5")
        try session.send("Enter")
        session.expect(shows: "Romford R5")
        for _ in 0..<2 {
            try session.type("back")
            try session.send("Enter")
        }
        session.expect("the meetings again, the prompt under them") {
            $0.contains("Meetings · 36") && $0.lines.last == "next-to-go>"
        }
        try session.type("watch")
        try session.send("Enter")
        session.expect("full screen: the meetings, with the keys of this screen, not the board's") {
            !$0.contains("next-to-go>") && $0.contains("Meetings · 36")
                && $0.contains("q leave | 1-9 open | b back | ? keys")
        }
        // `g` would filter the board (and leave the meetings): here it does nothing. Keys are taken in order, so
        // once `?` has shown the legend, `g` has been seen.
        try session.send("g")
        try session.send("?")
        session.expect(shows: "open that row")
        session.expect("still the meetings, unfiltered") {
            !$0.contains("greyhound") && $0.contains("Meetings · 36")
        }
        try session.send("q")
        session.expect(shows: "next-to-go>")
        try session.type("back")
        try session.send("Enter")
        session.expect(shows: "Next to Go")
        try session.send("C-d")
        session.expectExit(0)
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
        session.expect(shows: "R6")
        // The card's placings, drawn when they came.
        session.expect(shows: "Final 2-1")
        try session.send("C-d")
        session.expectExit(0)
    }
}
