import Foundation
import TestSupport
import Testing

/// `scratchings` on the default race day: its late scratchings, told as the replay goes, with their deductions.
@Suite("next-to-go scratchings end to end")
struct ScratchingsEndToEndTests {
    static let now = RaceListEndToEndTests.raceDayNow

    private func document(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test("one-shot: the day's late scratchings latest first, each with its time and deduction, in plain lines")
    func oneShot() throws {
        let run = try BinaryRunner.run(["--now", Self.now, "scratchings"], environment: ["TZ": "UTC"])
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        #expect(run.lines.first == "Late scratchings - 48")
        #expect(
            run.lines[checked: 1] == "   1  11:42am  T  R4 Turffontein      10 Sailor Fortune    ded 6.5c/9.0c",
            "\(run.stdout)")
        #expect(run.lines.contains("   2  11:02am  G  R4 Cannington        4 Orson Minstrel    ded 5.0c/7.0c"))
        #expect(run.stdout.contains("Deductions (win/place) are\n  cents in the dollar"), "the note, wrapped")
        #expect(run.lines.allSatisfy { !$0.hasSuffix(" ") && $0.unicodeScalars.allSatisfy(\.isASCII) })
        #expect(!run.stdout.contains("Next to Go"), "the board is not drawn under it")
    }

    @Test("a scratching shows from its time, never a second before it")
    func fromItsTime() throws {
        let json = try BinaryRunner.run(["--json", "--now", Self.now, "scratchings"])
        let first = try #require((try document(json.stdout)["runners"] as? [[String: Any]])?.first)
        let at = try #require(first["scratchedAtUnix"] as? Int)
        let before = try BinaryRunner.run(["--now", String(at - 1), "scratchings", "turffontein"])
        #expect(before.status == 0)
        #expect(!before.stdout.contains("Sailor Fortune"), "\(before.stdout)")
        let then = try BinaryRunner.run(["--now", String(at), "scratchings", "turffontein"])
        #expect(then.lines[checked: 1]?.contains("10 Sailor Fortune") == true, "\(then.stdout)")
    }

    @Test("words narrow as `meetings` does; a word that is nothing of the day is said so, with the same status")
    func narrowing() throws {
        let dogs = try BinaryRunner.run(["--now", Self.now, "scratchings", "greyhound", "aus"])
        #expect(dogs.status == 0)
        #expect(dogs.lines.first == "Late scratchings - 4 - greyhound - Australia", "\(dogs.stdout)")
        let rows = dogs.lines.filter { $0.range(of: #"^ +\d+ +[\d:]+[ap]m  "#, options: .regularExpression) != nil }
        #expect(rows.count == 4 && rows.allSatisfy { $0.contains("  G  ") }, "\(dogs.stdout)")
        let letter = try BinaryRunner.run(["--now", Self.now, "scratchings", "H"])
        #expect(letter.lines.first == "Late scratchings - 8 - harness")
        // As `meetings` and `results` say it: an empty list, not a mistake.
        let unknown = try BinaryRunner.run(["--now", Self.now, "scratchings", "zzyzx"])
        #expect(unknown.status == 0)
        #expect(unknown.stdout.contains("No meeting today has \"zzyzx\" in its name"), "\(unknown.stdout)")
        let meetings = try BinaryRunner.run(["--now", Self.now, "meetings", "zzyzx"])
        let results = try BinaryRunner.run(["--now", Self.now, "results", "zzyzx"])
        #expect(meetings.status == unknown.status && results.status == unknown.status)
    }

    @Test("piped: show N opens the race's sheet, the scratching on it; back returns to the list, list to the board")
    func pipedShowAndBack() throws {
        let run = try BinaryRunner.run(
            ["--now", Self.now, "--strict"], stdin: "scratchings\nshow 1\nback\nlist\n", environment: ["TZ": "UTC"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.contains { $0.hasPrefix("  Turffontein R4 - ") }, "\(run.stdout)")
        #expect(run.stdout.contains("late scr"), "the sheet marks it")
        #expect(run.stdout.components(separatedBy: "Late scratchings - 48").count == 3, "drawn, then again on `back`")
        #expect(run.stdout.contains("Next to Go - all categories"))
        let misuse = try BinaryRunner.run(["--now", Self.now], stdin: "scratchings\nshow 99\n")
        #expect(misuse.stderr.contains("99"), "\(misuse.stderr)")
    }

    @Test("no card source: said in place of the list; help says what the command does")
    func noCardsAndHelp() throws {
        let run = try BinaryRunner.run(["--now", Self.now, "--cards", "none", "scratchings"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("No race cards are read (`--cards none`)"), "\(run.stdout)")
        let help = try BinaryRunner.run(["help", "scratchings"])
        #expect(help.status == 0)
        #expect(
            help.stdout.contains("scratchings [WORDS]") && help.stdout.contains("cents in the dollar"), "\(help.stdout)"
        )
    }

    @Test("alerts: a favourite race's late scratching, and a followed runner's, each told once with its deduction")
    func alerts() throws {
        for (command, why) in [("fav", ""), ("follow 10", " (following Sailor Fortune)")] {
            let data = try TemporaryDirectory()
            defer { data.remove() }
            let run = try BinaryRunner.run(
                ["--now", Self.now, "--alert", "30", "--data-dir", data.url.path],
                stdin: "meeting turffontein\nshow 4\n\(command)\nlist\nlist\n", environment: ["TZ": "UTC"])
            #expect(run.status == 0)
            let told = run.stderr.split(separator: "\n").filter { $0.contains("scratched") }
            #expect(
                told == ["Alert: R4 Turffontein (horse): 10 Sailor Fortune scratched 11:42am, ded 6.5c/9.0c\(why)"],
                "\(command): \(run.stderr)")
        }
    }

    @Test("accessible: a sentence each, no table")
    func accessible() throws {
        let run = try BinaryRunner.run(
            ["--accessible", "--now", Self.now, "scratchings", "turffontein"], environment: ["TZ": "UTC"])
        #expect(run.status == 0)
        let said = run.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(
            said.contains(
                "1. At 11:42am 10 Sailor Fortune was scratched from R4 Turffontein (horse), which starts in 7m 0s; "
                    + "deductions 6.5 cents win and 9.0 cents place."),
            "\(run.stdout)")
        #expect(!run.stdout.contains("ded "), "no table")
    }
}

extension JSONEndToEndTests {
    @Test("--json scratchings: one document, its runners latest first, each with the README's keys")
    func scratchingsDocument() throws {
        let run = try BinaryRunner.run(["--json", "--now", ScratchingsEndToEndTests.now, "scratchings"])
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["type"] as? String == "scratchings" && document["schema"] as? Int == 1)
        #expect(document["title"] is String && document["note"] is String && document["message"] is NSNull)
        let runners = try #require(document["runners"] as? [[String: Any]])
        #expect(runners.count == 48)
        for runner in runners {
            for key in ["raceId", "meeting", "category", "start", "runnerName", "scratchedAt", "localTime"] {
                #expect(runner[key] is String, "\(key) in \(runner)")
            }
            for key in ["position", "raceNumber", "runnerNumber", "scratchedAtUnix"] {
                #expect(runner[key] is Int, "\(key) in \(runner)")
            }
            let deduction = try #require(runner["deduction"] as? [String: Any])
            #expect(deduction["win"] is Double && deduction["place"] is Double)
        }
        let times = runners.compactMap { $0["scratchedAtUnix"] as? Int }
        #expect(times == times.sorted(by: >), "latest first")
        #expect(runners.map { $0["position"] as? Int } == Array(1...48).map { $0 })
    }
}

/// `scratchings` from an affiliates API: a card read (here by the sheet) tells its late scratching, from a
/// date-time `scr_time`, with the card's deduction; the screen asks for no card itself.
@Suite("next-to-go scratchings against a card server")
struct ScratchingsCardServerTests {
    @Test("a sheet reads the card; scratchings then names its late scratching and deduction, and asks for nothing")
    func fromACardRead() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let now = Int(RaceListEndToEndTests.now)!
        func time(_ offset: Int) -> String {
            Date(timeIntervalSince1970: TimeInterval(now + offset)).formatted(.iso8601)
        }
        let race = RaceCardEndToEndTests.northfieldPark
        let list: [String: Any] = [
            "data": [
                "meetings": [
                    [
                        "meeting": "np", "name": "Northfield Park", "category": "H", "country": "USA", "state": "OH",
                        "races": [["id": race, "race_number": 7, "start_time": time(120), "status": "Open"]],
                    ]
                ]
            ]
        ]
        _ = try folder.file("meetings.json", contents: try JSONSerialization.data(withJSONObject: list))
        let runners: [[String: Any]] = [
            ["runner_number": 1, "name": "Silver Comet", "odds": ["fixed_win": 3.5]],
            [
                "runner_number": 4, "name": "Late Caller", "is_scratched": true, "is_late_scratched": true,
                "scr_time": time(-300), "deduction": ["win": 12.5, "place": 4],
            ],
        ]
        let card: [String: Any] = ["header": [:], "data": ["race": ["status": "Open"], "runners": runners]]
        _ = try folder.file("\(race).json", contents: try JSONSerialization.data(withJSONObject: card))
        let log = folder.url.appendingPathComponent("requests.log")
        let server = try FixtureServer(folder: folder.url, lifetime: 300, requestLog: log)
        defer { server.stop() }
        let arguments = [
            "--source", RaceListEndToEndTests.tenRaces, "--now", String(now), "--cards", server.url("affiliates/v1"),
        ]
        let before = try BinaryRunner.run(arguments + ["scratchings"], environment: ["TZ": "UTC"], timeout: 60)
        #expect(before.status == 0 && !before.stdout.contains("Late Caller"), "no card read yet: \(before.stdout)")
        let run = try BinaryRunner.run(
            arguments, stdin: "show 1\nscratchings\n", environment: ["TZ": "UTC"], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.lines.filter { $0.contains("Late Caller") }
        #expect(rows.contains { $0.contains("R7 Northfield Park") && $0.hasSuffix("ded 12.5c/4.0c") }, "\(run.stdout)")
        #expect(run.stdout.contains("whose cards have been"), "says how far it reaches: \(run.stdout)")
        let cards = try String(contentsOf: log, encoding: .utf8).components(separatedBy: "racing/events/").count - 1
        #expect(cards == 1, "the sheet's read alone")
    }
}
