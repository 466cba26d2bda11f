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

extension LiveTerminalEndToEndTests {
    @Test("in watch, / searches as you type: the board narrows at each key, Enter keeps it, Esc ends it")
    func watchSearch() throws {
        let session = try session(
            ["--refresh", "0", "--now", RaceListEndToEndTests.raceDayNow], columns: 100, rows: 30)
        defer { session.stop() }
        try session.type("watch")
        try session.send("Enter")
        #expect(session.waitFor("/ search"), "the key bar names it: \(session.screen)")
        try session.send("/")
        #expect(session.waitFor("Enter keeps it, Esc ends it"), "\(session.screen)")
        for key in ["r", "o", "m"] { try session.send(key) }
        #expect(session.waitFor("/rom_"), "\(session.screen)")
        #expect(
            session.waitUntil {
                let rows = session.lines.filter {
                    $0.range(of: #"^ {1,3}\d{1,2}  \S+\s+R\d"#, options: .regularExpression) != nil
                }
                return !rows.isEmpty && rows.allSatisfy { $0.contains("Romford") }
            }, "only Romford's races: \(session.screen)")
        try session.send("Escape")
        #expect(session.waitUntil { session.screen.contains("Globe Derby") }, "the search ended: \(session.screen)")
        try session.send("/")
        for key in ["h", "o", "v"] { try session.send(key) }
        try session.send("Enter")
        #expect(session.waitUntil { session.screen.contains("Hove") && !session.screen.contains("Globe Derby") })
        try session.send("q")
        #expect(session.waitFor("next-to-go>"), "\(session.screen)")
        try session.send("C-d")
        #expect(session.waitForExit() == 0)
    }
}
