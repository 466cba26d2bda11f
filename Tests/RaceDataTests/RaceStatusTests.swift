import Core
import Foundation
import RaceData
import RaceDataLive
import Synchronization
import TestSupport
import Testing

/// Races' statuses in bulk, for the board: the affiliates API's meetings list, the snapshot's cards, and the
/// race source that asks for them beside each fetch.
@Suite("Race statuses")
struct RaceStatusTests {
    @Test("a meetings list: each race's status by id; races without an id or a status, and other shapes, passed over")
    func meetingsList() throws {
        let data = Data(
            #"""
            {"header": {"title": "Race Meetings"}, "data": {"meetings": [
              {"name": "Grafton", "races": [{"id": "a", "status": "Final", "distance": 1200},
                                            {"id": "b", "status": "Abandoned", "weather": null},
                                            {"id": null, "status": "Open"}, {"id": "c"}, 7, [1]]},
              {"name": "Odd", "races": {"id": "d", "status": "Open"}},
              "not a meeting"]}}
            """#.utf8)
        let statuses = try MeetingsStatusDecoder().decode(data, source: "test")
        #expect(statuses == ["a": .final, "b": .abandoned])
        #expect(try MeetingsStatusDecoder().decode(Data("[]".utf8), source: "t").isEmpty)
        #expect(throws: RaceDataError.self) { try MeetingsStatusDecoder().decode(Data("{\"data\":".utf8), source: "t") }
    }

    @Test("a snapshot's cards tell their statuses and placings as the replay goes, read without the fields")
    func snapshotStatuses() throws {
        let made = try SnapshotRaceCardService.embedded()
        let light = try SnapshotRaceCardService.embeddedStatuses()
        #expect(light == made.compactMapValues(RaceStanding.init(card:)), "the light reading agrees with the whole one")
        #expect(light.values.contains { $0.placings.count == 3 })
        for (id, card) in made {
            #expect(try SnapshotRaceCardService.embeddedCard(id) == card, "one card read alone is the same card")
        }
        #expect(try SnapshotRaceCardService.embeddedCard("no-such-race") == nil)
        let abandoned = try #require(light.first { $0.value.status == .abandoned }?.key)
        let other = try #require(light.first { $0.value.status == .final }?.key)
        let clock = ManualClock(1_000)
        let service = SnapshotRaceCardService(clock: clock)
        let ids = ["\(abandoned)@2000", "\(other)@2000", "unknown@2000"]
        #expect(try service.statuses(ofRaces: ids) == ["\(abandoned)@2000": .abandoned, "\(other)@2000": .open])
        clock.set(5_000)
        #expect(try service.statuses(ofRaces: ids)["\(other)@2000"] == .final)
        // The whole life of a replayed race at once, for the board to tell as the seconds pass.
        let told = try service.standings(ofRaces: ids)
        #expect(told["\(abandoned)@2000"] == [RaceStanding(status: .abandoned)])
        let placings = try #require(light[other]).placings
        #expect(
            told["\(other)@2000"] == [
                RaceStanding(status: .closed, from: Date(timeIntervalSince1970: 2_000)),
                RaceStanding(status: .interim, placings: placings, from: Date(timeIntervalSince1970: 2_025)),
                RaceStanding(status: .final, placings: placings, from: Date(timeIntervalSince1970: 2_045)),
            ])
        #expect(told["unknown@2000"] == nil)
    }

    @Test("the book tells how a race stands at each moment, from what it was told")
    func bookStandings() {
        let book = RaceStatusBook()
        let start = Date(timeIntervalSince1970: 1_000)
        book.record(
            SnapshotCardTimeline.standings(RaceStanding(status: .final, placings: [2, 4, 7, 1]), startingAt: start),
            forRace: "r")
        #expect(book.standing(ofRace: "r", at: start.addingTimeInterval(-1)) == nil, "open: nothing to tell")
        #expect(book.standing(ofRace: "r", at: start)?.boardText == "Closed")
        #expect(book.standing(ofRace: "r", at: start.addingTimeInterval(30))?.boardText == "Interim 2-4-7")
        #expect(book.standings(at: start.addingTimeInterval(50))["r"]?.boardText == "Final 2-4-7")
        book.record(.abandoned, forRace: "r")
        #expect(book.abandonedRaceIDs == ["r"])
        #expect(book.standing(ofRace: "r", at: start)?.boardText == "Abandoned", "what is told last replaces the rest")
        #expect(RaceStanding(status: .open).boardText == nil)
        #expect(RaceStanding(status: .final).boardText == "Final", "no placings told")
    }

    /// A race source of one race, and a status source that counts its calls.
    final class CountingStatuses: RaceStatusService {
        let calls = Mutex(0)
        let fails: Bool
        let statusLifetime: TimeInterval

        init(lifetime: TimeInterval, fails: Bool = false) {
            self.statusLifetime = lifetime
            self.fails = fails
        }

        func statuses(ofRaces ids: [String]) throws(RaceDataError) -> [String: RaceStatus] {
            calls.withLock { $0 += 1 }
            if fails { throw .unavailable(source: "statuses", reason: "down") }
            return Dictionary(uniqueKeysWithValues: ids.map { ($0, RaceStatus.abandoned) })
        }
    }

    struct OneRace: RaceService {
        var sourceDescription: String { "one race" }
        func fetchRaces() throws(RaceDataError) -> RaceFeed {
            RaceFeed(races: [
                Race(
                    id: "r1", number: 1, meetingName: "Grafton", category: .horse,
                    advertisedStart: Date(timeIntervalSince1970: 10_000))
            ])
        }
    }

    @Test("the race source asks for statuses beside a fetch, once per their lifetime, and tells the book")
    func askedBesideFetches() throws {
        let clock = ManualClock(1_000)
        let statuses = CountingStatuses(lifetime: 300)
        let book = RaceStatusBook()
        let queue = DispatchQueue(label: "statuses")
        let service = StatusMarkingRaceService(
            wrapping: OneRace(), statuses: statuses, book: book, clock: clock, statusQueue: queue)
        let fetch = { () throws -> RaceFeed in
            let feed = try service.fetchRaces()
            queue.sync {}
            return feed
        }
        #expect(try fetch().races.map(\.id) == ["r1"])
        #expect(book.abandonedRaceIDs == ["r1"])
        clock.advance(by: 299)
        _ = try fetch()
        #expect(statuses.calls.withLock { $0 } == 1)
        clock.advance(by: 1)
        _ = try fetch()
        #expect(statuses.calls.withLock { $0 } == 2)
        clock.set(10)
        _ = try fetch()
        #expect(statuses.calls.withLock { $0 } == 3, "a clock set back asks again rather than never")
    }

    /// Statuses from a server that has not answered yet.
    final class SilentStatuses: RaceStatusService {
        let calls = Mutex(0)
        let answer = DispatchSemaphore(value: 0)
        var statusLifetime: TimeInterval { 0 }

        func statuses(ofRaces ids: [String]) throws(RaceDataError) -> [String: RaceStatus] {
            calls.withLock { $0 += 1 }
            answer.wait()
            return Dictionary(uniqueKeysWithValues: ids.map { ($0, RaceStatus.abandoned) })
        }
    }

    @Test("statuses from a server never hold the feed up: the board has them once they come, asked once at a time")
    func neverWaitedFor() throws {
        let statuses = SilentStatuses()
        let book = RaceStatusBook()
        let queue = DispatchQueue(label: "statuses")
        let service = StatusMarkingRaceService(
            wrapping: OneRace(), statuses: statuses, book: book, clock: ManualClock(1_000), statusQueue: queue)
        // Both answered while the first question is still out; the second does not ask again meanwhile.
        #expect(try service.fetchRaces().races.count == 1)
        #expect(try service.fetchRaces().races.count == 1)
        #expect(book.abandonedRaceIDs.isEmpty)
        statuses.answer.signal()
        queue.sync {}
        #expect(book.abandonedRaceIDs == ["r1"])
        #expect(statuses.calls.withLock { $0 } == 1)
    }

    @Test("a status source that answers at once (the snapshot's cards) is asked in the fetch itself")
    func askedInTheFetch() throws {
        final class AtOnce: RaceStatusService {
            var statusLifetime: TimeInterval { 0 }
            var answersAtOnce: Bool { true }
            func statuses(ofRaces ids: [String]) throws(RaceDataError) -> [String: RaceStatus] {
                Dictionary(uniqueKeysWithValues: ids.map { ($0, RaceStatus.abandoned) })
            }
        }
        let book = RaceStatusBook()
        // A queue held still: had the question gone there, the book would be empty after the fetch.
        let parked = DispatchQueue(label: "parked")
        parked.suspend()
        defer { parked.resume() }
        let service = StatusMarkingRaceService(
            wrapping: OneRace(), statuses: AtOnce(), book: book, clock: ManualClock(1_000), statusQueue: parked)
        _ = try service.fetchRaces()
        #expect(book.abandonedRaceIDs == ["r1"])
    }

    @Test("statuses that cannot be had leave the board's fetch as it was")
    func failingStatuses() throws {
        let book = RaceStatusBook()
        let queue = DispatchQueue(label: "statuses")
        let service = StatusMarkingRaceService(
            wrapping: OneRace(), statuses: CountingStatuses(lifetime: 0, fails: true), book: book,
            clock: ManualClock(1_000), statusQueue: queue)
        #expect(try service.fetchRaces().races.count == 1)
        queue.sync {}
        #expect(book.abandonedRaceIDs.isEmpty)
    }

    @Test("the book keeps the last word on each race, and stays bounded")
    func book() {
        let book = RaceStatusBook()
        book.record(.abandoned, forRace: "a")
        book.record(.open, forRace: "b")
        #expect(book.abandonedRaceIDs == ["a"])
        book.record(.final, forRace: "a")
        #expect(book.abandonedRaceIDs.isEmpty)
        for index in 0..<25_000 { book.record(.open, forRace: "r\(index)") }
        #expect(book.status(ofRace: "r24999") == .open)
    }
}

/// The meetings list of a whole day of the affiliates API (NZ TAB's deployment), read where the shared captures
/// are; skipped with a note in a clone without them.
@Suite("Real meetings list", .enabled(if: RealCaptures.available, Comment(rawValue: RealCaptures.absence)))
struct RealMeetingsListTests {
    @Test("all 748 races of the day with their statuses: 530 final, 196 open, 17 abandoned, 3 interim, 2 closed")
    func statuses() throws {
        let name = "affiliates/WarrickSmith__raceday__nztab__List-of-meetings.json"
        let statuses = try MeetingsStatusDecoder().decode(try RealCaptures.data(name), source: name)
        #expect(statuses.count == 748)
        var counts: [RaceStatus: Int] = [:]
        for status in statuses.values { counts[status, default: 0] += 1 }
        #expect(counts == [.final: 530, .open: 196, .abandoned: 17, .interim: 3, .closed: 2])
    }

    @Test("a meetings list is not a race card: decoded as one, it is a card with nothing in it, not a crash")
    func notACard() throws {
        let name = "affiliates/WarrickSmith__raceday__nztab__List-of-meetings.json"
        let card = try RaceCardDecoder().decode(try RealCaptures.data(name), raceID: "x", source: name)
        #expect(card.runners.isEmpty && card.placings.isEmpty && card.status == nil)
    }
}
