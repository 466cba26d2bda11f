import Foundation
import TestSupport
import Testing

/// Search, region, `filter only` and `count` on the 45-race capture (AUS, SGP, KOR, JPN, MAC), piped and as
/// single commands.
@Suite("next-to-go narrowing the board end to end")
struct NarrowingEndToEndTests {
    /// A minute before the capture's first race.
    static let now = "1709360940"
    static let source = "file:" + Fixtures.url(Fixtures.fortyFiveRaces).path

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
                "  1  G  R1   Wentworth Park   35m 0s",
                "  2  G  R2   Wentworth Park   55m 0s",
                "  3  T  R1   Albion Park      1h 10m",
                "  4  G  R3   Wentworth Park   1h 15m",
                "Next to Go - all categories - international - \"park\"",
                "  No upcoming races outside Australia and New Zealand matching \"park\". Type `region all` or `search` to see more.",
                "Next to Go - all categories - international",
                "  1  H  R6   Kranji        1m 0s",
                "  2  H  R7   Seoul        11m 0s",
                "  3  H  R7   Kranji       31m 0s",
                "  4  H  R8   Kranji        1h 1m",
                "  5  H  R5   Macau         1h 1m",
                "Next to Go - greyhound - international",
                "  No upcoming greyhound races outside Australia and New Zealand. Type `filter clear` or `region all` to see more.",
                "Next to Go - greyhound",
                "  1  G  R1   Warrnambool      13m 0s",
                "  2  G  R1   The Gardens      23m 0s",
                "  3  G  R2   Warrnambool      28m 0s",
                "  4  G  R1   Wentworth Park   35m 0s",
                "  5  G  R2   The Gardens      42m 0s",
                "Next to Go - greyhound",
                "  1  G  R1   Warrnambool   13m 0s",
                "  2  G  R1   The Gardens   23m 0s",
                "  3  G  R2   Warrnambool   28m 0s",
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
                "  1  H  R10  Flemington    6m 0s",
                "  2  H  R5   Tuncurry      7m 0s",
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

    @Test("list all: every race of the filter in sections by meeting, a heading per day; show N counts through them")
    func listAll() throws {
        // UTC-7 puts midnight inside the capture, so it spans two days.
        let run = try BinaryRunner.run(
            ["--source", Self.source, "--now", Self.now, "--region", "intl"], stdin: "list all\nshow 3\n",
            environment: ["TZ": "Etc/GMT+7"])
        #expect(run.status == 0)
        #expect(
            Array(run.lines.prefix(16)) == [
                "Next to Go - all categories - international",
                "Friday 1 March 2024",
                "  Kranji - SGP",
                "  1  H  R6   Kranji        1m 0s",
                "  Seoul - KOR",
                "  2  H  R7   Seoul        11m 0s",
                "Saturday 2 March 2024",
                "  Kranji - SGP",
                "  3  H  R7   Kranji       31m 0s",
                "  4  H  R8   Kranji        1h 1m",
                "  Macau - MAC",
                "  5  H  R5   Macau         1h 1m",
                "  Seoul - KOR",
                "  6  H  R8   Seoul         1h 1m",
                "  Saga - JPN",
                "  7  H  R6   Saga         1h 11m",
            ])
        #expect(run.lines.contains("  Kranji R7 - Hcp (C5)"))
        let all = try BinaryRunner.run(["--source", Self.source, "--now", Self.now, "all"], environment: ["TZ": "UTC"])
        #expect(
            all.lines.filter {
                $0.hasPrefix("  ") && $0.contains("  H  ") || $0.contains("  G  ") || $0.contains("  T  ")
            }.count == 45)
        #expect(!all.lines.contains { $0.hasSuffix("2024") }, "one day: no day headings")
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
        #expect(boards.count == 6, "list all; fav; show (the list under its sheet); back; refresh; list")
        let marked = "  3  H  R8   Kranji        1h 1m  *"
        for (index, board) in boards.enumerated() {
            let isListAll = index < 5
            #expect(board.contains("  Kranji - SGP") == isListAll, "board \(index)")
            #expect(board.contains(marked) == (index > 0 && isListAll), "board \(index)")
        }
        #expect(run.lines.contains("  Kranji R8 - Hcp (C4)  *"), "the sheet of race 3 of list all")
    }

    @Test("friendlier: guesses for commands and options, options after a command refused, a bare path told file:")
    func friendlier() throws {
        let typo = try run("lsit\nfilter greyhund\n")
        #expect(
            typo.stderr.split(separator: "\n") == [
                "Unknown command 'lsit'. Did you mean `list`? Type `help` to see the commands.",
                "Unknown category 'greyhund'. Choose from horse, greyhound, harness, or `filter clear`. Did you mean `greyhound`?",
            ])
        let option = try BinaryRunner.run(["--sauce", "snapshot", "list"])
        #expect(option.status == 64)
        #expect(option.stderr.hasPrefix("next-to-go: unknown option '--sauce' (did you mean --source?)."))
        let late = try BinaryRunner.run(["list", "--now", Self.now])
        #expect(late.status == 64)
        #expect(late.stderr.contains("'--now' comes after the command 'list'; options go first"))
        #expect(late.stdout == "")
        let bare = try BinaryRunner.run(["--source", Fixtures.url(Fixtures.fortyFiveRaces).path, "list"])
        #expect(bare.status == 64)
        #expect(bare.stderr.contains("Did you mean --source 'file:"))
    }
}
