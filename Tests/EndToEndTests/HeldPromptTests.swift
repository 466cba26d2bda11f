import Foundation
import TestSupport
import Testing

/// Screens that read race cards, at a prompt, against a card server that stalls: none holds the prompt while it
/// reads. Each draws what it has at once, says what it is still reading, and fills in as the cards come.
// A suite of its own, beside the main terminal suite rather than after it: its tests mostly wait on a slow server.
@Suite(
    "next-to-go at a terminal: no wait holds the prompt", .serialized,
    .enabled(if: HostCapabilities.hasTmux && HostCapabilities.hasProc, "needs tmux and /proc (CI has both)"))
struct HeldPromptEndToEndTests {
    static let pinned = LiveTerminalEndToEndTests.pinned

    func session(_ arguments: [String], columns: Int = 90, rows: Int = 30) throws -> TerminalSession {
        try LiveTerminalEndToEndTests().session(arguments, columns: columns, rows: rows)
    }

    @Test(
        "against a card server that stalls or drips, results, meetings, book and movers give the prompt back, fill in later",
        arguments: ["slow-first-byte", "slow-body"])
    func screensGiveThePromptBack(fault: String) throws {
        let folder = try RaceCardEndToEndTests.openCardFolder()
        defer { folder.remove() }
        // A list the server is slow to send (and that is no list when it comes), long enough to drip for seconds.
        _ = try folder.file(
            "meetings.json", contents: Data(#"{"padding": "\#(String(repeating: "x", count: 300))"}"#.utf8))
        // Every answer (Northfield Park's card and the day's list) stalls 5 s before its first byte, or sends half
        // and then drips a byte each 0.03 s.
        let server = try FixtureServer(
            folder: folder.url, fault: fault, delay: fault == "slow-body" ? 0.03 : 5, lifetime: 300)
        defer { server.stop() }
        let session = try session(
            Self.pinned + ["--cards", server.url("affiliates/v1"), "--timeout", "60", "--connect-timeout", "60"])
        defer { session.stop() }

        try session.enter("results")
        session.expect("the results say the day is being read, the prompt under them") {
            $0.contains("Reading the day's races...") && $0.lines.last == "next-to-go>"
        }
        try session.enter("meetings")
        session.expect("the meetings say they are being read, the prompt under them") {
            $0.contains("Reading the day's meetings...") && $0.lines.last == "next-to-go>"
        }
        try session.enter("book")
        session.expect("the book at once, the prompt under it") {
            $0.contains("You follow no one yet.") && $0.lines.last == "next-to-go>"
        }
        try session.enter("movers")
        session.expect("movers say how many cards are read, the prompt under them") {
            $0.contains("Reading race cards: ") && $0.lines.last == "next-to-go>"
        }
        // Any command answers while the cards are out.
        try session.enter("help movers")
        session.expect("help answered while the cards are read") {
            $0.contains("Ranked by the change") && $0.lines.last == "next-to-go>"
        }
        try session.enter("movers")
        session.expect("Northfield Park's card came: its firmer in place, the reading done", timeout: 90) {
            $0.contains("1 Silver Comet") && $0.contains("From the fixed prices of the next")
                && $0.lines.last == "next-to-go>"
        }
        try session.send("C-d")
        session.expectExit(0)
    }

    @Test("Ctrl-C while the first board waits on a stalling feed gives the prompt back; the board comes when it comes")
    func controlCStopsWaiting() throws {
        // The feed's first byte comes 8 s after its request.
        let server = try FixtureServer(fault: "slow-first-byte", delay: 8, lifetime: 300)
        defer { server.stop() }
        let session = try TerminalSession(
            arguments: [
                "--source", server.url("ten-races.json"), "--now", RaceListEndToEndTests.now, "--refresh", "0",
                "--timeout", "60", "--connect-timeout", "60",
            ], columns: 90, rows: 30)
        defer { session.stop() }
        session.expect("loading, no prompt yet") { $0.contains("Loading races from") && !$0.contains("next-to-go>") }
        try session.send("C-c")
        session.expect("the prompt back, saying it stopped waiting") {
            $0.contains("Stopped waiting") && $0.lines.last == "next-to-go>"
        }
        try session.enter("help count")
        session.expect("a command answered while the feed is out") {
            $0.contains("count N") && $0.lines.last == "next-to-go>"
        }
        session.expect("the board, drawn by itself when the feed came, the prompt under it") {
            $0.contains("Northfield Park") && $0.lines.last == "next-to-go>"
        }
        try session.send("C-d")
        session.expectExit(0)
    }
}
