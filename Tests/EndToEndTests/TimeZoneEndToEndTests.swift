import Foundation
import TestSupport
import Testing

/// Times are read from the system's zone database (libc), not ICU: the program CI builds for release carries no
/// ICU at all, and these run on it too. Across Australia's end of summer time (Sunday 5 April 2026, 3am AEDT
/// becomes 2am AEST) a sheet says the hour that comes twice by its two names.
@Suite("Local times from the zone database")
struct TimeZoneEndToEndTests {
    /// 15:00 UTC, 4 April 2026: the first 2am in Sydney, an hour before the clocks go back.
    static let beforeChange = "1775314800"
    /// 16:00 UTC: Sydney is on standard time again.
    static let afterChange = "1775318400"

    @Test(
        "a race's start in the zone the user is in, named as people there name it",
        arguments: [
            ("Australia/Sydney", "Sun 5 Apr 02:00:00 AEDT", "Sun 5 Apr 02:10:00 AEST"),
            ("Australia/Perth", "Sat 4 Apr 23:00:00 AWST", "Sun 5 Apr 00:10:00 AWST"),
            ("Pacific/Auckland", "Sun 5 Apr 03:00:00 NZST", "Sun 5 Apr 04:10:00 NZST"),
            ("Asia/Hong_Kong", "Sat 4 Apr 23:00:00 HKT", "Sun 5 Apr 00:10:00 HKT"),
            ("Europe/London", "Sat 4 Apr 16:00:00 BST", "Sat 4 Apr 17:10:00 BST"),
            ("America/New_York", "Sat 4 Apr 11:00:00 EDT", "Sat 4 Apr 12:10:00 EDT"),
            ("Asia/Dubai", "Sat 4 Apr 19:00:00 GMT+4", "Sat 4 Apr 20:10:00 GMT+4"),
            ("Asia/Kathmandu", "Sat 4 Apr 20:45:00 GMT+5:45", "Sat 4 Apr 21:55:00 GMT+5:45"),
        ])
    func namedZones(zone: String, before: String, after: String) throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        for (now, start) in [(Self.beforeChange, before), (Self.afterChange, after)] {
            let run = try BinaryRunner.run(
                ["--no-config", "--data-dir", data.url.path, "--now", now, "show", "1"], environment: ["TZ": zone])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            #expect(
                run.lines.contains { $0.hasPrefix("  Starts         \(start) (") }, "\(zone) at \(now): \(run.stdout)")
        }
    }

    @Test("no TZ, and the system's zone UTC: said once, at the start; a TZ that names UTC, or another zone, is not")
    func utcByDefault() throws {
        let note = "Times are shown in UTC, this system's zone: TZ is not set (TZ=Australia/Sydney shows Sydney's)."
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let arguments = ["--no-config", "--data-dir", data.url.path, "--now", Self.afterChange]
        // An empty TZ is UTC on every libc: the zone no one chose.
        let empty = try BinaryRunner.run(arguments, stdin: "show 1\nmeeting 1\n", environment: ["TZ": ""])
        #expect(empty.status == 0)
        #expect(empty.stderr.split(separator: "\n") == [Substring(note)], "\(empty.stderr)")
        #expect(empty.lines.contains { $0.hasPrefix("  Starts         Sat 4 Apr 16:10:00 UTC (") }, "\(empty.stdout)")
        for zone in ["UTC", "Etc/UTC", "Australia/Sydney"] {
            let chosen = try BinaryRunner.run(arguments + ["show", "1"], environment: ["TZ": zone])
            #expect(chosen.stderr.isEmpty, "\(zone): \(chosen.stderr)")
        }
        // No TZ at all: the machine's zone decides (a container's is UTC, or none).
        let unset = try ProcessRunner.run(
            executable: BinaryRunner.binary, arguments: arguments + ["list"], stdin: "",
            environment: BinaryRunner.baseEnvironment.filter { $0.key != "TZ" }, timeout: 60)
        let machineIsUTC = Self.machineZoneIsUTC
        #expect(unset.stderr.contains(note) == machineIsUTC, "machine zone UTC: \(machineIsUTC); \(unset.stderr)")
    }

    /// Whether /etc/localtime is missing or links to UTC itself, as the app reads it.
    static var machineZoneIsUTC: Bool {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime") else {
            return !FileManager.default.fileExists(atPath: "/etc/localtime")
        }
        let zone = target.components(separatedBy: "zoneinfo/").last ?? target
        return ["UTC", "Etc/UTC", "UCT", "Etc/UCT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu", "GMT", "Etc/GMT"]
            .contains(zone)
    }

    @Test("a TZ naming no zone is said, and the times are UTC by that name; one written out as a rule is kept")
    func unknownZone() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let arguments = ["--no-config", "--data-dir", data.url.path, "--now", Self.afterChange, "show", "1"]
        let unknown = try BinaryRunner.run(arguments, environment: ["TZ": "Nowhere/Land"])
        #expect(unknown.status == 0)
        #expect(
            unknown.lines.contains { $0.hasPrefix("  Starts         Sat 4 Apr 16:10:00 UTC (") }, "\(unknown.stdout)")
        #expect(
            unknown.stderr.contains("TZ names no time zone this system has ('Nowhere/Land'); times are shown in UTC."),
            "\(unknown.stderr)")

        let rule = try BinaryRunner.run(arguments, environment: ["TZ": "AEST-10AEDT,M10.1.0,M4.1.0/3"])
        #expect(rule.stderr.isEmpty, "\(rule.stderr)")
        #expect(rule.lines.contains { $0.hasPrefix("  Starts         Sun 5 Apr 02:10:00 AEST (") }, "\(rule.stdout)")
    }

    @Test("a TZ naming a FIFO, a terminal or a folder is never opened: UTC, said once, and the run ends")
    func zoneThatIsNoFile() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        // Named like a rule (a digit in it), so that only what is at the path tells it apart.
        let fifo = data.url.appendingPathComponent("zone5").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let arguments = ["--no-config", "--data-dir", data.url.path, "--now", Self.afterChange, "show", "1"]
        for tz in [":" + fifo, fifo, ":/dev/tty", "/dev/tty", ":" + data.url.path, ":/dev/stdin"] {
            let run = try BinaryRunner.run(arguments, environment: ["TZ": tz], timeout: 30)
            #expect(run.status == 0, "TZ=\(tz): \(run.stderr)")
            #expect(
                run.lines.contains { $0.hasPrefix("  Starts         Sat 4 Apr 16:10:00 UTC (") },
                "TZ=\(tz): \(run.stdout)")
            #expect(
                run.stderr.components(separatedBy: "times are shown in UTC.").count == 2,
                "once: TZ=\(tz): \(run.stderr)")
        }
    }
}
