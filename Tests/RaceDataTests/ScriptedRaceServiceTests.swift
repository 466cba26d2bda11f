import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// `--source script:FILE`: a run of answers and failures, one a fetch, the last repeated.
@Suite("Scripted race source")
struct ScriptedRaceServiceTests {
    private func script(_ text: String, in folder: TemporaryDirectory) throws -> String {
        _ = try folder.file("ten.json", contents: try Data(contentsOf: Fixtures.url(Fixtures.tenRaces)))
        return try folder.file("run.txt", contents: Data(text.utf8)).path
    }

    @Test("each fetch takes the next line, the last repeats; comments and blank lines are skipped")
    func sequence() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let service = try ScriptedRaceService(
            path: try script("# a run\nten.json\n\nrefused\r\ntimeout\nhttp 503\nNOT-JSON\nten.json\n", in: folder))
        #expect(try service.fetchRaces().races.count == 10)
        #expect(
            throws: RaceDataError.unavailable(
                source: service.sourceDescription, reason: "could not connect (connection refused)")
        ) {
            try service.fetchRaces()
        }
        #expect(throws: RaceDataError.timedOut(source: service.sourceDescription, phase: .total, seconds: 10)) {
            try service.fetchRaces()
        }
        #expect(throws: RaceDataError.httpStatus(source: service.sourceDescription, code: 503)) {
            try service.fetchRaces()
        }
        #expect(throws: RaceDataError.invalidFeed(source: service.sourceDescription, reason: "it is not valid JSON")) {
            try service.fetchRaces()
        }
        for _ in 0..<3 { #expect(try service.fetchRaces().races.count == 10, "the last line, again and again") }
    }

    @Test("a line that is neither a file there nor a failure is an error naming it, at start")
    func badLines() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for (text, line) in [
            ("ten.json\ntimout\n", "line 2, 'timout'"), ("http 99\n", "line 1, 'http 99'"),
            ("http five\n", "line 1, 'http five'"), ("ten.json\n\u{1B}[2J\n", "line 2"), (".\n", "line 1"),
        ] {
            #expect {
                try ScriptedRaceService(path: try script(text, in: folder))
            } throws: { error in
                "\(error)".contains(line) && !"\(error)".contains("\u{1B}")
            }
        }
        #expect(throws: RaceDataError.self) {
            try ScriptedRaceService(path: try script("# only a comment\n", in: folder))
        }
        #expect(throws: RaceDataError.self) {
            try ScriptedRaceService(path: folder.url.appendingPathComponent("none").path)
        }
        #expect(throws: RaceDataError.self) { try ScriptedRaceService(path: folder.url.path) }
        let huge = String(repeating: "refused\n", count: 10_001)
        #expect(throws: RaceDataError.self) { try ScriptedRaceService(path: try script(huge, in: folder)) }
    }

    @Test("script:PATH is a source")
    func parsed() {
        #expect(RaceSource(argument: "script:run.txt") == .script(path: "run.txt"))
        #expect(RaceSource(argument: "script:") == nil)
    }
}
