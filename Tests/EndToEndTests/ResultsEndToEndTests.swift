import Foundation
import TestSupport
import Testing

/// `results` run as a person or a script would: on the default race day with the clock pinned (every card read at
/// once from the program), and from an affiliates API on loopback (its cards read within the budget).
@Suite("next-to-go results end to end")
struct ResultsEndToEndTests {
    /// 11:48am UTC on the race day: 239 races run or abandoned, the latest Cannington R3 (11:40am).
    static let launch = Int(RaceListEndToEndTests.raceDayNow)!
    /// Globe Derby R9 jumps at 11:54am, six minutes on; at harness pace its placings come 2 to 3 minutes later.
    static let globeDerbyJump = launch + 360

    private func document(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test("one-shot: the latest result first, its placings by number and name and every dividend its card has")
    func oneShot() throws {
        let run = try BinaryRunner.run(["--now", String(Self.launch), "results"])
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let lines = run.lines
        #expect(lines.first == "Results - 239 races")
        #expect(lines[checked: 1] == "   1  G  Cannington R3  11:40am  Final", "\(run.stdout)")
        #expect(lines[checked: 2] == "      1st 2 Miata Meteor, 2nd 6 Hara Storm, 3rd 7 Hooked Rocket", "\(run.stdout)")
        #expect(
            lines[checked: 4] == "      Win 2 $6.10 - Place 2 $2.80, 6 $2.60 - Quinella 2-6 $15.60", "\(run.stdout)")
        #expect(lines[checked: 5] == "      Trifecta 2-6-7 $204.70")
        // The race day's cards answer at once: every race shown has its dividends, nothing said to be missing.
        #expect(lines.filter { $0.range(of: #"^ +\d+  [THG]  "#, options: .regularExpression) != nil }.count == 20)
        #expect(!run.stdout.contains("when its card is read"))
        #expect(run.stdout.contains("\n  The latest 20 of 239: `results WORDS` narrows them"), "\(run.stdout)")
        #expect(run.stdout.unicodeScalars.allSatisfy { $0.isASCII } && !run.stdout.contains("\u{1B}"))
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") && $0.count <= 80 }, "\(run.stdout)")
    }

    @Test(
        "a result never before its time: Globe Derby R9 is not here while Closed, Interim then Final as the meeting says"
    )
    func inItsTime() throws {
        func globeDerby(at seconds: Int) throws -> [String] {
            let run = try BinaryRunner.run([
                "--now", String(Self.globeDerbyJump + seconds), "results", "globe", "derby",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            return run.lines
        }
        let closed = try globeDerby(at: 50)
        #expect(closed[checked: 1] == "  1  H  Globe Derby R8  11:26am  Final", "\(closed)")
        let interim = try globeDerby(at: 300)
        #expect(interim[checked: 1] == "  1  H  Globe Derby R9  11:54am  Interim", "\(interim)")
        let final = try globeDerby(at: 600)
        #expect(final[checked: 1] == "  1  H  Globe Derby R9  11:54am  Final", "\(final)")
        // The winner and what the win paid agree with the meeting's row for R9.
        let meeting = try BinaryRunner.run(["--now", String(Self.globeDerbyJump + 600), "meeting", "globe derby"])
        let row = try #require(meeting.lines.first { $0.hasPrefix("  R9  11:54am  Final") }, "\(meeting.stdout)")
        let won = try #require(row.firstMatch(of: #/won by (.+), (\$\d+\.\d\d)$/#), "\(row)")
        #expect(final[checked: 2]?.hasPrefix("     1st ") == true && final[checked: 2]?.contains(String(won.1)) == true)
        #expect(final.contains { $0.hasPrefix("     Win ") && $0.contains(" " + String(won.2) + " ") }, "\(final)")
    }

    @Test("--json results: the latest 20 of the day's, latest first, each race with placings and dividends")
    func json() throws {
        let run = try BinaryRunner.run(["--json", "--now", String(Self.launch + 600), "results"])
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let results = try document(run.stdout)
        #expect(results["type"] as? String == "results" && results["schema"] as? Int == 1)
        #expect(results["total"] as? Int ?? 0 > 239)
        let races = try #require(results["races"] as? [[String: Any]])
        #expect(races.map { $0["position"] as? Int } == Array(1...20).map { $0 })
        let starts = races.compactMap { $0["startUnix"] as? Int }
        #expect(starts.count == 20 && starts == starts.sorted(by: >), "latest first")
        #expect(starts.allSatisfy { $0 <= Self.launch + 600 }, "none before its time")
        for race in races {
            for key in ["id", "meeting", "category", "start", "localTime", "status"] { #expect(race[key] is String) }
            #expect(race["raceNumber"] is Int && race["missing"] is NSNull)
            let status = race["status"] as? String
            let placings = race["placings"] as? [[String: Any]] ?? []
            let dividends = race["dividends"] as? [[String: Any]] ?? []
            if status == "Abandoned" {
                #expect(placings.isEmpty && dividends.isEmpty)
            } else {
                #expect(placings.first?["position"] as? Int == 1 && placings.first?["name"] is String, "\(race)")
                #expect(dividends.first?["bet"] as? String == "Win" && dividends.first?["amount"] is Double)
                #expect(dividends.contains { $0["bet"] as? String == "Quinella" }, "\(race)")
            }
        }
        // Romford R4 was abandoned: said from its start (11:50am), among Romford's results.
        let romford = try document(
            try BinaryRunner.run(["--json", "--now", String(Self.launch + 600), "results", "romford"]).stdout)
        let rows = try #require(romford["races"] as? [[String: Any]])
        #expect(rows.map { $0["raceNumber"] as? Int } == [4, 3, 2, 1])
        #expect(rows.first?["status"] as? String == "Abandoned")
        let before = try document(
            try BinaryRunner.run(["--json", "--now", String(Self.launch), "results", "romford"]).stdout)
        #expect((before["races"] as? [[String: Any]])?.map { $0["raceNumber"] as? Int } == [3, 2, 1])
    }

    @Test("WORDS narrow as `meetings` does: a letter, a code and a place; a slip said as `meetings` says it")
    func narrowed() throws {
        let arguments = ["--now", String(Self.launch)]
        let harness = try BinaryRunner.run(arguments + ["results", "H"])
        #expect(harness.status == 0)
        let letters = harness.lines.compactMap { $0.firstMatch(of: #/^ +\d+  ([A-Z])  /#).map { String($0.1) } }
        #expect(!letters.isEmpty && letters.allSatisfy { $0 == "H" }, "\(harness.stdout)")
        #expect(harness.lines.first?.hasPrefix("Results - harness - ") == true)
        let uk = try BinaryRunner.run(arguments + ["results", "dogs", "uk"])
        #expect(uk.lines.first == "Results - greyhound - United Kingdom - 3 races", "\(uk.stdout)")
        // A word no race of the day answers to: a message and the same status as `meetings` gives it, with a guess.
        let slip = try BinaryRunner.run(arguments + ["results", "romferd"])
        let meetings = try BinaryRunner.run(arguments + ["meetings", "romferd"])
        #expect(slip.status == meetings.status && slip.stderr == meetings.stderr)
        #expect(
            slip.lines == [
                "Results - \"romferd\" - 0 races",
                "  No race today is \"romferd\". Did you mean Romford? Type `results` for them all.",
            ])
    }

    @Test("piped: results over the board, `show N` opens that race's sheet, `back` returns; a number past them is said")
    func piped() throws {
        let run = try BinaryRunner.run(
            ["--now", String(Self.launch), "--strict"], stdin: "results romford\nshow 2\nback\nshow 9\nback\nlist\n")
        #expect(run.status == 64, "`show 9` is a usage error: \(run.stderr)")
        #expect(run.lines.contains { $0.hasPrefix("  Romford R2 - ") }, "the sheet of the second result: \(run.stdout)")
        #expect(run.stderr.contains("There is no result 9 here; choose 1 to 3."), "\(run.stderr)")
        // Drawn, then again under the sheet `back` closes.
        #expect(run.stdout.components(separatedBy: "Results - \"romford\" - 3 races").count == 3, "\(run.stdout)")
        #expect(run.stdout.contains("Next to Go - all categories"))
        let spoken = try BinaryRunner.run(["--now", String(Self.launch), "--accessible", "results", "romford"])
        #expect(spoken.lines[checked: 1] == "1. Romford R3, greyhound, 11:34am: Final.", "\(spoken.stdout)")
    }
}

/// `results` from an affiliates API: the day's list once, then the newest results' cards, a look's few, within the
/// source's budget.
@Suite("next-to-go results against a card server", .serialized)
struct ResultsCardServerTests {
    @Test("ten races run: the eight newest cards read one at a time, the two oldest from the list, said so")
    func budget() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let now = Int(RaceListEndToEndTests.now)!
        func time(_ offset: Int) -> String {
            Date(timeIntervalSince1970: TimeInterval(now + offset)).formatted(.iso8601)
        }
        let races = (1...10).map { number -> [String: Any] in
            ["id": "run\(number)", "race_number": number, "start_time": time(-6_000 + number * 300), "status": "Final"]
        }
        let list: [String: Any] = [
            "data": [
                "meetings": [
                    [
                        "meeting": "np", "name": "Northfield Park", "category": "H", "country": "USA", "state": "OH",
                        "races": races,
                    ]
                ]
            ]
        ]
        _ = try folder.file("meetings.json", contents: try JSONSerialization.data(withJSONObject: list))
        for number in 1...10 {
            _ = try folder.file("run\(number).json", contents: try RaceCardEndToEndTests.card(status: "Final"))
        }
        let log = folder.url.appendingPathComponent("requests.log")
        let server = try FixtureServer(folder: folder.url, lifetime: 300, requestLog: log)
        defer { server.stop() }
        let run = try BinaryRunner.run(
            [
                "--source", RaceListEndToEndTests.tenRaces, "--now", String(now), "--cards",
                server.url("affiliates/v1"), "results",
            ], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.first == "Results - 10 races", "\(run.stdout)")
        #expect(run.lines[checked: 1]?.hasPrefix("   1  H  Northfield Park R10  ") == true, "\(run.stdout)")
        let entries = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let cards = entries.compactMap { $0["path"] as? String }.filter { $0.contains("racing/events/") }
        let asked = cards.map { $0.split(separator: "/").last.map(String.init) ?? "" }
        #expect(asked == (3...10).reversed().map { "run\($0)" }, "the newest first, each once: \(cards)")
        #expect(run.stdout.components(separatedBy: "Quinella 1-2 $8.10").count - 1 == 8, "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "Placings and dividends when its card is read.").count - 1 == 2)
        #expect(entries.filter { ($0["path"] as? String)?.contains("racing/meetings") == true }.count == 1)
    }
}
