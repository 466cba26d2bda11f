import Core
import Files
import Foundation
import RaceData
import TestSupport
import Testing

@testable import RaceDataLive

@Suite("Snapshot replay")
struct SnapshotReplayTests {
    let capture: RaceFeed
    let launch = Date(timeIntervalSince1970: 2_000_000_000)

    init() throws {
        capture = try NedsFeedDecoder().decode(Fixtures.data(Fixtures.tenRaces), source: "capture")
    }

    private var captureStarts: [TimeInterval] {
        capture.races.map(\.advertisedStart.timeIntervalSince1970).sorted()
    }

    @Test("the earliest race jumps two minutes after launch and spacing is kept")
    func shiftedToLaunch() throws {
        let replay = SnapshotReplay(capture: capture.races, launch: launch)
        let passSpan = captureStarts.last! - captureStarts.first!
        let firstPass = replay.races(at: launch).filter {
            $0.advertisedStart.timeIntervalSince1970 <= launch.timeIntervalSince1970 + 120 + passSpan
        }
        #expect(firstPass.count == capture.races.count)
        let starts = firstPass.map(\.advertisedStart.timeIntervalSince1970).sorted()
        #expect(starts.first == launch.timeIntervalSince1970 + 120)
        let offsets = zip(starts, captureStarts).map { $0 - $1 }
        #expect(Set(offsets).count == 1)
    }

    @Test("later passes loop the capture, shifted again, with distinct ids")
    func loops() throws {
        let replay = SnapshotReplay(capture: capture.races, launch: launch)
        let races = replay.races(at: launch)
        #expect(Set(races.map(\.id)).count == races.count)
        let span = captureStarts.last! - captureStarts.first!
        let secondPassStart = launch.timeIntervalSince1970 + 120 + span + SnapshotReplay.gapBetweenPasses
        let secondPass = races.filter {
            (secondPassStart..<(secondPassStart + span + 1)).contains($0.advertisedStart.timeIntervalSince1970)
        }
        #expect(secondPass.count == capture.races.count)
        #expect(
            secondPass.allSatisfy { race in
                race.id
                    == SnapshotReplay.replayID(
                        of: capture.races.first { race.id.hasPrefix($0.id + "@") }!, startingAt: race.advertisedStart)
            })
        let secondStart = secondPass.map(\.advertisedStart.timeIntervalSince1970).min()!
        #expect(secondStart == launch.timeIntervalSince1970 + 120 + span + SnapshotReplay.gapBetweenPasses)
    }

    @Test(
        "every category has twenty upcoming races (the largest board) at any time of day",
        arguments: [0.0, 600, 3_601, 86_400 * 3 + 17] as [Double])
    func neverRunsDry(after seconds: Double) {
        let replay = SnapshotReplay(capture: capture.races, launch: launch)
        let now = launch.addingTimeInterval(seconds)
        let races = replay.races(at: now)
        for category in RaceCategory.allCases {
            let upcoming = races.filter { $0.category == category }
            #expect(upcoming.count >= SnapshotReplay.racesPerCategory, "\(category) at +\(seconds)s")
        }
        #expect(races.allSatisfy { $0.advertisedStart.addingTimeInterval(60) > now })
    }

    @Test("the service follows its clock")
    func serviceUsesClock() throws {
        let clock = ManualClock(launch.timeIntervalSince1970)
        let service = SnapshotRaceService(capture: capture, clock: clock, launch: clock.now())
        let first = try service.fetchRaces().races.map(\.advertisedStart).min()!
        clock.advance(by: 120 + 60)
        let later = try service.fetchRaces().races.map(\.advertisedStart).min()!
        #expect(later > first)
    }

    @Test("the embedded race day is our own feed: every race usable, none left out, every start on the minute")
    func embedded() throws {
        let service = try SnapshotRaceService.embedded(clock: ManualClock(launch.timeIntervalSince1970))
        let feed = try service.fetchRaces()
        #expect(feed.skipped.isEmpty, "the first board of a new user carries no warning")
        #expect(!feed.races.isEmpty)
        let day = try NedsFeedDecoder().decode(Fixtures.raceDay, source: "race day")
        #expect(day.skipped.isEmpty)
        #expect(
            day.races.allSatisfy { $0.advertisedStart.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0 })
        let categories = Dictionary(grouping: day.races, by: \.category).mapValues(\.count)
        #expect(categories.values.allSatisfy { $0 >= 60 }, "\(categories)")
        #expect(
            Set(day.races.compactMap(\.venue.country)).isSuperset(of: ["AUS", "NZ", "HK", "UK", "USA", "CA", "JPN"]))
    }

    /// A search or `list all` in the morning finds tonight's races: every meeting of the day is in sight.
    @Test("over a whole day, every few minutes: no race twice, every board full, starts on the minute, all in sight")
    func wholeDay() throws {
        let clock = ManualClock(1_795_000_000)
        let service = try SnapshotRaceService.embedded(clock: clock)
        let day = try NedsFeedDecoder().decode(Fixtures.raceDay, source: "race day").races
        for _ in 0..<(24 * 60 / 7) {
            clock.advance(by: 7 * 60 + 13)
            let races = try service.fetchRaces().races
            let now = clock.now()
            #expect(Set(races.map(\.id)).count == races.count, "an id twice at \(now)")
            let meetingRaces = races.map { "\($0.meetingName) R\($0.number)" }
            #expect(Set(meetingRaces).count == meetingRaces.count, "a race twice at \(now)")
            for category in RaceCategory.allCases {
                #expect(
                    races.count { $0.category == category } >= SnapshotReplay.racesPerCategory, "\(category) at \(now)")
            }
            #expect(
                races.allSatisfy { $0.advertisedStart.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0 })
            #expect(races.allSatisfy { $0.advertisedStart > now.addingTimeInterval(-Race.boardExpiryDelay) })
            #expect(races.map(\.advertisedStart) == races.map(\.advertisedStart).sorted())
            #expect(Set(races.map(\.meetingName)) == Set(day.map(\.meetingName)), "a meeting out of sight at \(now)")
            #expect(races.count >= day.count - 10, "the day ahead, less what jumped a minute or two ago: \(now)")
        }
    }

    /// `meetings` lists the day whole: the races run as well as those to run, each race once, with the board's ids.
    @Test("over a whole day: every meeting once and whole, its races in order, the board's races among them")
    func meetingsOfTheDay() throws {
        let clock = ManualClock(1_795_000_000)
        let board = try SnapshotRaceService.embedded(clock: clock)
        let cards = SnapshotRaceCardService(clock: clock)
        let day = try NedsFeedDecoder().decode(Fixtures.raceDay, source: "race day").races
        let meetingNames = Set(day.map { "\($0.category)|\($0.meetingName)" })
        for _ in 0..<(24 * 60 / 17) {
            clock.advance(by: 17 * 60 + 31)
            let now = clock.now()
            let listed = try cards.raceDay(at: now)
            #expect(listed.meetings.count == meetingNames.count, "meetings at \(now)")
            #expect(listed.races.count == day.count, "races at \(now)")
            #expect(Set(listed.races.map(\.id)).count == day.count)
            for meeting in listed.meetings {
                #expect(meeting.races.map(\.number) == meeting.races.map(\.number).sorted())
                // Whole: from its first race to its last within a racing session, never split across days.
                let span = meeting.races.last!.advertisedStart.timeIntervalSince(meeting.races.first!.advertisedStart)
                #expect(span < 12 * 3_600, "\(meeting.id) spans \(span) s at \(now)")
                // The run nearest now: never more than half a day off.
                let first = meeting.races.first!.advertisedStart, last = meeting.races.last!.advertisedStart
                #expect(first < now.addingTimeInterval(12 * 3_600) && last > now.addingTimeInterval(-12 * 3_600 - 60))
            }
            // Every race the board has that jumps within the next six hours is on the list, by the same id.
            let soon = try board.fetchRaces().races.filter { $0.advertisedStart < now.addingTimeInterval(6 * 3_600) }
            #expect(Set(soon.map(\.id)).isSubset(of: listed.races.map(\.id)), "the board's races at \(now)")
            // Races run stand as run; those to come are open.
            for race in listed.races {
                let standing = listed.standings[race.id]?.last { ($0.from ?? .distantPast) <= now }
                if race.advertisedStart > now {
                    #expect(standing == nil || standing?.status == .abandoned, "\(race.id) at \(now)")
                } else if now.timeIntervalSince(race.advertisedStart) > 60 {
                    #expect(standing?.status != .open, "\(race.id) at \(now)")
                }
            }
        }
    }

    @Test("copies made at different times agree at the same instant: the same races with the same ids")
    func anchoredToTheClock() throws {
        let first = ManualClock(1_795_000_000)
        let second = ManualClock(1_795_000_000 - 3_600 * 5)
        let early = try SnapshotRaceService.embedded(clock: second)
        _ = try early.fetchRaces()
        second.advance(by: 3_600 * 5)
        let late = try SnapshotRaceService.embedded(clock: first)
        #expect(try early.fetchRaces().races.map(\.id) == late.fetchRaces().races.map(\.id))
        // A day later the same races run again, as other races: their ids carry the day's start.
        let today = try late.fetchRaces().races
        first.advance(by: RaceDayReplay.day)
        let tomorrow = try late.fetchRaces().races
        #expect(tomorrow.map(\.meetingName) == today.map(\.meetingName))
        #expect(Set(tomorrow.map(\.id)).isDisjoint(with: today.map(\.id)))
    }
}

@Suite("File source")
struct FileRaceServiceTests {
    @Test("reads the file as it is, on every fetch")
    func readsFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("races.json", contents: Fixtures.data(Fixtures.fiveRaces))
        let service = FileRaceService(path: file.path)
        #expect(try service.fetchRaces().races.count == 5)
        try Fixtures.data(Fixtures.tenRacesB).write(to: file)
        #expect(try service.fetchRaces().races.count == 10)
    }

    @Test("a missing file or a directory is 'unavailable', naming the path")
    func unreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.url.appendingPathComponent("nope.json").path
        #expect(throws: RaceDataError.unavailable(source: "file \(missing)", reason: "no such file")) {
            try FileRaceService(path: missing).fetchRaces()
        }
        #expect(
            throws: RaceDataError.unavailable(
                source: "file \(directory.url.path)", reason: "it is a directory, not a file")
        ) {
            try FileRaceService(path: directory.url.path).fetchRaces()
        }
    }

    @Test("a file bigger than the cap is refused; an endless device or a FIFO is not read at all")
    func tooLarge() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("big.json", contents: Data(count: 2048))
        #expect(throws: RaceDataError.tooLarge(source: "file \(file.path)", limit: 1024)) {
            try FileRaceService(path: file.path, maximumBytes: 1024).fetchRaces()
        }
        #expect(
            throws: RaceDataError.unavailable(source: "file /dev/zero", reason: "it is not a regular file")
        ) {
            try FileRaceService(path: "/dev/zero").fetchRaces()
        }
        // Opening a FIFO with no writer would wait forever.
        let fifo = directory.url.appendingPathComponent("feed.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(throws: RaceDataError.unavailable(source: "file \(fifo)", reason: "it is not a regular file")) {
            try FileRaceService(path: fifo).fetchRaces()
        }
    }

    @Test("a feed of megabytes, read a stretch at a time, gives what its bytes give")
    func readInStretches() throws {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.evening)) as? [String: Any]
        let summaries = try #require((document?["data"] as? [String: Any])?["race_summaries"] as? [String: Any])
        var copies: [String: Any] = [:]
        for copy in 0..<30 {
            for (key, summary) in summaries {
                var race = summary as? [String: Any] ?? [:]
                if race["race_id"] is String { race["race_id"] = "\(key)-\(copy)" }
                copies["\(key)-\(copy)"] = race
            }
        }
        let data = try JSONSerialization.data(withJSONObject: ["data": ["race_summaries": copies]])
        try #require(data.count > 2_000_000, "several of the file's 256 KB reads")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("big.json", contents: data)
        let service = FileRaceService(path: file.path)
        let fromFile = try service.fetchRaces()
        #expect(fromFile.races.count == 30 * 43)
        #expect(fromFile == (try NedsFeedDecoder().decode(data, source: service.sourceDescription)))
    }

    @Test("a feed file that starts with a byte order mark reads as one without")
    func byteOrderMark() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let data = try Fixtures.data(Fixtures.fiveRaces)
        let file = try directory.file("bom.json", contents: Data([0xEF, 0xBB, 0xBF]) + data)
        #expect(
            try FileRaceService(path: file.path).fetchRaces().races == NedsFeedDecoder().decode(data, source: "").races)
    }

    @Test("a feed that gains bytes after it is opened: past the cap it is too large, within it what it then holds")
    func feedGrownWhileRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let data = try Fixtures.data(Fixtures.fiveRaces)
        for (extra, limit) in [(4096, data.count), (3, data.count + 100)] {
            let file = try directory.file("grown.json", contents: data)
            let bytes = try RegularFile.stream(file.path, maximumBytes: limit)
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: extra))
            try handle.close()
            let fileError = { (failure: RegularFile.Failure) in
                failure.raceDataError(source: "grown", notRegularReason: "")
            }
            #expect(
                throws: extra > limit - data.count
                    ? RaceDataError.tooLarge(source: "grown", limit: limit)
                    : RaceDataError.invalidFeed(
                        source: "grown", reason: "it is not valid JSON (starts \"{\"status\":200,\"data\":{\"n\")")
            ) {
                try FileRaceService.feed(in: bytes, format: NedsFeedDecoder(), source: "grown", fileError: fileError)
            }
        }
    }

    @Test("a file that grows past the cap after it is opened stops there, too large; the bound of a tail holds")
    func grownWhileRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("feed.json", contents: Data(repeating: 0x20, count: 1024))
        // Opened and checked at 1024 bytes, read only when asked: by then the file has grown.
        let bytes = try RegularFile.stream(file.path, maximumBytes: 1024)
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0x20, count: 4096))
        try handle.close()
        bytes.readToEnd()
        #expect(bytes.readFailure == .tooLarge(limit: 1024))
        #expect(bytes.count == 1025, "the byte past the cap tells it")
        #expect(try RegularFile.tail(file.path, maximumBytes: 1024).count == 1024)
    }

    @Test("a file that is not a feed is 'invalid', naming the path")
    func invalid() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("bad.json", contents: Data("hello".utf8))
        #expect(
            throws: RaceDataError.invalidFeed(
                source: "file \(file.path)", reason: "it is not valid JSON (starts \"hello\")")
        ) {
            try FileRaceService(path: file.path).fetchRaces()
        }
    }
}

@Suite("--source values")
struct RaceSourceTests {
    @Test("accepted forms")
    func accepted() {
        #expect(RaceSource(argument: "snapshot") == .snapshot)
        #expect(RaceSource(argument: "file:/tmp/a b.json") == .file(path: "/tmp/a b.json"))
        #expect(RaceSource(argument: "file:races.json") == .file(path: "races.json"))
        #expect(
            RaceSource(argument: "http://127.0.0.1:8080/races.json")
                == .http(URL(string: "http://127.0.0.1:8080/races.json")!))
        #expect(RaceSource(argument: HTTPRaceService.nedsURL.absoluteString) == .http(HTTPRaceService.nedsURL))
    }

    @Test("neds is the live API asked for its most races; a nextraces URL asking for fewer is asked for 45")
    func nedsAndCount() {
        let neds = "https://api.neds.com.au/rest/v1/racing/?method=nextraces&count=45"
        #expect(RaceSource(argument: "neds") == .http(URL(string: neds)!))
        #expect(RaceSource(argument: "NEDS") == .http(URL(string: neds)!))
        let asked = { (typed: String) in RaceSource(argument: typed)?.description }
        #expect(asked("https://api.neds.com.au/rest/v1/racing/?method=nextraces&count=10") == neds)
        #expect(asked("https://api.neds.com.au/rest/v1/racing/?method=nextraces") == neds)
        #expect(
            asked("http://127.0.0.1:9/x?count=3&method=nextraces") == "http://127.0.0.1:9/x?method=nextraces&count=45")
        #expect(
            asked("http://127.0.0.1:9/x?method=nextraces&count=ten") == "http://127.0.0.1:9/x?method=nextraces&count=45"
        )
        // Asking for as many or more, or another method, or no query: the URL as typed.
        #expect(
            asked("http://127.0.0.1:9/x?method=nextraces&count=100")
                == "http://127.0.0.1:9/x?method=nextraces&count=100")
        #expect(asked("http://127.0.0.1:9/x?method=meetings&count=3") == "http://127.0.0.1:9/x?method=meetings&count=3")
        #expect(asked("http://127.0.0.1:9/races.json") == "http://127.0.0.1:9/races.json")
    }

    @Test("rejected forms", arguments: ["", "snap", "ned", "file:", "ftp://example.com/x", "http://", "races.json"])
    func rejected(argument: String) {
        #expect(RaceSource(argument: argument) == nil)
    }
}
