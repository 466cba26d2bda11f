import Foundation
import TestSupport
import Testing

/// `watch` where the terminal cannot redraw in place (`TERM=dumb`, as Emacs' shell sets it), as a person there
/// uses it: the board each second until a line is typed or Ctrl-C.
extension LiveTerminalEndToEndTests {
    private func boards(_ screen: Screen) -> Int {
        screen.count(of: "Next to Go - all categories")
    }

    @Test("TERM=dumb: watch until q or Enter; Ctrl-C ends the watch, not the app; another line ends it and runs")
    func dumbTerminalWatch() throws {
        let session = try session(environment: ["TERM": "dumb"], rows: 200)
        defer { session.stop() }
        let first = boards(session.screen(when: "the board, the prompt under it") { $0.lines.last == "next-to-go>" })
        try session.type("watch")
        try session.send("Enter")
        session.expect("the board again each second") { boards($0) >= first + 2 }
        try session.type("q")
        try session.send("Enter")
        session.expectPrompt()
        // Left: what comes next is the next command's, not another frame.
        try session.type("help count")
        try session.send("Enter")
        let helped = session.screen(when: "help, the prompt under it") {
            $0.contains("count N") && $0.lines.last == "next-to-go>"
        }
        // No frame of the watch that was left comes after help, however long one waits.
        session.expectThroughout("no frame after help", for: 2) { screen in
            !screen.lines.drop { !$0.hasPrefix("count N") }.contains { $0.hasPrefix("Next to Go") }
        }

        try session.type("watch")
        try session.send("Enter")
        let before = boards(helped)
        session.expect("a frame of watch") { boards($0) > before }
        try session.send("C-c")
        // Ctrl-C gave the prompt back.
        let interrupted = boards(session.screen(when: "the prompt after Ctrl-C") { $0.lines.last == "next-to-go>" })

        try session.type("watch")
        try session.send("Enter")
        session.expect("frames of watch again") { boards($0) > interrupted }
        try session.type("filter dogs")
        try session.send("Enter")
        // The line typed ran.
        session.expect(shows: "Next to Go - greyhound")
        try session.type("quit")
        try session.send("Enter")
        session.expectExit(0, "the app was still running, and quit ended it")
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
        // The key bar names it.
        session.expect(shows: "/ search")
        try session.send("/")
        session.expect(shows: "Enter keeps it, Esc ends it")
        for key in ["r", "o", "m"] { try session.send(key) }
        session.expect(shows: "/rom_")
        session.expect("only Romford's races") {
            let rows = $0.lines.filter {
                $0.range(of: #"^ {1,3}\d{1,2}  \S+\s+R\d"#, options: .regularExpression) != nil
            }
            return !rows.isEmpty && rows.allSatisfy { $0.contains("Romford") }
        }
        try session.send("Escape")
        session.expect("the search ended") { $0.contains("Globe Derby") }
        try session.send("/")
        for key in ["h", "o", "v"] { try session.send(key) }
        try session.send("Enter")
        session.expect("the search kept") { $0.contains("Hove") && !$0.contains("Globe Derby") }
        try session.send("q")
        session.expect(shows: "next-to-go>")
        try session.send("C-d")
        session.expectExit(0)
    }
}
