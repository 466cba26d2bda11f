import Foundation
import TestSupport
import Testing

/// The blackbook at a terminal, as a person types it.
extension LiveTerminalEndToEndTests {
    @Test("at a terminal: follow on a card, the sheet notes the runner, the board marks its race with a glyph")
    func blackbookAtTerminal() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let session = try session(
            ["--refresh", "0", "--now", BlackbookEndToEndTests.now, "--data-dir", data.url.path], columns: 100,
            rows: 50)
        defer { session.stop() }
        try session.type("show 1")
        try session.send("Enter")
        session.expect(shows: "Wandering Duchess")
        try session.type("follow 2")
        try session.send("Enter")
        session.expect(shows: "Following Wandering Duchess.")
        try session.type("show")
        try session.send("Enter")
        session.expect("the sheet notes the runner followed") { screen in
            screen.lines.contains { $0.contains("Wandering Duchess") && $0.hasSuffix("followed") }
        }
        try session.type("list")
        try session.send("Enter")
        session.expect("the board marks the race with a followed runner") { screen in
            screen.lines.contains { $0.contains("Alexandra Park") && $0.contains("◆") }
        }
        try session.type("book")
        try session.send("Enter")
        // Having run in R3 it runs no more today.
        session.expect(shows: "not engaged today")
        try session.send("C-d")
        session.expectExit(0)
    }
}
