import Foundation
import TestSupport
import Testing

/// The day's meetings and a meeting race by race, run as a person or a script would: on the default race day,
/// from a feed with no list of meetings, and from an affiliates API on loopback.
@Suite("next-to-go meetings end to end")
struct MeetingsEndToEndTests {
    static let launch = Int(RaceListEndToEndTests.raceDayNow)!

    private func documents(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test("the race day's 36 meetings by day and place, each with its races run and next; a meeting with its placings")
    func raceDay() throws {
        let run = try BinaryRunner.run(
            ["--now", String(Self.launch)], stdin: "meetings\nmeeting Romford\nshow 5\nback\nback\n",
            environment: ["TZ": "UTC"])
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let lines = run.lines
        // Friday night's meetings in North America (their dates, at their venues) are yesterday's, first.
        #expect(lines.first == "Meetings - 36")
        #expect(lines[checked: 1] == "Yesterday, Friday 6 March 2026")
        #expect(lines[checked: 2] == "Canada")
        #expect(lines.contains("   2  H  Meadowlands      13/13  finished"), "\(run.stdout)")
        #expect(lines[checked: 6] == "Saturday 7 March 2026" && lines[checked: 7] == "Australia - NSW")
        #expect(lines.contains("   9  H  Globe Derby        8/9  R9 6m 0s   11:54am  Good - Overcast"), "\(run.stdout)")
        #expect(lines.contains("  29  G  Romford           3/12  R5 18m 0s  12:06pm  Good - Fine"), "\(run.stdout)")
        #expect(lines.contains("Romford"))
        #expect(lines.contains("  greyhound - United Kingdom - 3 of 12 run - 1 abandoned - next R5 18m 0s"))
        #expect(lines.contains("   R1  11:02am  Final 4-3-6  won by Kilara Rogue, $1.50"), "\(run.stdout)")
        #expect(lines.contains("   R4  11:50am  Abandoned    Exmoor Feeds D4 Stakes"))
        #expect(lines.contains("   R5  12:06pm  18m 0s       Pennine Haulage S6 Stakes"))
        #expect(lines.contains("  Romford R5 - Pennine Haulage S6 Stakes"), "`show 5` opens R5's sheet")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") }, "no trailing spaces in a pipe")
    }

    @Test("the race day's Australian and New Zealand meetings name their quaddies, in text and JSON; others none")
    func quaddies() throws {
        let now = RaceListEndToEndTests.raceDayNow
        let run = try BinaryRunner.run(["--now", now, "meeting", "globe derby"], environment: ["TZ": "UTC"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.prefix(4).last == "  Quaddie R6-R9 - Early quaddie R2-R5", "\(run.stdout)")
        let canada = try BinaryRunner.run(["--now", now, "meeting", "woodbine"], environment: ["TZ": "UTC"])
        #expect(canada.status == 0 && !canada.stdout.contains("uaddie"), "\(canada.stdout)")
        let json = try BinaryRunner.run(["--now", now, "--json", "meeting", "moonee valley"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["quaddie"] as? [Int] == [5, 6, 7, 8] && document["earlyQuaddie"] as? [Int] == [1, 2, 3, 4])
        let accessible = try BinaryRunner.run(["--now", now, "--accessible", "meeting", "moonee valley"])
        #expect(accessible.lines.contains("  Quaddie R5-R8 - Early quaddie R1-R4"), "\(accessible.stdout)")
    }

    @Test("piped, a race opened from the screen just printed goes under it, not under a second copy of it")
    func sheetUnderScreenJustPrinted() throws {
        let meeting = try BinaryRunner.run(["--now", String(Self.launch)], stdin: "meeting 26\nshow 1\n")
        #expect(meeting.status == 0, "\(meeting.stderr)")
        #expect(meeting.lines.filter { $0 == "Turffontein" }.count == 1, "\(meeting.stdout)")
        #expect(meeting.lines.contains("  Turffontein R1 - Karoo Lamb MR 64 Handicap"), "\(meeting.stdout)")
        let board = try BinaryRunner.run(["--now", String(Self.launch)], stdin: "list\nshow 1\n")
        #expect(board.lines.filter { $0.hasPrefix("Next to Go") }.count == 1, "\(board.stdout)")
        // With something else printed in between (`help`), the sheet is drawn under its screen again, as the
        // screen shows it.
        let apart = try BinaryRunner.run(["--now", String(Self.launch)], stdin: "meeting 26\nhelp\nshow 1\n")
        #expect(apart.lines.filter { $0 == "Turffontein" }.count == 2, "\(apart.stdout)")
    }

    @Test("piped, a word no screen knows on the meetings is unknown, with its guess, not 'not available here'")
    func unknownWordOnMeetings() throws {
        let run = try BinaryRunner.run(["--now", String(Self.launch)], stdin: "meetings\nhelpp\nunfav 1\n")
        #expect(
            run.stderr.split(separator: "\n") == [
                "Unknown command 'helpp'. Did you mean `help`? Type `help` to see the commands here, or `back` to return.",
                "`unfav` works on the favourites list, not here. Type `help` to see the commands here.",
            ])
    }

    @Test("the board and the meeting agree Globe Derby R9 is Closed; its result on the meeting minutes after")
    func resultOnBoardAndMeeting() throws {
        let jump = Self.launch + 360
        let board = try BinaryRunner.run(["--now", String(jump + 50), "list"])
        #expect(board.lines[checked: 1] == "  1  H  R9   Globe Derby                Closed -50s")
        func r9(at seconds: Int) throws -> (row: String, lines: [String]) {
            let meeting = try BinaryRunner.run(
                ["--now", String(jump + seconds), "meeting", "globe derby"], environment: ["TZ": "UTC"])
            #expect(meeting.status == 0)
            return (meeting.lines.first { $0.hasPrefix("  R9  11:54am  ") } ?? "", meeting.lines)
        }
        let closed = try r9(at: 50)
        #expect(closed.row.hasPrefix("  R9  11:54am  Closed  "), "\(closed.lines)")
        #expect(closed.lines.contains("  harness - SA, Australia - 9 of 9 run - running"), "\(closed.lines)")
        // Gone from the board: placings once the race is run (2 to 3 minutes at harness pace), then the result
        // with who won and what the win paid, all clear three minutes later.
        let interim = try r9(at: 300)
        #expect(
            interim.row.range(of: #"^  R9  11:54am  Interim \d+-\d+-\d+ +won by "#, options: .regularExpression) != nil,
            "\(interim.lines)")
        let final = try r9(at: 600)
        #expect(
            final.row.range(
                of: #"^  R9  11:54am  Final \d+-\d+-\d+ +won by .+, \$\d+\.\d\d$"#, options: .regularExpression) != nil,
            "\(final.lines)")
        #expect(final.lines.contains("  Track Good - Overcast"), "the going and weather under the details")
        #expect(final.lines.contains("  harness - SA, Australia - 9 of 9 run - finished"), "\(final.lines)")
    }

    @Test("--json meetings and meeting N: every race of the day counted once, each race as the README's schema")
    func json() throws {
        let run = try BinaryRunner.run(
            ["--json", "--now", String(Self.launch)], stdin: "meetings\nmeeting 29\nmeetings dogs nz\n")
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let all = try documents(run.stdout)
        #expect(all.map { $0["type"] as? String } == ["meetings", "meeting", "meetings"])
        let groups = try #require(all[0]["groups"] as? [[String: Any]])
        let meetings = groups.flatMap { ($0["meetings"] as? [[String: Any]]) ?? [] }
        #expect(meetings.count == 36)
        #expect(meetings.map { $0["races"] as? Int ?? 0 }.reduce(0, +) == 359)
        for meeting in meetings {
            let races = meeting["races"] as? Int ?? 0
            let accounted =
                (meeting["run"] as? Int ?? 0) + (meeting["toRun"] as? Int ?? 0)
                + (meeting["abandoned"] as? Int ?? 0)
            #expect(accounted == races, "\(meeting)")
            #expect(meeting["next"] is NSNull || (meeting["next"] as? [String: Any])?["id"] is String)
        }
        #expect(meetings.map { $0["position"] as? Int } == Array(1...36).map { $0 })
        #expect(Set(meetings.compactMap { $0["date"] as? String }) == ["2026-03-06", "2026-03-07"], "at each venue")
        let romford = try #require(all[1]["races"] as? [[String: Any]])
        #expect(romford.count == 12 && all[1]["meeting"] as? String == "Romford")
        #expect(all[1]["date"] as? String == "2026-03-07")
        #expect(romford.first?["placings"] as? [Int] == [4, 3, 6] && romford.first?["status"] as? String == "Final")
        #expect(romford[3]["status"] as? String == "Abandoned" && romford[4]["status"] is NSNull)
        for race in romford {
            for key in ["id", "meeting", "category", "start", "countdown", "localTime"] { #expect(race[key] is String) }
            for key in ["raceNumber", "startUnix", "secondsToStart"] { #expect(race[key] is Int) }
        }
        let manukau = try #require(all[2]["groups"] as? [[String: Any]])
        #expect(manukau.count == 1 && manukau.first?["heading"] as? String == "New Zealand")
    }

    @Test("`meetings T` is the gallops, `meetings h` the harness, `meetings G` the dogs: the letters the rows show")
    func byLetter() throws {
        let arguments = ["--now", String(Self.launch)]
        let json = try BinaryRunner.run(
            ["--json"] + arguments, stdin: "meetings\nmeetings T\nmeetings h\nmeetings G\n")
        #expect(json.status == 0 && json.stderr == "", "\(json.stderr)")
        // Each list as "Meeting category" lines.
        let lists = try documents(json.stdout).map { list in
            ((list["groups"] as? [[String: Any]]) ?? []).flatMap { ($0["meetings"] as? [[String: Any]]) ?? [] }
                .map { "\($0["meeting"] ?? "") \($0["category"] ?? "")" }
        }
        try #require(lists.count == 4)
        for (index, code) in ["horse", "harness", "greyhound"].enumerated() {
            let narrowed = lists[index + 1]
            #expect(!narrowed.isEmpty && narrowed == lists[0].filter { $0.hasSuffix(" " + code) }, "\(code)")
        }
        // As text, every row of `meetings T` is lettered T, then every row of `meetings H` H.
        let text = try BinaryRunner.run(arguments, stdin: "meetings T\nmeetings H\n")
        #expect(text.status == 0 && text.stderr == "", "\(text.stderr)")
        let letters = text.lines.compactMap { $0.firstMatch(of: #/^ +\d+  ([A-Z])  /#).map { String($0.1) } }
        #expect(
            letters == Array(repeating: "T", count: lists[1].count) + Array(repeating: "H", count: lists[2].count),
            "\(text.stdout)")
        #expect(text.lines.contains { $0.contains("  H  Globe Derby ") }, "\(text.stdout)")
    }

    @Test("a meeting no one has: a clear message and 64, alone or in a pipe, and the screen below stays")
    func unknownMeeting() throws {
        let one = try BinaryRunner.run(["--now", String(Self.launch), "meeting", "Xanadu Downs"])
        #expect(one.status == 64 && one.stdout == "")
        #expect(one.stderr == "No meeting today is called 'Xanadu Downs'. Type `meetings` to see them.\n")
        let piped = try BinaryRunner.run(
            ["--now", String(Self.launch)], stdin: "meeting 99\nmeeting park\nback\n")
        #expect(piped.stdout == "")
        #expect(
            piped.stderr.hasPrefix(
                "There is no meeting 99 today; choose 1 to 36 (`meetings` lists them).\n'park' could be "))
        #expect(piped.stderr.hasSuffix("Nothing to go back to: this is the race list. Type `quit` to leave.\n"))
    }

    @Test("from a file with no list of meetings: the feed's races grouped by meeting, saying so")
    func fromTheFeed() throws {
        let run = try BinaryRunner.run(
            ["--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now], stdin: "meetings\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines[checked: 1]?.hasPrefix("  From the races in the feed (file") == true, "\(run.stdout)")
        #expect(run.stdout.contains("Northfield Park"))
    }

    @Test("an affiliates API: its meetings list, asked once for the board and both screens")
    func affiliates() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let now = Int(RaceListEndToEndTests.now)!
        func time(_ offset: Int) -> String {
            Date(timeIntervalSince1970: TimeInterval(now + offset)).formatted(.iso8601)
        }
        let list: [String: Any] = [
            "data": [
                "meetings": [
                    [
                        "meeting": "np", "name": "Northfield Park", "category": "H", "country": "USA", "state": "OH",
                        // Not a country with quaddies, but the list is what says: a list's legs are shown as named.
                        "quaddie": [4, 5, 6, 7], "early_quaddie": [1, 2, 3, 4],
                        "races": [
                            [
                                "id": "ran", "race_number": 6, "start_time": time(-1_800), "status": "Final",
                                "name": "Earlier Pace",
                            ],
                            [
                                "id": RaceCardEndToEndTests.northfieldPark, "race_number": 7, "start_time": time(60),
                                "status": "Open",
                            ],
                        ],
                    ]
                ]
            ]
        ]
        _ = try folder.file("meetings.json", contents: try JSONSerialization.data(withJSONObject: list))
        _ = try folder.file("ran.json", contents: try RaceCardEndToEndTests.card(status: "Final"))
        let log = folder.url.appendingPathComponent("requests.log")
        let server = try FixtureServer(folder: folder.url, lifetime: 300, requestLog: log)
        defer { server.stop() }
        let run = try BinaryRunner.run(
            [
                "--source", RaceListEndToEndTests.tenRaces, "--now", String(now), "--cards",
                server.url("affiliates/v1"),
            ], stdin: "meetings\nmeeting 1\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("United States\n  1  H  Northfield Park  1/2  R7 1m 0s"), "\(run.stdout)")
        #expect(run.stdout.contains("  harness - United States - 1 of 2 run - next R7 1m 0s\n"), "\(run.stdout)")
        #expect(run.stdout.contains("  R6  ") && run.stdout.contains("  Final"), "\(run.stdout)")
        #expect(run.stdout.contains("\n  Quaddie R4-R7 - Early quaddie R1-R4\n"), "\(run.stdout)")
        // The board's statuses and both screens: one request for the list.
        let requests = try String(contentsOf: log, encoding: .utf8)
        #expect(requests.components(separatedBy: "racing/meetings").count - 1 == 1, "\(requests)")
    }
}
