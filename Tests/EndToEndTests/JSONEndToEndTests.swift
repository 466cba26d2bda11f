import Foundation
import TestSupport
import Testing

/// `--json`: one document per command on stdout, errors as documents on stderr, checked against the schema
/// the README documents (schema 1).
@Suite("next-to-go --json end to end")
struct JSONEndToEndTests {
    private func documents(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    /// The keys and JSON types every race carries, on the board, in the sheet and in favourites.
    private func expectRace(_ race: [String: Any]) {
        for key in ["id", "meeting", "category", "start", "countdown"] {
            #expect(race[key] is String, "\(key) in \(race)")
        }
        for key in ["raceNumber", "startUnix", "secondsToStart"] { #expect(race[key] is Int, "\(key) in \(race)") }
        #expect(race["favourite"] is Bool)
        for key in ["name", "venue", "state", "country"] {
            #expect(race[key] is String || race[key] is NSNull, "\(key) in \(race)")
        }
        if let start = race["start"] as? String, let unix = race["startUnix"] as? Int {
            #expect(start == Date(timeIntervalSince1970: TimeInterval(unix)).formatted(.iso8601))
        }
    }

    @Test("--json watch 3 on the real clock: three boards, in order, each a later second by its own countdowns")
    func watchFrames() throws {
        let run = try BinaryRunner.run(["--json", "watch", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try documents(run.stdout)
        #expect(frames.map { $0["type"] as? String } == ["board", "board", "board"])
        // A race on all three boards: its seconds to go fall at every frame, never two frames in one second. By
        // how much is the real clock's: on a loaded machine a frame can come a second late (one second each is
        // the watch presenter's test, on an injected clock).
        let seconds = frames.map { frame -> [String: Int] in
            let races = (frame["races"] as? [[String: Any]]) ?? []
            return Dictionary(
                races.compactMap { race in
                    (race["id"] as? String).flatMap { id in (race["secondsToStart"] as? Int).map { (id, $0) } }
                }, uniquingKeysWith: { first, _ in first })
        }
        let common = try #require(seconds.first?.keys.first { id in seconds.allSatisfy { $0[id] != nil } })
        let countdowns = seconds.compactMap { $0[common] }
        #expect(
            countdowns.count == 3 && zip(countdowns, countdowns.dropFirst()).allSatisfy { $0 > $1 }, "\(run.stdout)")
    }

    @Test("board, sheet, favourites and text, one document per command; watch streams a document per tick")
    func documentsPerCommand() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let run = try BinaryRunner.run(
            [
                "--json", "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--data-dir",
                data.url.path,
            ], stdin: "list\nfav 2\nshow 2\nback\nfavs\nhelp count\nlist\nwatch 2\n")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let all = try documents(run.stdout)
        #expect(
            all.map { $0["type"] as? String } == [
                "board", "board", "race", "board", "favourites", "text", "board", "board", "board",
            ])
        #expect(all.allSatisfy { $0["schema"] as? Int == 1 })

        let board = try #require(all.first)
        let races = try #require(board["races"] as? [[String: Any]])
        #expect(races.count == 5)
        for race in races { expectRace(race) }
        #expect(races.first?["meeting"] as? String == "Northfield Park")
        #expect(races.first?["secondsToStart"] as? Int == 60)
        #expect(races.first?["start"] as? String == "2026-05-14T00:30:00Z")
        #expect(board["filter"] as? String == "all categories")
        #expect(board["stale"] is NSNull && board["message"] is NSNull)

        let favourited = try #require(all[1]["races"] as? [[String: Any]])
        #expect(favourited.map { $0["favourite"] as? Bool } == [false, true, false, false, false])

        let sheet = try #require(all[2]["race"] as? [String: Any])
        expectRace(sheet)
        #expect(sheet["meeting"] as? String == "Healesville")
        #expect(sheet["favourite"] as? Bool == true)
        #expect(sheet["onBoard"] as? Bool == true)
        #expect((sheet["distance"] as? [String: Any])?["value"] as? Int == 520)

        let favourites = try #require(all[4]["races"] as? [[String: Any]])
        #expect(favourites.count == 1)
        #expect(favourites.first?["jumped"] as? Bool == false)

        #expect((all[5]["lines"] as? [String])?.first?.hasPrefix("count N") == true)
        #expect(all.suffix(3).allSatisfy { ($0["races"] as? [Any])?.count == 5 })
    }

    @Test("errors are documents on stderr with the exit status as code; --strict makes a pipe's status the worst")
    func errors() throws {
        let arguments = ["--json", "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now]
        let run = try BinaryRunner.run(arguments, stdin: "dance\nshow 9\nlist\n")
        #expect(run.status == 0)
        let errors = try documents(run.stderr)
        #expect(errors.count == 2)
        let first = try #require(errors.first?["error"] as? [String: Any])
        #expect(first["code"] as? Int == 64)
        #expect((first["message"] as? String)?.hasPrefix("Unknown command 'dance'.") == true)
        #expect(try documents(run.stdout).count == 1)

        let strict = try BinaryRunner.run(["--strict"] + arguments, stdin: "dance\nlist\n")
        #expect(strict.status == 64)
        let clean = try BinaryRunner.run(["--strict"] + arguments, stdin: "list\n")
        #expect(clean.status == 0)

        // Mistakes before any command runs are answered in JSON too.
        for (arguments, code) in [
            (["--json", "--count", "0", "list"], 64),
            (["--format", "json", "--source", "replay:/nonexistent", "list"], 69),
            (["--format=json", "list", "--json"], 64),
        ] {
            let early = try BinaryRunner.run(arguments)
            #expect(early.status == Int32(code), "\(arguments)")
            #expect(
                (try documents(early.stderr).first?["error"] as? [String: Any])?["code"] as? Int == code, "\(arguments)"
            )
        }

        let missing = try BinaryRunner.run(["--json", "--source", "file:/nonexistent.json", "list"])
        #expect(missing.status == 69)
        let error = try #require(try documents(missing.stderr).first?["error"] as? [String: Any])
        #expect(error["code"] as? Int == 69)
        #expect(missing.stdout == "")
    }
}
