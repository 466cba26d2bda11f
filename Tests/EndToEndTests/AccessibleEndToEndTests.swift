import Foundation
import TestSupport
import Testing

/// A feed of races starting `offsets` seconds from now on the real clock, as a file.
private func feedStarting(in offsets: [Int], folder: TemporaryDirectory) throws -> URL {
    let now = Int(Date().timeIntervalSince1970)
    var summaries: [String: Any] = [:]
    for (index, offset) in offsets.enumerated() {
        summaries["race\(index)"] =
            [
                "race_id": "race\(index)", "race_number": index + 1, "meeting_name": "Meeting \(index + 1)",
                "category_id": "4a2788f8-e825-4d36-9894-efd4baf1cfae", "advertised_start": ["seconds": now + offset],
            ] as [String: Any]
    }
    let feed: [String: Any] = [
        "data": ["next_to_go_ids": offsets.indices.map { "race\($0)" }, "race_summaries": summaries]
    ]
    return try folder.file("races.json", contents: try JSONSerialization.data(withJSONObject: feed))
}

extension TerminalEndToEndTests {
    @Test("--accessible and ACCESSIBLE=1: plain lines at a terminal, no escape sequence of any kind")
    func accessiblePlain() throws {
        for (options, environment) in [("--accessible", [String: String]()), ("", ["ACCESSIBLE": "1"])] {
            let command =
                "'\(BinaryRunner.binary.path)' \(options) --source '\(RaceListEndToEndTests.tenRaces)' --now \(RaceListEndToEndTests.now)"
            let run = try BinaryRunner.run(
                executable: Self.script, arguments: ["-qec", command, "/dev/null"], stdin: "show 1\nhelp count\nquit\n",
                environment: environment.merging(["TERM": "xterm-256color", "LANG": "C.UTF-8"]) { $1 }, timeout: 60)
            #expect(run.status == 0)
            #expect(!run.stdout.contains("\u{1B}"), "no cursor movement, colour or alternate screen: \(run.stdout)")
            #expect(run.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "\(run.stdout)")
            #expect(run.stdout.contains("Next to Go - all categories"), "\(run.stdout)")
            #expect(run.stdout.contains("next-to-go> "), "a prompt for a person typing")
        }
    }
}

extension LiveTerminalEndToEndTests {
    @Test("accessible mode says a race jumping, and the next within its last minute, each as a line of its own")
    func accessibleAnnouncements() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let feed = try feedStarting(in: [4, 58, 3_600], folder: folder)
        let session = try session(
            ["--accessible", "--source", "file:" + feed.path, "--refresh", "0"], rows: 60)
        defer { session.stop() }
        session.expect(shows: "R1 Meeting 1 (horse) has jumped.")
        // Said above the prompt, the prompt comes again: the line being typed is never lost in a notice. No
        // status line is redrawn in place.
        session.expect("the next race's minute said, the prompt under it, no status line") {
            $0.contains("R2 Meeting 2 (horse): 1 minute to go.") && $0.lines.last == "next-to-go>"
                && !$0.contains("Next: ")
        }
        try session.type("quit")
        try session.send("Enter")
        session.expectExit(0)
    }
}
