import Foundation
import TestSupport
import Testing

/// `--start-at`: the clock starts where it is told and runs on, so a run can begin just before a race and watch it
/// come to the jump. Each frame is checked against the one before, never against the wall clock: a busy machine
/// draws late, and the countdown still only goes down.
@Suite("next-to-go --start-at end to end")
struct StartedClockEndToEndTests {
    /// The race day's board at a pinned instant (`BlackbookEndToEndTests`), to find a race still to start.
    static let pinned = "1764310000"

    /// The first race on the board still to start at the pinned instant.
    private func nextRace() throws -> (id: String, start: Int, meeting: String, number: Int) {
        let run = try BinaryRunner.run(["--json", "--now", Self.pinned, "list"])
        #expect(run.status == 0, "\(run.stderr)")
        let board = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let races = try #require(board["races"] as? [[String: Any]])
        let race = try #require(races.first { ($0["secondsToStart"] as? Int ?? 0) > 0 })
        return (
            try #require(race["id"] as? String), try #require(race["startUnix"] as? Int),
            try #require(race["meeting"] as? String), try #require(race["raceNumber"] as? Int)
        )
    }

    @Test("--start-at five seconds before a race: watch 3 in a pipe counts it down, frame by frame")
    func countsDown() throws {
        let race = try nextRace()
        let startAt = String(race.start - 5)

        let json = try BinaryRunner.run(["--json", "--start-at", startAt], stdin: "watch 3\n")
        #expect(json.status == 0, "\(json.stderr)")
        let frames = try json.lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(frames.map { $0["type"] as? String } == ["board", "board", "board"])
        let seconds = frames.map { frame in
            (frame["races"] as? [[String: Any]])?.first { $0["id"] as? String == race.id }?["secondsToStart"] as? Int
        }
        #expect(seconds.allSatisfy { $0 != nil }, "the race is on every frame: \(seconds)")
        let counted = seconds.compactMap { $0 }
        #expect(counted.first.map { $0 <= 5 } == true, "\(counted)")
        #expect(zip(counted, counted.dropFirst()).allSatisfy { $0 > $1 }, "the countdown goes down: \(counted)")

        let text = try BinaryRunner.run(["--start-at", startAt], stdin: "watch 3\n")
        #expect(text.status == 0, "\(text.stderr)")
        // "  1  H  R3   Alexandra Park   Fav 2.30       5s": the row's last word is its countdown.
        let rows = text.lines.filter { $0.contains("R\(race.number) ") && $0.contains(race.meeting) }
        let countdowns = rows.compactMap { row in
            row.split(separator: " ").last.flatMap { Int($0.dropLast()) }
        }
        #expect(countdowns.count == 3, "\(text.lines)")
        #expect(zip(countdowns, countdowns.dropFirst()).allSatisfy { $0 > $1 }, "\(rows)")
    }

    @Test("--now and --start-at together are a usage error, said plainly; so is a time out of range")
    func withNow() throws {
        let both = try BinaryRunner.run(["--now", Self.pinned, "--start-at", Self.pinned, "list"])
        #expect(both.status == 64)
        #expect(
            both.stderr
                == "next-to-go: --start-at cannot be given with --now: --now pins the clock, --start-at starts it running; give one of them. Run `next-to-go --help` for usage.\n"
        )
        #expect(both.stdout == "")
        let json = try BinaryRunner.run(["--json", "--start-at", Self.pinned, "--now", Self.pinned, "list"])
        #expect(json.status == 64)
        #expect(json.stderr.hasPrefix(#"{"error":{"code":64,"message":"--now cannot be given with --start-at"#))
        let early = try BinaryRunner.run(["--start-at", "5", "list"])
        #expect(early.status == 64)
        #expect(
            early.stderr.hasPrefix(
                "next-to-go: --start-at '5' is not valid: expected Unix seconds from 946684800 (2000)"))
    }
}
