import Foundation
import TestSupport
import Testing

/// `watch` where the terminal cannot redraw in place (`TERM=dumb`, as Emacs' shell sets it), as a person there
/// uses it: the board each second until a line is typed or Ctrl-C.
extension LiveTerminalEndToEndTests {
    private func boards(_ session: TerminalSession) -> Int {
        session.screen.components(separatedBy: "Next to Go - all categories").count - 1
    }

    @Test("TERM=dumb: watch until q or Enter; Ctrl-C ends the watch, not the app; another line ends it and runs")
    func dumbTerminalWatch() throws {
        let session = try session(environment: ["TERM": "dumb"], rows: 200)
        defer { session.stop() }
        let first = boards(session)
        try session.type("watch")
        try session.send("Enter")
        #expect(session.waitUntil { boards(session) >= first + 2 }, "the board again each second: \(session.screen)")
        try session.type("q")
        try session.send("Enter")
        #expect(session.waitUntil { session.lines.last == "next-to-go>" }, "\(session.screen)")
        // Left: what comes next is the next command's, not another frame.
        try session.type("help count")
        try session.send("Enter")
        #expect(session.waitFor("count N"), "\(session.screen)")
        #expect(session.waitUntil { session.lines.last == "next-to-go>" })
        let afterHelp = session.lines.drop { !$0.hasPrefix("count N") }
        #expect(!afterHelp.contains { $0.hasPrefix("Next to Go") }, "\(session.screen)")

        try session.type("watch")
        try session.send("Enter")
        let before = boards(session)
        #expect(session.waitUntil { boards(session) > before }, "\(session.screen)")
        try session.send("C-c")
        #expect(
            session.waitUntil { session.lines.last == "next-to-go>" }, "Ctrl-C gave the prompt back: \(session.screen)")

        try session.type("watch")
        try session.send("Enter")
        #expect(session.waitUntil { boards(session) > before + 1 }, "\(session.screen)")
        try session.type("filter dogs")
        try session.send("Enter")
        #expect(session.waitFor("Next to Go - greyhound"), "the line typed ran: \(session.screen)")
        try session.type("quit")
        try session.send("Enter")
        #expect(session.waitForExit() == 0, "the app was still running, and quit ended it")
    }
}
