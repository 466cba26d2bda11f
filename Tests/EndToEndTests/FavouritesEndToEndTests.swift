import Foundation
import TestSupport
import Testing

/// Favourites and the detail sheet through the real binary, with a pinned
/// clock and a temporary `--data-dir`.
@Suite("next-to-go favourites and details end to end")
struct FavouritesEndToEndTests {
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    private func run(_ stdin: String, now: String = RaceListEndToEndTests.now, environment: [String: String] = [:])
        throws -> ProcessRunner.Run
    {
        try BinaryRunner.run(
            ["--source", RaceListEndToEndTests.tenRaces, "--now", now, "--data-dir", data.url.path], stdin: stdin,
            environment: environment)
    }

    /// The script run on the ten races under strace, and the renames onto the favourites file it made: a save
    /// each. With `streamsTogether`, stderr is written into stdout's pipe, as a terminal or `2>&1` has them.
    private func runCountingSaves(_ script: String, _ arguments: [String] = [], streamsTogether: Bool = false)
        throws -> (ProcessRunner.Run, renames: [Substring])
    {
        let trace = data.url.appendingPathComponent("trace").path
        let command =
            ([
                "strace", "-f", "-e", "trace=rename,renameat,renameat2", "-o", trace, BinaryRunner.binary.path,
                "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--data-dir",
                data.url.path,
            ] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ") + (streamsTogether ? " 2>&1" : "")
        let run = try BinaryRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command], stdin: script, environment: [:],
            timeout: 60)
        let renames = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter {
            $0.contains("favourites.json")
        }
        return (run, renames)
    }

    @Test("fav 2, quit, start again: favs shows it, and the list marks it")
    func survivesRestart() throws {
        defer { data.remove() }
        let first = try run("fav 2\nquit\n")
        #expect(first.status == 0)
        #expect(first.lines[checked: 2] == "  2  G  R1   Healesville       10m 0s  *")

        let second = try run("favs\nback\n")
        #expect(second.status == 0)
        #expect(second.stderr == "")
        #expect(
            Array(second.lines.prefix(2)) == [
                "Favourites",
                "  1  G  R1   Healesville   10m 0s",
            ])
        #expect(second.lines[checked: 4] == "  2  G  R1   Healesville       10m 0s  *")
    }

    @Test("a script's many toggles, saved together: the file holds what the output said, for the next run")
    func gatheredToggles() throws {
        defer { data.remove() }
        let script = String(repeating: "fav 1\nfav 2\nfav 3\nfav 1\n", count: 250) + "fav 3\nfavs\n"
        let first = try run(script)
        #expect(first.status == 0)
        #expect(first.stderr == "")
        // Each round toggles 1 twice and 2 and 3 once: 250 rounds leave none; then 3 is added.
        let favourites = ["Favourites", "  1  H  R4   Flamboro Downs   11m 0s"]
        #expect(Array(first.lines.suffix(2)) == favourites)
        #expect(try run("favs\n").lines == favourites, "saved, for the next run")
    }

    @Test(
        "toggles made on race sheets in a piped batch are saved in one write, before the batch's output",
        .enabled(if: HostCapabilities.canTrace, "needs strace allowed to trace"))
    func sheetTogglesGathered() throws {
        defer { data.remove() }
        // Each sheet waits for its card; 2 is toggled three times and 3 once: both stay.
        let script = String(repeating: "show 2\nfav\nback\n", count: 3) + "show 3\nfav\nback\nfavs\n"
        let (run, renames) = try runCountingSaves(script, ["--cards", "none"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.lines.suffix(3) == [
                "Favourites", "  1  G  R1   Healesville      10m 0s", "  2  H  R4   Flamboro Downs   11m 0s",
            ])
        #expect(renames.count == 1, "\(renames)")
    }

    @Test(
        "a batch with errors among its toggles saves once, its answers in order on one stream",
        .enabled(if: HostCapabilities.canTrace, "needs strace allowed to trace"))
    func errorsDoNotEndTheTurn() throws {
        defer { data.remove() }
        // `back` on the board is an error (stderr): each used to write the batch out, and save, before it.
        // Each round toggles 1 and 2 once: 50 rounds leave none; then 1 is added, so one save in all.
        let script = String(repeating: "fav 1\nback\nfav 2\nback\n", count: 50) + "fav 1\nfavs\n"
        let (run, renames) = try runCountingSaves(script, streamsTogether: true)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(renames.count == 1, "\(renames)")
        // Stdout and stderr on one pipe: each error right after the board it follows, as they were written.
        let refusal = "Nothing to go back to: this is the race list. Type `quit` to leave."
        let lines = run.lines
        let first = try #require(lines.firstIndex(of: refusal))
        #expect(lines[checked: first - 1]?.hasPrefix("  5  ") == true, "after fav 1's board: \(lines.prefix(20))")
        #expect(lines[checked: first + 1] == "Next to Go - all categories", "before fav 2's board")
        #expect(lines.filter { $0 == refusal }.count == 100)
    }

    @Test("killed between piped batches, nothing answered is lost: each batch is saved before its answers")
    func killedBetweenBatches() throws {
        defer { data.remove() }
        let app = try RunningProcess(
            executable: BinaryRunner.binary,
            arguments: [
                "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--data-dir",
                data.url.path,
            ], environment: BinaryRunner.baseEnvironment)
        app.send("fav 1")
        app.expect(shows: "Northfield Park    1m 0s  *")
        app.send("fav 2")
        app.expect(shows: "Healesville       10m 0s  *")
        app.send(signal: SIGKILL)
        _ = try? app.finish(timeout: 10)
        let favourites = try run("favs\n")
        #expect(
            favourites.lines == [
                "Favourites", "  1  H  R7   Northfield Park    1m 0s", "  2  G  R1   Healesville       10m 0s",
            ])
    }

    @Test("show N draws the list, then the sheet under it; fav there; back shows the marker")
    func sheet() throws {
        defer { data.remove() }
        let run = try run("show 2\nfav\nback\n", environment: ["TZ": "UTC"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let rule = String(repeating: "-", count: 80)
        let sheetStart = try #require(run.lines.firstIndex(of: rule))
        #expect(sheetStart == 6, "the list comes first")
        #expect(
            Array(run.lines[checked: sheetStart..<(sheetStart + 10)]) == [
                rule,
                "  Healesville R1 - Kingfisher Bakery Maiden",
                "  Category       greyhound",
                "  Starts         Thu 14 May 00:39:00 GMT (in 10m 0s)",
                "  Venue          Healesville, VIC, AUS",
                "  Distance       520 m",
                "  Track          Good",
                "  Weather        Overcast",
                "  Class          Maiden, $5,500 prize money",
                "  In favourites  no (`fav`, or f in watch)",
            ])
        #expect(run.lines.contains("  Healesville R1 - Kingfisher Bakery Maiden  *"))
        #expect(run.lines.contains("  In favourites  yes (`fav`, or f in watch)"))
        #expect(run.lines.suffix(6).first == "Next to Go - all categories")
        #expect(run.lines.suffix(6).dropFirst().first == "  1  H  R7   Northfield Park    1m 0s")
        #expect(run.lines.last == "  5  G  R3   Ascot Park        15m 0s")
        #expect(run.lines.contains("  2  G  R1   Healesville       10m 0s  *"))
    }

    @Test("a favourite that jumped: 'jumped … ago', and its sheet says it left the board")
    func jumped() throws {
        defer { data.remove() }
        _ = try run("fav 2\n")
        // Healesville R1 started at 1778719140; 65 s later:
        let later = try run("favs\nshow 1\n", now: "1778719205", environment: ["TZ": "Australia/Sydney"])
        #expect(later.status == 0)
        #expect(later.lines[checked: 1] == "  1  G  R1   Healesville  jumped 1m ago")
        #expect(later.lines.contains("  Race started 1m 5s ago - no longer on the board."))
        #expect(later.lines.contains("  Starts         Thu 14 May 10:39:00 AEST (started 1m 5s ago)"))
        #expect(later.lines.contains("  Venue          Healesville, VIC, AUS"), "details come from the feed")
    }

    @Test("a pinned clock days ahead (--now) prunes nothing: the favourites show as jumped, the file is untouched")
    func pinnedClockKeepsEverything() throws {
        defer { data.remove() }
        _ = try run("fav 1\nfav 2\n")
        let file = data.url.appendingPathComponent("favourites.json")
        let before = try Data(contentsOf: file)
        // Two days after both races: every favourite looks old by this clock.
        let later = try run("favs\n", now: String(1_778_718_600 + 2 * 86_400))
        #expect(later.status == 0)
        #expect(
            later.lines == [
                "Favourites", "  1  H  R7   Northfield Park   jumped 2d 0h ago",
                "  2  G  R1   Healesville      jumped 1d 23h ago",
            ])
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("by the real clock, favourites of races over a day gone are pruned, and the file as it was is kept aside")
    func prunedKeepingACopy() throws {
        defer { data.remove() }
        let now = Date().timeIntervalSince1970
        func entry(_ id: String, _ start: TimeInterval) -> String {
            #"{"id": "\#(id)", "meetingName": "Healesville", "number": 1, "category": "greyhound", "advertisedStart": \#(Int(start))}"#
        }
        let original = Data(
            #"{"version": 1, "favourites": [\#(entry("old", now - 3 * 86_400)), \#(entry("soon", now + 600))]}"#.utf8)
        let file = try data.file("favourites.json", contents: original)
        let run = try BinaryRunner.run(["--data-dir", data.url.path, "favs"])
        #expect(run.status == 0)
        #expect(run.lines.count == 2 && run.lines[checked: 1]?.contains("Healesville") == true, "\(run.stdout)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: data.url.path).filter {
            $0.hasPrefix("favourites.json.before-prune-")
        }
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: data.url.appendingPathComponent(aside.first ?? "-")) == original)
        #expect(
            run.stderr.contains(
                "Removed 1 favourite of races that jumped over a day ago; the file as it was is kept at"))
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(!saved.contains("\"old\"") && saved.contains("\"soon\""))
    }

    @Test("at 1,000 favourites, adding another is refused with a message, never acknowledged and dropped later")
    func capRefusesTheNext() throws {
        defer { data.remove() }
        let entries = (0..<1_000).map { index in
            #"{"id": "kept-\#(index)", "meetingName": "Bendigo", "number": 1, "category": "harness", "advertisedStart": \#(1_778_720_000 + index)}"#
        }
        let file = try data.file(
            "favourites.json",
            contents: Data(#"{"version": 1, "favourites": [\#(entries.joined(separator: ","))]}"#.utf8))
        let before = try Data(contentsOf: file)
        let run = try run("fav 1\nfav 2\nfavs\n")
        #expect(run.status == 0)
        let refusal =
            "Could not update favourites in \(file.path): it holds 1000 favourites, the most it keeps; remove one (`unfav N` on `favs`) before adding another. Nothing saved was lost."
        #expect(run.stderr == refusal + "\n" + refusal + "\n")
        #expect(run.lines.filter { $0.contains("Bendigo") }.count == 1_000)
        #expect(!run.lines.contains { $0.hasSuffix("*") }, "no race was marked")
        #expect(try Data(contentsOf: file) == before)
    }

    @Test(
        "a copy stopped (Ctrl-Z) while holding the favourites: a change waits seconds, not forever, says who holds them",
        .enabled(if: LockHolder.canRun))
    func lockHeldByStoppedCopy() throws {
        defer { data.remove() }
        let file = try data.file(
            "favourites.json",
            contents: Data(#"{"version": 1, "favourites": []}"#.utf8))
        let holder = try LockHolder(file: data.url.appendingPathComponent("favourites.lock").path, stopped: true)
        defer { holder.kill() }
        let started = Date()
        let run = try BinaryRunner.run(
            [
                "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--data-dir",
                data.url.path, "--strict",
            ],
            stdin: "fav 1\nfav 2\nfavs\n", timeout: 30)
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 73, "--strict: the changes were not saved")
        let refusal = { (waited: String) in
            "Could not update favourites in \(file.path): another copy of next-to-go (process \(holder.processID), stopped) holds the favourites and has not let go in \(waited); bring it back (`fg` in its terminal) or quit it, then try again. Nothing saved was lost."
        }
        #expect(run.stderr == refusal("3 s") + "\n" + refusal("100 ms") + "\n", "the second waits briefly")
        // 3 s and 100 ms of waiting for the lock, and the rest of the run: seconds, not the 30 s the run is allowed.
        #expect(elapsed < 20)
        #expect(
            run.lines.suffix(2) == ["Favourites", "  No favourites yet. Type `fav N` on the race list to add race N."])
        #expect(try Data(contentsOf: file) == Data(#"{"version": 1, "favourites": []}"#.utf8))
    }

    /// The app as `run` starts it, with no file allowed to grow (`ulimit -f 0`): a full disk, as one process sees it.
    private func runWithNoRoomToWrite(_ stdin: String) throws -> ProcessRunner.Run {
        let arguments = [
            "-c", #"ulimit -f 0; exec "$0" "$@""#, BinaryRunner.binary.path, "--source", RaceListEndToEndTests.tenRaces,
            "--now", RaceListEndToEndTests.now, "--data-dir", data.url.path,
        ]
        return try BinaryRunner.run(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: arguments, stdin: stdin, environment: [:],
            timeout: 30)
    }

    @Test(
        "a damaged file where nothing can be written (a full disk; here `ulimit -f 0`): said at each step, left as it is, no copies pile up"
    )
    func damagedFileWithNoRoom() throws {
        defer { data.remove() }
        let damaged = Data(#"{"favourites": ["#.utf8)
        let file = try data.file("favourites.json", contents: damaged)
        let run = try runWithNoRoomToWrite("favs\nback\nfav 1\nfavs\n")
        #expect(run.status == 0)
        let why = "the repaired file could not be written (File too large)"
        #expect(
            run.stderr == """
                Warning: \(file.path) could not be read; it could not be repaired (\(why)), so it is left as it is.
                Could not update favourites in \(file.path): \(why). Nothing saved was lost.

                """)
        #expect(try Data(contentsOf: file) == damaged)
        let names = try FileManager.default.contentsOfDirectory(atPath: data.url.path).sorted()
        #expect(
            names == ["favourites.json", "favourites.lock", "favourites.queue"],
            "the copy made before each try was taken back")
    }

    /// `/dev/shm`, where it is writable and another file system than the temporary folder's.
    static let otherFileSystem: Bool = {
        let device = { (path: String) in
            (try? FileManager.default.attributesOfItem(atPath: path))?[.systemNumber] as? Int
        }
        guard FileManager.default.isWritableFile(atPath: "/dev/shm"), let shm = device("/dev/shm") else { return false }
        return shm != device(FileManager.default.temporaryDirectory.path)
    }()

    /// A `favourites.json` that links to another file system (a dotfiles disk) cannot be hard-linked aside: the
    /// copy is made byte for byte, and where that fails the message says so.
    @Test(
        "a damaged file on another file system that cannot be copied aside: the message says the copy could not be made",
        .enabled(if: Self.otherFileSystem))
    func damagedFileCopyFails() throws {
        defer { data.remove() }
        let elsewhere = URL(fileURLWithPath: "/dev/shm/next-to-go-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let damaged = Data(#"{"favourites": ["#.utf8)
        try damaged.write(to: elsewhere)
        let file = data.url.appendingPathComponent("favourites.json")
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
        let run = try runWithNoRoomToWrite("favs\nback\nfav 1\n")
        let why = "the copy of it that is kept before any repair could not be made (File too large)"
        #expect(
            run.stderr == """
                Warning: \(file.path) could not be read; it could not be repaired (\(why)), so it is left as it is.
                Could not update favourites in \(file.path): \(why). Nothing saved was lost.

                """)
        #expect(try Data(contentsOf: elsewhere) == damaged)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: data.url.path).sorted() == [
                "favourites.json", "favourites.lock", "favourites.queue",
            ])
    }

    @Test("unfav N on the favourites screen removes it")
    func unfavourite() throws {
        defer { data.remove() }
        let run = try run("fav 1\nfav 3\nfavs\nunfav 1\nlist\n")
        #expect(run.status == 0)
        let favourites = run.lines.indices.filter { run.lines[$0] == "Favourites" }
        try #require(favourites.count == 2)
        #expect(run.lines[checked: favourites[1] + 1] == "  1  H  R4   Flamboro Downs   11m 0s")
        #expect(run.lines.last == "  5  G  R3   Ascot Park        15m 0s")
        #expect(run.lines.contains("  3  H  R4   Flamboro Downs    11m 0s  *"))
    }

    @Test("a damaged favourites file is set aside with a one-line warning naming it; the app carries on")
    func corruptFile() throws {
        defer { data.remove() }
        let file = data.url.appendingPathComponent("favourites.json")
        try Data("{ not json".utf8).write(to: file)
        let run = try run("favs\nlist\nfav 1\n")
        #expect(run.status == 0)
        let aside = data.url.appendingPathComponent("favourites.json.corrupt-20260514T002900Z").path
        #expect(
            run.stderr
                == "Warning: \(file.path) could not be read; the file as it was is kept at \(aside); started with no favourites.\n"
        )
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == "{ not json")
        #expect(run.lines.first == "Favourites")
        #expect(run.lines.last == "  5  G  R3   Ascot Park        15m 0s")
        #expect(run.lines.contains("  1  H  R7   Northfield Park    1m 0s  *"))
    }

    @Test("mistakes on the inner screens: clear messages, the shell carries on")
    func innerScreenErrors() throws {
        defer { data.remove() }
        let run = try run("show 9\nshow 1\nfav 3\nback\nback\nfavs\nunfav 1\nshow x\nsing\n")
        #expect(run.status == 0)
        #expect(
            run.stderr.split(separator: "\n") == [
                "There is no race 9 on the board; choose 1 to 5.",
                "Here `fav` works on this race and takes no number. Type `back` first to pick another race.",
                "Nothing to go back to: this is the race list. Type `quit` to leave.",
                "The favourites list is empty; there is no race to unfav.",
                // The shell reads N before the screen sees it, so a word where N goes gets the usage.
                "Usage: show N, where N is a race's position on the favourites list.",
                "Unknown command 'sing'. Type `help` to see the commands here, or `back` to return.",
            ])
    }

    @Test("the race list's filter, refresh and favs work from the sheet and the favourites: the screens above close")
    func listCommandsFromAbove() throws {
        defer { data.remove() }
        let run = try run("show 1\nfilter harness\nfav 1\nfavs\nshow 1\nfavs\nlist\nshow 2\nrefresh\n")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let headers = run.lines.filter { $0.hasPrefix("Next to Go") || $0 == "Favourites" || $0.hasPrefix("Race ") }
        #expect(headers.first == "Next to Go - all categories")
        #expect(headers.contains("Next to Go - harness"))
        #expect(headers.contains("Favourites"))
        // After `refresh` from the sheet, the last screen drawn is the board, not the sheet.
        #expect(run.lines.suffix(6).first == "Next to Go - harness")
        #expect(run.lines.last == "  5  H  R2   Bendigo           30m 0s")
    }
}
