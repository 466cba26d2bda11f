import Foundation
import TestSupport
import Testing

/// A sheet at the prompt that grows past the window as its race is run: the result must not be the part hidden.
extension LiveTerminalEndToEndTests {
    /// A card in the affiliates API's shape: `runners` runners, and once run its result and dividends.
    private static func card(status: String, runners: Int) throws -> Data {
        var data: [String: Any] = [
            "race": ["status": status],
            "runners": (1...runners).map { number in
                [
                    "runner_number": number, "name": "Runner \(number)", "barrier": number,
                    "odds": ["fixed_win": 2.0 + Double(number), "fixed_place": 1.2],
                ] as [String: Any]
            },
        ]
        if status != "Open" {
            data["results"] = [
                ["position": 1, "runner_number": 7, "name": "Runner 7"],
                ["position": 2, "runner_number": 3, "name": "Runner 3"],
                ["position": 3, "runner_number": 11, "name": "Runner 11"],
            ]
            data["dividends"] = ["Win", "Place", "Quinella", "Exacta", "Trifecta", "First Four"].map { bet in
                ["product_name": "Pool \(bet)", "status": status, "dividend": 12.5, "description": "7"]
            }
        }
        return try JSONSerialization.data(withJSONObject: ["header": [:], "data": data])
    }

    @Test("at 100x30, a sheet that grows past the window as its result comes keeps the result in view, and live")
    func resultInView() throws {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        let cardFile = try cards.file(
            RaceCardEndToEndTests.northfieldPark + ".json", contents: try Self.card(status: "Open", runners: 2))
        let session = try session(
            Self.pinned + ["--cards", "file:" + cards.url.path], columns: 100, rows: 30)
        defer { session.stop() }
        try session.type("show 1")
        try session.send("Enter")
        session.expect(shows: "Field (2 runners)")
        // The race is run: its card now has fourteen runners, the interim result and dividends (some 40 lines).
        try Self.card(status: "Interim", runners: 14).write(to: cardFile)
        session.expect("the last dividend came into view, the result with it, nothing hidden") {
            $0.contains("Trifecta   7 $12.50") && $0.contains("Result · Interim")
                && !$0.contains("hidden: the window is too short")
        }
        // Made official: the sheet, still live where it is read, says so.
        try Self.card(status: "Final", runners: 14).write(to: cardFile)
        session.expect(shows: "Result · Final")
        session.expectPrompt()
        try session.send("C-d")
        session.expectExit(0)
    }
}
