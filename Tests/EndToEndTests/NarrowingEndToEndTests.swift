import Foundation
import TestSupport
import Testing

/// Search, region, `filter only` and `count` on the embedded snapshot (AUS, NZ, HK, KOR, IND, SAF, JPN, UK),
/// read as a file so the clock does not move it, piped and as single commands.
@Suite("next-to-go narrowing the board end to end")
struct NarrowingEndToEndTests {
    /// A minute before the snapshot's first race (Moonee Valley R5, 08:00 UTC).
    static let now = "1772870340"
    static let source = "file:" + Fixtures.evening.path
    /// The snapshot holds a race of a category we do not know and one without a start; every board says so.
    static let leftOut = "  2 races in the feed were left out (first: missing advertised_start)."

    private func run(_ stdin: String, _ options: [String] = []) throws -> ProcessRunner.Run {
        try BinaryRunner.run(["--source", Self.source, "--now", Self.now] + options, stdin: stdin)
    }

    @Test("search, region and filter only combine; the title says what is applied")
    func piped() throws {
        let run = try run("/park\nregion intl\nsearch\nfilter only dogs\nregion all\ncount 3\n")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(
            run.lines == [
                "Next to Go - all categories - \"park\"",
                "  1  G  R1   Wentworth Park     3m 0s",
                "  2  G  R2   Wentworth Park    23m 0s",
                "  3  H  R2   Gloucester Park   39m 0s",
                "  4  G  R3   Wentworth Park    43m 0s",
                "  5  G  R4   Wentworth Park     1h 3m",
                Self.leftOut,
                "Next to Go - all categories - international - \"park\"",
                "  No upcoming races outside Australia and New Zealand matching \"park\". Type `region all` or `search` to see more.",
                Self.leftOut,
                "Next to Go - all categories - international",
                "  1  T  R8   Sha Tin       6m 0s",
                "  2  G  R1   Romford      11m 0s",
                "  3  T  R3   Mahalaxmi    16m 0s",
                "  4  T  R7   Seoul        21m 0s",
                "  5  G  R2   Romford      27m 0s",
                Self.leftOut,
                "Next to Go - greyhound - international",
                "  1  G  R1   Romford      11m 0s",
                "  2  G  R2   Romford      27m 0s",
                "  3  G  R3   Romford      43m 0s",
                "  Only 3 greyhound races outside Australia and New Zealand to come in the feed. 2 races in the feed were left out (first: missing advertised_start).",
                "Next to Go - greyhound",
                "  1  G  R1   Wentworth Park    3m 0s",
                "  2  G  R1   The Meadows       9m 0s",
                "  3  G  R1   Romford          11m 0s",
                "  4  G  R2   Wentworth Park   23m 0s",
                "  5  G  R2   Romford          27m 0s",
                Self.leftOut,
                "Next to Go - greyhound",
                "  1  G  R1   Wentworth Park    3m 0s",
                "  2  G  R1   The Meadows       9m 0s",
                "  3  G  R1   Romford          11m 0s",
                Self.leftOut,
            ])
    }

    @Test("--region and --count as options; mistakes name the choices and guess")
    func options() throws {
        let single = try BinaryRunner.run(
            ["--source", Self.source, "--now", Self.now, "--region", "aus", "--count", "2", "list"], stdin: "")
        #expect(single.status == 0)
        #expect(
            single.lines == [
                "Next to Go - all categories - Australia",
                "  1  T  R5   Moonee Valley     1m 0s",
                "  2  G  R1   Wentworth Park    3m 0s",
                Self.leftOut,
            ])
        let wrong = try run("region nzz\ncount 0\n")
        #expect(
            wrong.stderr.split(separator: "\n") == [
                "Region 'nzz' is not one of `aus`, `nz`, `intl`, `all`. Did you mean `nz`?",
                "Usage: count N sets how many races the board shows (1 to 20, default 5).",
            ])
        let badOption = try BinaryRunner.run(["--region", "mars", "list"], stdin: "")
        #expect(badOption.status == 64)
        #expect(badOption.stderr.contains("--region 'mars' is not valid: expected aus, nz, intl or all"))
        let typo = try BinaryRunner.run(["--region", "auss", "list"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("expected aus, nz, intl or all (did you mean aus?)"))
    }

    @Test("region takes the words meetings takes for a region; a place is told the region it is in")
    func regionWords() throws {
        let run = try run("region au\nregion new-zealand\nregion uk\nregion wa\nregion international\n")
        #expect(run.status == 0)
        #expect(
            run.lines.filter { $0.hasPrefix("Next to Go") } == [
                "Next to Go - all categories - Australia", "Next to Go - all categories - New Zealand",
                "Next to Go - all categories - international",
            ], "\(run.stdout)")
        #expect(
            run.stderr.split(separator: "\n") == [
                "Region 'uk' is not one of `aus`, `nz`, `intl`, `all`. United Kingdom is in `intl`; `meetings uk` lists its meetings alone.",
                "Region 'wa' is not one of `aus`, `nz`, `intl`, `all`. WA is in `aus`; `meetings wa` lists its meetings alone.",
            ])
        let option = try BinaryRunner.run(["--region", "uk", "list"])
        #expect(option.status == 64)
        #expect(option.stderr.contains("expected aus, nz, intl or all (United Kingdom is in intl)"), "\(option.stderr)")
    }

    @Test("list all: every race of the filter in sections by meeting, a heading per day; show N counts through them")
    func listAll() throws {
        // UTC-9 puts the viewer's midnight an hour into the snapshot, still Friday there: each meeting is its
        // venue's Saturday, whole (Sha Tin's R10 after the viewer's midnight too), under that day's heading.
        let run = try BinaryRunner.run(
            ["--source", Self.source, "--now", Self.now, "--region", "intl"], stdin: "list all\nshow 3\n",
            environment: ["TZ": "Etc/GMT+9"])
        #expect(run.status == 0)
        #expect(
            Array(run.lines.prefix(18)) == [
                "Next to Go - all categories - international",
                "Saturday 7 March 2026",
                "  Sha Tin - HK",
                "   1  T  R8   Sha Tin        6m 0s",
                "   2  T  R9   Sha Tin       41m 0s",
                "   3  T  R10  Sha Tin       1h 16m",
                "  Romford - UK",
                "   4  G  R1   Romford       11m 0s",
                "   5  G  R2   Romford       27m 0s",
                "   6  G  R3   Romford       43m 0s",
                "  Mahalaxmi - IND",
                "   7  T  R3   Mahalaxmi     16m 0s",
                "   8  T  R4   Mahalaxmi     46m 0s",
                "   9  T  R5   Mahalaxmi     1h 17m",
                "  Seoul - KOR",
                "  10  T  R7   Seoul         21m 0s",
                "  11  T  R8   Seoul         56m 0s",
                "  12  T  R9   Seoul         1h 31m",
            ])
        #expect(Set(run.lines.filter { $0.hasSuffix("2026") }) == ["Saturday 7 March 2026"], "one day")
        #expect(run.lines.contains { $0.hasPrefix("  Sha Tin R10 - ") }, "\(run.stdout)")
        let all = try BinaryRunner.run(["--source", Self.source, "--now", Self.now, "all"], environment: ["TZ": "UTC"])
        #expect(
            all.lines.filter {
                $0.hasPrefix("  ") && $0.contains("  H  ") || $0.contains("  G  ") || $0.contains("  T  ")
            }.count == 43)
        #expect(!all.lines.contains { $0.hasSuffix("2026") }, "one day: no day headings")
    }

    @Test("after list all, fav N marks race N there and draws list all again; so does coming back from its sheet")
    func favouriteFromListAll() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let run = try BinaryRunner.run(
            ["--source", Self.source, "--now", Self.now, "--region", "intl", "--data-dir", data.url.path],
            stdin: "list all\nfav 3\nshow 3\nback\nrefresh\nlist\n", environment: ["TZ": "UTC"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let boards = run.stdout.components(separatedBy: "Next to Go - all categories - international\n").dropFirst()
        // `show 3` opens its sheet under the list `fav 3` has just drawn, not under a second copy.
        #expect(boards.count == 5, "list all; fav; back; refresh; list")
        let marked = "   3  T  R10  Sha Tin       1h 16m  *"
        for (index, board) in boards.enumerated() {
            let isListAll = index < 4
            #expect(board.contains("  Sha Tin - HK") == isListAll, "board \(index)")
            #expect(board.contains(marked) == (index > 0 && isListAll), "board \(index)")
        }
        #expect(
            run.lines.contains("  Sha Tin R10 - Class 5 Stonebridge Handicap  *"), "the sheet of race 3 of list all")
    }

    @Test("friendlier: guesses for commands and options, options after a command refused, a bare path told file:")
    func friendlier() throws {
        let typo = try run("lsit\nfilter greyhund\nunfav 1\n")
        #expect(
            typo.stderr.split(separator: "\n") == [
                "Unknown command 'lsit'. Did you mean `list`? Type `help` to see the commands.",
                "Unknown category 'greyhund'. Choose from horse, greyhound, harness, or `filter clear`. Did you mean `greyhound`?",
                "`unfav` works on the favourites list, not here. Type `help` to see the commands here.",
            ])
        let option = try BinaryRunner.run(["--sauce", "snapshot", "list"])
        #expect(option.status == 64)
        #expect(option.stderr.hasPrefix("next-to-go: unknown option '--sauce' (did you mean --source?)."))
        let late = try BinaryRunner.run(["list", "--now", Self.now])
        #expect(late.status == 64)
        #expect(late.stderr.contains("'--now' comes after the command 'list'; options go first"))
        #expect(late.stdout == "")
        let bare = try BinaryRunner.run(["--source", Fixtures.evening.path, "list"])
        #expect(bare.status == 64)
        #expect(bare.stderr.contains("Did you mean --source 'file:"))
    }
}

@Suite("next-to-go wide boards end to end")
struct WideBoardEndToEndTests {
    @Test(
        "at 120 columns each row says where (state, or country abroad) and when, in the local time; 80 keep the compact rows"
    )
    func wideRows() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let arguments = [
            "--source", "replay:" + Fixtures.evening.path, "--now", "1748310000", "--data-dir", data.url.path, "list",
        ]
        let wide = try BinaryRunner.run(arguments, environment: ["COLUMNS": "120", "TZ": "Australia/Sydney"])
        #expect(wide.status == 0)
        #expect(
            Array(wide.lines.prefix(4)) == [
                "Next to Go - all categories",
                "  1  T  R5   Moonee Valley   VIC  11:42am    2m 0s",
                "  2  G  R1   Wentworth Park  NSW  11:44am    4m 0s",
                "  3  T  R8   Sha Tin         HK   11:47am    7m 0s",
            ])
        let narrow = try BinaryRunner.run(arguments, environment: ["TZ": "Australia/Sydney"])
        #expect(narrow.lines[checked: 1] == "  1  T  R5   Moonee Valley     2m 0s")
    }
}
