import Core
import Foundation
import RaceData
import RaceDataLive
import Synchronization
import TestSupport
import Testing

/// A transport that answers from a table and notes what it was asked.
final class RecordingTransport: HTTPTransport {
    let answers: @Sendable (URL) throws(RaceDataError) -> Data
    let requests = Mutex<[(URL, [HTTPHeader])]>([])

    init(answers: @escaping @Sendable (URL) throws(RaceDataError) -> Data) {
        self.answers = answers
    }

    func get(_ url: URL, headers: [HTTPHeader]) throws(RaceDataError) -> Data {
        requests.withLock { $0.append((url, headers)) }
        return try answers(url)
    }
}

@Suite("Race cards over HTTP")
struct HTTPRaceCardServiceTests {
    static let base = URL(string: "http://127.0.0.1:9/affiliates/v1")!
    static let identity = [
        HTTPHeader(name: "X-Partner", value: "next-to-go")!, HTTPHeader(name: "From", value: "me@example.com")!,
    ]
    static let card = Data(
        #"{"data": {"race": {"status": "Open"}, "runners": [{"runner_number": 1, "name": "X"}]}}"#.utf8)

    @Test("GET {base}/racing/events/{captured race id}, with the caller's headers")
    func request() throws {
        let transport = RecordingTransport { _ throws(RaceDataError) in Self.card }
        let service = HTTPRaceCardService(base: Self.base, headers: Self.identity, transport: transport)
        let card = try #require(try service.card(forRace: "0f57e087-8a34@1772870520"))
        #expect(card.raceID == "0f57e087-8a34@1772870520")
        #expect(card.runners.first?.name == "X")
        let (url, headers) = try #require(transport.requests.withLock { $0.first })
        #expect(url.absoluteString == "http://127.0.0.1:9/affiliates/v1/racing/events/0f57e087-8a34")
        #expect(headers == Self.identity)
    }

    @Test("a 404 is no card; any other failure is the fetch's error, naming the card's URL")
    func failures() throws {
        let missing = HTTPRaceCardService(
            base: Self.base, headers: [],
            transport: RecordingTransport { url throws(RaceDataError) in
                throw .httpStatus(source: url.absoluteString, code: 404)
            })
        #expect(try missing.card(forRace: "r1") == nil)
        let down = HTTPRaceCardService(
            base: Self.base, headers: [],
            transport: RecordingTransport { url throws(RaceDataError) in
                throw .httpStatus(source: url.absoluteString, code: 503)
            })
        #expect(throws: RaceDataError.httpStatus(source: Self.base.absoluteString + "/racing/events/r1", code: 503)) {
            try down.card(forRace: "r1")
        }
        let garbage = HTTPRaceCardService(
            base: Self.base, headers: [],
            transport: RecordingTransport { _ throws(RaceDataError) in Data("<html>".utf8) })
        #expect(throws: RaceDataError.self) { try garbage.card(forRace: "r1") }
    }

    @Test("statuses from GET {base}/racing/meetings, for the races asked about (a replayed one by its capture's id)")
    func statuses() throws {
        let meetings = Data(
            #"{"data": {"meetings": [{"races": [{"id": "a", "status": "Abandoned"}, {"id": "b", "status": "Open"}]}]}}"#
                .utf8)
        let transport = RecordingTransport { _ throws(RaceDataError) in meetings }
        let service = HTTPRaceCardService(base: Self.base, headers: Self.identity, transport: transport)
        #expect(try service.statuses(ofRaces: ["a@1772870520", "c"]) == ["a@1772870520": .abandoned])
        let (url, headers) = try #require(transport.requests.withLock { $0.first })
        #expect(url.absoluteString == "http://127.0.0.1:9/affiliates/v1/racing/meetings")
        #expect(headers == Self.identity)
        #expect(service.statusLifetime == 300)
    }

    @Test("an id that is no plain path segment never reaches the network")
    func unsafeIDs() throws {
        let transport = RecordingTransport { _ throws(RaceDataError) in Self.card }
        let service = HTTPRaceCardService(base: Self.base, headers: [], transport: transport)
        for id in ["../meetings", "a/b", ".hidden", "", "a b", "a?b=1", "a#b", String(repeating: "x", count: 5_000)] {
            #expect(try service.card(forRace: id) == nil, "\(id)")
        }
        #expect(transport.requests.withLock { $0.isEmpty })
    }

    @Test("a header is made only of a token name and a printable value: nothing typed can split a request")
    func headers() {
        #expect(HTTPHeader(name: "From", value: "me@example.com") != nil)
        #expect(HTTPHeader(name: "X-Partner", value: "Next To Go") != nil)
        for value in [
            "a\r\nHost: evil", "a\nb", "tab\there", "caf\u{E9}", " padded", String(repeating: "x", count: 257),
        ] {
            #expect(HTTPHeader(name: "From", value: value) == nil, "\(value.debugDescription)")
        }
        for name in ["", "Bad Name", "Colon:", "Ünï"] {
            #expect(HTTPHeader(name: name, value: "x") == nil)
        }
        #expect(HTTPHeader(argument: "From: me@example.com") == HTTPHeader(name: "From", value: "me@example.com"))
        #expect(HTTPHeader(argument: "no colon") == nil)
    }

    @Test("cards go with their source: the snapshot's own, Neds' for the Neds feed, none for files and other servers")
    func standardSources() throws {
        #expect(RaceCardSource.standard(for: .snapshot) == .snapshot)
        #expect(
            RaceCardSource.standard(for: try #require(RaceSource(argument: "neds")))
                == .http(base: HTTPRaceCardService.nedsBase))
        #expect(RaceCardSource.standard(for: .file(path: "x.json")) == .none)
        #expect(RaceCardSource.standard(for: .replay(path: "x.json")) == .none)
        #expect(RaceCardSource.standard(for: .http(URL(string: "http://127.0.0.1:8/feed")!)) == .none)
        #expect(RaceCardSource(argument: "neds") == .http(base: HTTPRaceCardService.nedsBase))
        #expect(RaceCardSource(argument: "SNAPSHOT") == .snapshot)
    }
}

@Suite("Race cards kept for offline")
struct RaceCardCacheTests {
    static let url = URL(string: "http://127.0.0.1:9/affiliates/v1/racing/events/r1")!

    @Test("a card saved is found again with its time; another URL's, a damaged file or a foreign one are not")
    func roundTrip() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = RaceCardCache(directory: folder.url)
        let card = RaceCard(raceID: "r1", status: .final, runners: [Runner(number: 1, name: "Tickford")])
        cache.save(card, for: Self.url, at: Date(timeIntervalSince1970: 1_772_870_000))
        let found = try #require(cache.lookUp(Self.url))
        #expect(found.card == card)
        #expect(found.savedAt == Date(timeIntervalSince1970: 1_772_870_000))
        #expect(cache.lookUp(URL(string: "http://127.0.0.1:9/affiliates/v1/racing/events/r2")!) == nil)
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first { $0.hasPrefix("card-") })
        for damage in [Data("{\"url\": 1".utf8), Data([0xFF, 0x00]), Data(repeating: 0x20, count: 2 * 1024 * 1024)] {
            try damage.write(to: folder.url.appendingPathComponent(file))
            #expect(cache.lookUp(Self.url) == nil)
        }
    }

    @Test("a copy on disk holding more than any card may is capped like a decoded card")
    func capped() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = RaceCardCache(directory: folder.url)
        let runners = (1...500).map { Runner(number: $0, name: "R\($0)", flucs: Array(repeating: 2.0, count: 100)) }
        cache.save(
            RaceCard(raceID: "r1", runners: runners), for: Self.url, at: Date(timeIntervalSince1970: 1_772_870_000))
        let found = try #require(cache.lookUp(Self.url))
        #expect(found.card.runners.count == RaceCard.maximumEntries)
        #expect(found.card.runners.allSatisfy { $0.flucs.count == RaceCard.maximumFlucs })
    }

    @Test("no more than maximumFiles cards are kept: the oldest go")
    func pruned() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = RaceCardCache(directory: folder.url, maximumFiles: 3)
        for index in 1...5 {
            let url = URL(string: "http://127.0.0.1:9/affiliates/v1/racing/events/r\(index)")!
            cache.save(RaceCard(raceID: "r\(index)"), for: url, at: Date(timeIntervalSince1970: 1_772_870_000))
            // Modification times a second apart, so "oldest" is certain.
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_772_870_000 + Double(index))],
                ofItemAtPath: cache.fileURL(for: url).path)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("card-") }
        #expect(kept.count == 3)
        #expect(cache.lookUp(URL(string: "http://127.0.0.1:9/affiliates/v1/racing/events/r1")!) == nil)
        #expect(cache.lookUp(URL(string: "http://127.0.0.1:9/affiliates/v1/racing/events/r5")!) != nil)
    }

    @Test("over HTTP: a card fetched is kept; when the source fails the copy stands in, marked offline; a 404 is none")
    func standsIn() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = RaceCardCache(directory: folder.url)
        let clock = ManualClock(1_772_870_000)
        let failing = Mutex(false)
        let transport = RecordingTransport { url throws(RaceDataError) in
            if failing.withLock({ $0 }) { throw .timedOut(source: url.absoluteString, phase: .total, seconds: 10) }
            return HTTPRaceCardServiceTests.card
        }
        let service = HTTPRaceCardService(
            base: HTTPRaceCardServiceTests.base, headers: [], transport: transport, cache: cache, clock: clock,
            budget: CardRequestBudget(clock: clock, sleep: { clock.advance(by: $0) }))
        #expect(try service.card(forRace: "r1")?.offline == nil)
        failing.withLock { $0 = true }
        let copy = try #require(try service.card(forRace: "r1"))
        #expect(copy.runners.first?.name == "X")
        #expect(
            copy.offline
                == OfflineCard(savedAt: Date(timeIntervalSince1970: 1_772_870_000), reason: "not finished within 10 s"))
        #expect(throws: RaceDataError.self) { try service.card(forRace: "r2") }
    }
}

/// The affiliates meetings list as the board and the meetings screens share it.
@Suite("Meetings list over HTTP")
struct HTTPMeetingsListTests {
    static let list = Data(
        #"""
        {"data": {"meetings": [{"meeting": "m1", "name": "Grafton", "category": "T", "country": "AUS", "state": "NSW",
          "races": [{"id": "r1", "race_number": 1, "start_time": "2026-03-07T02:00:00Z", "status": "Final"}]}]}}
        """#.utf8)

    @Test("one request for 30 s, whoever asks and from which queue; a failure is told again for 10 s, not asked")
    func sharedAnswer() throws {
        let clock = ManualClock(1_772_884_080)
        let failing = Mutex(false)
        let transport = RecordingTransport { url throws(RaceDataError) in
            if failing.withLock({ $0 }) { throw .httpStatus(source: url.absoluteString, code: 503) }
            return HTTPMeetingsListTests.list
        }
        let service = HTTPRaceCardService(
            base: HTTPRaceCardServiceTests.base, headers: [], transport: transport, clock: clock)
        let requests = { transport.requests.withLock { $0.count } }
        // Twenty askers at once, from threads of their own: one request.
        DispatchQueue.concurrentPerform(iterations: 20) { _ in _ = try? service.raceDay(at: clock.now()) }
        #expect(requests() == 1)
        #expect(try service.statuses(ofRaces: ["r1", "zz"]) == ["r1": .final] && requests() == 1)
        clock.advance(by: 29)
        _ = try service.raceDay(at: clock.now())
        #expect(requests() == 1)
        clock.advance(by: 1)
        failing.withLock { $0 = true }
        #expect(throws: RaceDataError.self) { try service.raceDay(at: clock.now()) }
        clock.advance(by: 9)
        #expect(throws: RaceDataError.self) { try service.raceDay(at: clock.now()) }
        #expect(requests() == 2, "the failure is told again, not asked again")
        failing.withLock { $0 = false }
        clock.advance(by: 1)
        #expect(try service.raceDay(at: clock.now()).races.map(\.id) == ["r1"] && requests() == 3)
    }

    @Test("a meeting keeps the list's id, the same in every answer; a repeated id or race is told apart or dropped")
    func stableIDs() throws {
        let data = Data(
            #"""
            {"data": {"meetings": [
              {"meeting": "a", "name": "Hove", "category": "G", "races": [
                {"id": "h1", "race_number": 1, "start_time": "2026-03-07T14:00:00Z", "status": "Open"},
                {"id": "h1", "race_number": 1, "start_time": "2026-03-07T14:00:00Z", "status": "Open"}]},
              {"meeting": "b", "name": "Romford", "category": "G", "races": [
                {"id": "r1", "race_number": 1, "start_time": "2026-03-07T11:00:00Z", "status": "Final"}]},
              {"meeting": "b", "name": "Romford", "category": "G", "races": [
                {"id": "r9", "race_number": 1, "start_time": "2026-03-07T19:00:00Z", "status": "Open"}]},
              {"name": "Empty", "category": "G", "races": []}]}}
            """#.utf8)
        let day = try MeetingsListDecoder().decode(data, source: "t")
        #expect(day.meetings.map(\.id) == ["a", "b", "b#2"])
        #expect(day.meetings[0].races.count == 1, "a race listed twice is one race")
        // Without Hove, Romford's meetings are still `b` and `b#2`: a meeting's id does not depend on the others.
        let withoutHove = try MeetingsListDecoder().decode(
            Data(
                String(decoding: data, as: UTF8.self).replacingOccurrences(of: #""name": "Hove""#, with: #""name": 7"#)
                    .utf8), source: "t")
        #expect(withoutHove.meetings.map(\.id) == ["b", "b#2"])
    }

    @Test("RFC 3339 times: zones, fractions; days a month has not, and other shapes, are no time")
    func times() throws {
        let data = Data(
            #"""
            {"data": {"meetings": [{"name": "X", "category": "H", "races": [
              {"id": "a", "race_number": 1, "start_time": "2024-02-29T10:00:00.250+10:00", "status": "Open"},
              {"id": "b", "race_number": 2, "start_time": "2026-02-29T10:00:00Z", "status": "Open"},
              {"id": "c", "race_number": 3, "start_time": "2026-04-31T10:00:00Z", "status": "Open"},
              {"id": "d", "race_number": 4, "start_time": "2026-03-07 10:00:00", "status": "Open"},
              {"id": "e", "race_number": 5, "start_time": "2026-13-01T10:00:00Z", "status": "Open"}]}]}}
            """#.utf8)
        let day = try MeetingsListDecoder().decode(data, source: "t")
        #expect(day.races.map(\.id) == ["a"])
        #expect(day.races.first?.advertisedStart == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(day.standings.count == 5, "each still tells its status")
    }

    @Test("a feed's races grouped by meeting: a race number come round again starts the next run, which waits")
    func grouping() {
        let start = Date(timeIntervalSince1970: 1_772_884_080)
        func race(_ id: String, _ number: Int, _ minutes: Double, meeting: String = "Bendigo") -> Race {
            Race(
                id: id, number: number, meetingName: meeting, category: .horse,
                advertisedStart: start.addingTimeInterval(minutes * 60))
        }
        let day = RaceDay(grouping: [
            race("b2", 2, 30), race("b1", 1, 0), race("c1", 1, 5, meeting: "Casino"), race("b1'", 1, 300),
            race("b2'", 2, 330),
        ])
        #expect(day.meetings.map { $0.races.map(\.id) } == [["b1", "b2"], ["c1"]])
    }
}

/// The card requests a source is owed, whoever makes them.
@Suite("Card request budget")
struct CardRequestBudgetTests {
    @Test("one at a time, 2 s apart, 30 a minute; after a 429 or a 5xx a wait that doubles, reset by an answer")
    func budget() throws {
        let clock = ManualClock(1_772_884_080)
        let budget = CardRequestBudget(clock: clock, sleep: { clock.advance(by: $0) })
        var times: [TimeInterval] = []
        for _ in 0..<40 {
            try budget.spend { () throws(RaceDataError) in times.append(clock.now().timeIntervalSince1970) }
        }
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= CardRequestBudget.spacing })
        for start in times {
            #expect(times.count { $0 >= start && $0 < start + 60 } <= CardRequestBudget.perMinute)
        }
        // Refused: 4 s, then 8 s, then back to 2 s after an answer.
        var gaps: [TimeInterval] = []
        var last = clock.now().timeIntervalSince1970
        for code in [429, 503, 200, 200] {
            _ = try? budget.spend { () throws(RaceDataError) in
                let now = clock.now().timeIntervalSince1970
                gaps.append(now - last)
                last = now
                if code != 200 { throw .httpStatus(source: "x", code: code) }
            }
        }
        #expect(gaps == [2, 4, 8, 2])
        // A 404 is an answer, not a reason to wait.
        _ = try? budget.spend { () throws(RaceDataError) in throw .httpStatus(source: "x", code: 404) }
        let before = clock.now()
        try budget.spend { () throws(RaceDataError) in }
        #expect(clock.now().timeIntervalSince(before) == 2)
    }

    @Test("many asking at once from threads of their own: never two requests side by side")
    func oneAtATime() {
        let budget = CardRequestBudget(clock: SystemClock(), sleep: { _ in })
        let running = Mutex((now: 0, most: 0))
        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            try? budget.spend { () throws(RaceDataError) in
                running.withLock {
                    $0.now += 1; $0.most = max($0.most, $0.now)
                }
                usleep(200)
                running.withLock { $0.now -= 1 }
            }
        }
        #expect(running.withLock { $0.most } == 1)
    }
}
