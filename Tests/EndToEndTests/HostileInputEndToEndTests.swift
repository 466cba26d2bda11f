import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every reproducer of "no input crashes or hangs it": each is a one-race feed derived from one of our feeds,
/// a file on disk, a signal, or an output that cannot be written. Each must end in a board or a clear
/// message with an exit status, never a crash, a hang or a control byte from the input on the screen.
@Suite("next-to-go against hostile input")
struct HostileInputEndToEndTests {
    static let now = "1775887190"  // ten seconds before Angle Park R7, the first race of the five-race feed

    private func run(
        feed: Data, _ commands: String = "", arguments: [String] = ["list"], environment: [String: String] = [:]
    ) throws -> ProcessRunner.Run {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("races.json", contents: feed)
        return try BinaryRunner.run(
            ["--source", "file:\(file.path)", "--now", Self.now] + arguments, stdin: commands,
            environment: environment, timeout: 30)
    }

    private func expectNoCrash(_ run: ProcessRunner.Run, _ comment: Comment? = nil) {
        #expect(!run.stderr.contains("Fatal error"), comment)
        #expect(!run.stderr.contains("Program crashed"), comment)
        #expect(run.status < 128, "ended by a signal: \(run.status)")
    }

    @Test("a start time no clock can hold skips the race with its reason", arguments: [1e19, 1e308, -1e308, 9.3e18])
    func extremeStart(seconds: Double) throws {
        let feed = try Fixtures.oneRace(Fixtures.fiveRaces) { $0["advertised_start"] = ["seconds": seconds] }
        let run = try run(feed: feed)
        expectNoCrash(run)
        #expect(run.status == 0)
        #expect(run.stdout.contains("No upcoming races."))
        #expect(run.stdout.contains("is not between 2000 and 2100"))
    }

    @Test("a race number or distance no race has is never a crash", arguments: [1e19, 1e308, -1e308, 9.3e18, 0, -3])
    func extremeNumbers(value: Double) throws {
        let badNumber = try run(feed: Fixtures.oneRace(Fixtures.fiveRaces) { $0["race_number"] = value })
        expectNoCrash(badNumber)
        #expect(badNumber.stdout.contains("left out (race_number is not a whole number from 1 to 999999)"))

        let badDistance = try run(
            feed: Fixtures.oneRace(Fixtures.fiveRaces) { summary in
                var form = summary["race_form"] as! [String: Any]
                form["distance"] = value
                summary["race_form"] = form
            }, "show 1\n", arguments: [])
        expectNoCrash(badDistance)
        #expect(badDistance.status == 0)
        #expect(badDistance.stdout.contains("  Angle Park R7"), "the race stays; only the distance is not shown")
    }

    @Test("a 3 MB meeting name is shown cut, and the board comes back at once")
    func hugeMeetingName() throws {
        let feed = try Fixtures.oneRace(Fixtures.fiveRaces) {
            $0["meeting_name"] = String(repeating: "😀", count: 800_000)
        }
        let run = try run(feed: feed, "list\nshow 1\n", arguments: [])
        expectNoCrash(run)
        #expect(run.status == 0)
        #expect(run.lines[checked: 1]?.hasPrefix("  1  G  R7   ???") == true)
        #expect(run.lines[checked: 1]?.hasSuffix("...      10s") == true)
        #expect(run.stdout.utf8.count < 10_000, "what is shown is clamped")
        #expect(run.lines.allSatisfy { $0.count <= 80 }, "the sheet's heading is wrapped too")
    }

    @Test("a race comment of one 200,000-letter word is shown cut and wrapped")
    func hugeComment() throws {
        let feed = try Fixtures.oneRace(Fixtures.fiveRaces) { summary in
            var form = summary["race_form"] as! [String: Any]
            form["race_comment"] = String(repeating: "a", count: 200_000)
            summary["race_form"] = form
        }
        let run = try run(feed: feed, arguments: ["show", "1"])
        expectNoCrash(run)
        #expect(run.status == 0)
        #expect(run.stdout.contains("aaa..."), "the cut is marked")
        #expect(run.stdout.utf8.count < 10_000)
        #expect(run.lines.allSatisfy { $0.count <= 80 })
    }

    @Test("a lone surrogate or bytes that are not UTF-8 cost only the field they are in, not the feed")
    func brokenText() throws {
        let surrogate = try Fixtures.oneRace(Fixtures.fiveRaces, replacing: ["SURROGATE": "\\ud800"]) {
            $0["unused_field"] = "SURROGATE"
        }
        let kept = try run(feed: surrogate)
        #expect(kept.status == 0)
        #expect(kept.lines[checked: 1] == "  1  G  R7   Angle Park      10s")

        var bytes = [UInt8](try Fixtures.oneRace(Fixtures.fiveRaces) { $0["meeting_name"] = "AngleXX" })
        let marker = [UInt8]("XX".utf8)
        let at = try #require((0..<bytes.count - 1).first { bytes[$0] == marker[0] && bytes[$0 + 1] == marker[1] })
        bytes.replaceSubrange(at..<(at + 2), with: [0xFF, 0xC3])
        let mended = try run(feed: Data(bytes))
        #expect(mended.status == 0)
        #expect(mended.lines[checked: 1]?.hasPrefix("  1  G  R7   Angle??") == true)
    }

    @Test(
        "--json carries no bidi override, C1 control, DEL or zero-width mark from the feed; the rest of the text stays")
    func jsonIsCleaned() throws {
        let hostile = "Angle\u{202E}kraP\u{202C} \u{85}Park\u{7F}\u{200B}\u{2028}"
        let feed = try Fixtures.oneRace(Fixtures.fiveRaces) {
            $0["meeting_name"] = hostile
            $0["race_name"] = "Line one\nline\ttwo \u{9B}2J"
        }
        let run = try run(feed: feed, "list\nshow 1\n", arguments: ["--json"])
        #expect(run.status == 0)
        for scalar in run.stdout.unicodeScalars where scalar != "\n" {
            #expect(!(0x7F...0x9F).contains(scalar.value), "control \(scalar.value) printed")
            #expect(scalar.properties.generalCategory != .format, "format character \(scalar.value) printed")
            #expect(scalar.properties.generalCategory != .lineSeparator)
            #expect(scalar.properties.generalCategory != .control, "raw control \(scalar.value) printed")
        }
        let sheet = try #require(run.stdout.split(separator: "\n").last)
        let race = try #require(
            (try JSONSerialization.jsonObject(with: Data(sheet.utf8)) as? [String: Any])?["race"] as? [String: Any])
        #expect(race["meeting"] as? String == "AnglekraP Park")
        #expect(race["name"] as? String == "Line one\nline\ttwo 2J", "line breaks and tabs stay, escaped by JSON")
    }

    @Test(
        "a locale variable that is no locale name is ignored with a warning, never handed to ICU (it crashed there)",
        arguments: ["LANG", "LC_ALL", "LC_TIME"])
    func invalidLocale(variable: String) throws {
        let run = try BinaryRunner.run(
            ["--now", Self.now, "show", "1"], environment: [variable: "ééééééé", "TZ": "UTC"], timeout: 30)
        expectNoCrash(run)
        #expect(run.status == 0)
        #expect(run.stdout.contains("  Starts         "))
        #expect(
            run.stderr.contains("\(variable)='eeeeeee' is not a locale name; it is ignored, and the C locale is used."))
    }

    @Test("what the user types is echoed only cleaned: an escape sequence is named, never obeyed")
    func typedEscapes() throws {
        let run = try BinaryRunner.run(
            ["--now", Self.now], stdin: "\u{1B}]0;pwned\u{07}\nfilter \u{1B}[2Jx\n\u{1B}[A\n")
        expectNoCrash(run)
        for scalar in run.stderr.unicodeScalars where scalar != "\n" {
            #expect(scalar.properties.generalCategory != .control, "control byte \(scalar.value) echoed")
        }
        #expect(run.stderr.contains("Unknown command '^[]0;pwned^G' (a control key or escape sequence)."))
        #expect(run.stderr.contains("Unknown command '^[[A' (a control key or escape sequence)."))
        #expect(!run.stderr.contains("''"))
        #expect(run.stderr.contains("Unknown category '^[[2Jx'."))

        let option = try BinaryRunner.run(["--now", "1\u{1B}[31m", "list"])
        #expect(option.status == 64)
        #expect(option.stderr.contains("--now '1^[[31m' is not valid"))
        let source = try BinaryRunner.run(["--source", "x\u{1B}]0;t\u{07}", "list"])
        #expect(source.status == 64)
        #expect(source.stderr.contains("--source 'x^[]0;t^G' is not valid"))
    }

    @Test("stdout that cannot be written ends the app quietly with status 74", arguments: ["> /dev/full", ">&-"])
    func unwritableOutput(redirect: String) throws {
        let command = "printf 'list\\nshow 1\\n' | '\(BinaryRunner.binary.path)' --now \(Self.now) \(redirect)"
        let run = try BinaryRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command], stdin: "", environment: [:],
            timeout: 30)
        expectNoCrash(run)
        #expect(run.status == 74)
        #expect(run.stderr.isEmpty, "quietly: \(run.stderr)")
    }

    @Test(
        "a reader that went away ends the app with 74, whether SIGPIPE came ignored (as Python's subprocess leaves it) or at its default",
        arguments: ["SIG_IGN", "SIG_DFL"])
    func closedPipe(disposition: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let errors = directory.url.appendingPathComponent("stderr").path
        let lists = String(repeating: "list\\n", count: 500)
        // Python sets the disposition and execs the app: a shell cannot reset a signal it was started ignoring.
        let launcher =
            "import os, signal, sys; signal.signal(signal.SIGPIPE, signal.\(disposition)); os.execv(sys.argv[1], sys.argv[1:])"
        let command =
            "printf '\(lists)' | python3 -c '\(launcher)' '\(BinaryRunner.binary.path)' --now \(Self.now) 2>'\(errors)' | true; echo ${PIPESTATUS[1]}; cat '\(errors)'"
        let run = try BinaryRunner.run(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", command], stdin: "", environment: [:],
            timeout: 30)
        #expect(run.lines.first == "74")
        #expect(run.lines.count == 1, "nothing on stderr: \(run.stdout)")
    }

    @Test("stderr that cannot be written costs the messages, not the run")
    func unwritableErrors() throws {
        let command = "'\(BinaryRunner.binary.path)' --now \(Self.now) filter cats 2>/dev/full; echo status=$?"
        let run = try BinaryRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command], stdin: "", environment: [:],
            timeout: 30)
        #expect(run.stdout.hasSuffix("status=64\n"), "the command's own status still tells: \(run.stdout)")
    }

    @Test(
        "Ctrl-\\ (SIGQUIT), SIGTERM and SIGHUP end the app cleanly with 128 + the signal, no backtrace",
        arguments: [SIGQUIT, SIGTERM, SIGHUP])
    func signals(number: Int32) throws {
        let process = try RunningProcess(
            executable: BinaryRunner.binary, arguments: ["--now", Self.now], environment: BinaryRunner.baseEnvironment)
        process.send("list")
        process.expect(shows: "Next to Go")
        process.send(signal: number)
        // Input stays open: the app must leave because of the signal, not because input ended.
        process.expectExit()
        let run = try process.finish(timeout: 10)
        #expect(run.status == 128 + number)
        #expect(!run.stderr.contains("crashed"))
        #expect(!run.stderr.contains("Backtrace"))
    }

    @Test("a favourites file with a start no clock can hold: that entry is dropped with a warning, the rest shown")
    func implausibleFavourite() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let good =
            #"{"id": "good", "meetingName": "Sandown Park", "number": 9, "category": "greyhound", "advertisedStart": 1775887380}"#
        let bad =
            #"{"id": "bad", "meetingName": "Sandown Park", "number": 10, "category": "greyhound", "advertisedStart": 1e19}"#
        _ = try data.file("favourites.json", contents: Data(#"{"version": 1, "favourites": [\#(good), \#(bad)]}"#.utf8))
        let run = try BinaryRunner.run(["--now", Self.now, "--data-dir", data.url.path, "favs"], timeout: 30)
        expectNoCrash(run)
        #expect(run.status == 0)
        #expect(run.stderr.contains("1 entry in \(data.url.path)/favourites.json made no sense"))
        #expect(run.stdout.contains("Sandown Park"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: data.url.path)
        #expect(kept.contains { $0.hasPrefix("favourites.json.before-repair-") }, "the file as it was is kept")
    }

    @Test("a blackbook file of hostile entries: each dropped with its reason, the rest shown clean, the file kept")
    func hostileBlackbook() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let entries = [
            #"{"kind": "rider", "name": "Casey\u001b[2J Merriman", "note": "bell\u0007 rings", "followedAt": 1764300000}"#,
            #"{"kind": "owner", "name": "Nobody", "followedAt": 1764300000}"#,
            #"{"kind": "runner", "name": "Too Late", "followedAt": 1e300}"#,
            #"{"kind": "runner", "name": "\#(String(repeating: "n", count: 2_000))", "followedAt": 1764300000}"#,
        ]
        var bytes = Data(#"{"version": 1, "blackbook": [\#(entries.joined(separator: ","))], "x": ""#.utf8)
        bytes += Data([0xFF, 0xFE]) + Data(#""}"#.utf8)
        _ = try data.file("blackbook.json", contents: bytes)
        let run = try BinaryRunner.run(
            ["--now", BlackbookEndToEndTests.now, "--data-dir", data.url.path, "book"], timeout: 30)
        expectNoCrash(run)
        #expect(run.status == 0)
        #expect(run.stderr.contains("3 entries in \(data.url.path)/blackbook.json made no sense"), "\(run.stderr)")
        #expect(run.stdout.contains("Blackbook (1)"), "\(run.stdout)")
        #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(run.stdout)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: data.url.path)
        #expect(kept.contains { $0.hasPrefix("blackbook.json.before-repair-") }, "the file as it was is kept")
    }
}
