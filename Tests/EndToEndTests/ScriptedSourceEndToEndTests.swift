import Foundation
import TestSupport
import Testing

/// `--source script:FILE` as a user drives it: a run of answers and failures, no server, no code.
@Suite("next-to-go scripted source end to end")
struct ScriptedSourceEndToEndTests {
    @Test("the board, then a refused connection and a 503 shown stale, then the next feed; a bad line stops the start")
    func scripted() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.file("ten.json", contents: try Data(contentsOf: Fixtures.url(Fixtures.tenRaces)))
        let script = try folder.file("run.txt", contents: Data("ten.json\nrefused\nhttp 503\nten.json\n".utf8))
        let run = try BinaryRunner.run(
            ["--source", "script:" + script.path, "--now", RaceListEndToEndTests.now, "--refresh", "0"],
            stdin: "list\nrefresh\nrefresh\nrefresh\n")
        #expect(run.status == 0, "\(run.stderr)")
        let boards = run.stdout.components(separatedBy: "Next to Go - all categories\n").dropFirst()
        #expect(boards.count == 4, "\(run.stdout)")
        #expect(boards.first?.contains("stale") == false)
        #expect(
            Array(boards).dropFirst().first?.contains(
                "stale - last update 0s ago (could not connect (connection refused))")
                == true, "\(run.stdout)")
        #expect(Array(boards).dropFirst(2).first?.contains("(the server answered HTTP 503)") == true)
        #expect(Array(boards).last?.contains("stale") == false, "the script's next feed: fresh again")

        let bad = try folder.file("bad.txt", contents: Data("ten.json\ntimout\n".utf8))
        let refused = try BinaryRunner.run(["--source", "script:" + bad.path, "list"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("line 2, 'timout', is not a feed file that exists, refused, timeout"))
    }
}
