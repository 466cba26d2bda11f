import Foundation
import TestSupport
import Testing

/// A sheet taller than the window, at the prompt while its race is run: what the window shows of it stays live,
/// and nothing of it is written again into the scrollback as each second turns.
// A suite of its own, beside the main terminal suite rather than after it: its tests mostly wait on a slow server.
@Suite(
    "next-to-go at a terminal: a tall sheet, live, without flooding", .serialized,
    .enabled(if: HostCapabilities.hasTmux && HostCapabilities.hasProc, "needs tmux and /proc (CI has both)"))
struct SheetScrollbackEndToEndTests {
    static let pinned = LiveTerminalEndToEndTests.pinned

    func session(_ arguments: [String], columns: Int = 90, rows: Int = 30) throws -> TerminalSession {
        try LiveTerminalEndToEndTests().session(arguments, columns: columns, rows: rows)
    }

    /// A card in the affiliates API's shape with fourteen runners: open, or run with its result and dividends.
    static func tallCard(final: Bool) throws -> Data {
        var data: [String: Any] = [
            "race": ["status": final ? "Final" : "Open"],
            "runners": (1...14).map { number in
                [
                    "runner_number": number, "name": "Runner \(number)", "barrier": number,
                    "odds": ["fixed_win": 2.0 + Double(number), "fixed_place": 1.2],
                ] as [String: Any]
            },
        ]
        if final {
            data["results"] = [
                ["position": 1, "runner_number": 7, "name": "Runner 7"],
                ["position": 2, "runner_number": 3, "name": "Runner 3"],
                ["position": 3, "runner_number": 11, "name": "Runner 11"],
            ]
            data["dividends"] = [["product_name": "Pool Win", "status": "Final", "dividend": 9.1, "description": "7"]]
        }
        return try JSONSerialization.data(withJSONObject: ["header": [:], "data": data])
    }

    /// The times the area (status line and prompt) has been drawn: once a second while the prompt waits.
    private static func redraws(_ written: String) -> Int {
        written.components(separatedBy: "next-to-go>").count - 1
    }

    @Test(
        "a sheet taller than the window turns Final where it is read, and ticking writes nothing to the scrollback",
        arguments: [40, 80, 100])
    func tallSheetLiveWithoutFlooding(columns: Int) throws {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        let cardFile = try cards.file(
            RaceCardEndToEndTests.northfieldPark + ".json", contents: Self.tallCard(final: false))
        // Served as an affiliates API serves it, the card turning Final mid-session.
        let server = try FixtureServer(folder: cards.url, lifetime: 300)
        defer { server.stop() }
        // 20 rows: the sheet of fourteen runners (some 30 rows) is taller than the window from the start.
        let session = try session(
            Self.pinned + ["--cards", server.url("affiliates/v1")], columns: columns, rows: 20)
        defer { session.stop() }
        try session.enter("show 1")
        session.expect("the end of the open sheet, the prompt under it") {
            $0.contains("Runner 14") && $0.lines.last == "next-to-go>"
        }
        try Self.tallCard(final: true).write(to: cardFile)
        session.expect("the result, where the sheet is read") { $0.contains("Result") && $0.contains("Final") }
        let scrollback = session.scrollbackLines
        let drawn = Self.redraws(session.written)
        session.expectState("three more seconds drawn") { Self.redraws(session.written) >= drawn + 3 }
        #expect(scrollback != nil)
        #expect(session.scrollbackLines == scrollback, "the scrollback grew as the sheet ticked")
        try session.send("C-d")
        session.expectExit(0)
    }
}
