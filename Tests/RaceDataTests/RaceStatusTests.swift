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
        let day = try MeetingsListDecoder().decode(data, source: "test")
        #expect(day.standings.mapValues { $0.map(\.status) } == ["a": [.final], "b": [.abandoned]])
        // No number, start or category: known by status alone, not as a race to list.
        #expect(day.races.isEmpty)
        #expect(try MeetingsListDecoder().decode(Data("[]".utf8), source: "t").standings.isEmpty)
        #expect(throws: RaceDataError.self) { try MeetingsListDecoder().decode(Data("{\"data\":".utf8), source: "t") }
    }

    @Test("a meetings list: each race with its meeting's name, category and place, its number, start and distance")
    func meetingsListRaces() throws {
        let data = Data(
            #"""
            {"data": {"meetings": [
              {"races": [{"id": "h1", "race_number": 1, "name": "Maiden", "start_time": "2025-07-17T00:50:00+12:00",
                          "distance": 1700, "status": "Final", "country": "NZ", "state": "NZ"},
                         {"id": "h2", "race_number": 2.5, "start_time": "2025-07-17T01:20:00Z", "status": "Open"},
                         {"id": "h3", "race_number": 3, "start_time": "yesterday", "status": "Open"}],
               "name": "Awapuni", "category": "T", "country": "NZ"},
              {"name": "Addington", "category": "H", "country": "NZ", "state": "NZ",
               "races": [{"id": "a1", "race_number": 1, "start_time": "2025-07-17T06:00:00.5Z", "status": "Abandoned"}]},
              {"name": "Mystery", "category": "X",
               "races": [{"id": "m1", "race_number": 1, "start_time": "2025-07-17T06:00:00Z", "status": "Open"}]}]}}
            """#.utf8)
        let day = try MeetingsListDecoder().decode(data, source: "test")
        #expect(day.standings.count == 5)
        #expect(day.races.map(\.id) == ["h1", "a1"] && day.meetings.count == 2)
        let first = try #require(day.races.first)
        #expect(first.meetingName == "Awapuni" && first.category == .horse && first.number == 1)
        #expect(first.name == "Maiden" && first.form.distance?.value == 1700 && first.venue.country == "NZ")
        #expect(first.advertisedStart == Date(timeIntervalSince1970: 1_752_670_200))
        #expect(
            day.races[1].category == .harness && day.races[1].advertisedStart.timeIntervalSince1970 == 1_752_732_000)
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
        let names = try #require(light[other]).names
        let dividend = light[other]?.winDividend
        #expect(dividend != nil, "what the winner paid comes with the light reading")
        #expect(names.count == placings.count, "the placed runners' names come with the light reading")
        // In racing time: its placings once its distance is run at its code's pace, the result minutes later.
        let race = try #require(try SnapshotRaceService.embeddedDay().races.first { $0.id == other })
        let time = RacingTime(of: race)
        #expect(
            told["\(other)@2000"] == [
                RaceStanding(status: .closed, from: Date(timeIntervalSince1970: 2_000)),
                RaceStanding(
                    status: .interim, placings: placings, names: names, winDividend: dividend,
                    from: Date(timeIntervalSince1970: 2_000 + time.interim)),
                RaceStanding(
                    status: .final, placings: placings, names: names, winDividend: dividend,
                    from: Date(timeIntervalSince1970: 2_000 + time.final)),
            ])
        #expect(told["unknown@2000"] == nil)
    }

    @Test("the book tells how a race stands at each moment, from what it was told")
    func bookStandings() {
        let book = RaceDayBook()
        let start = Date(timeIntervalSince1970: 1_000)
        let time = RacingTime(category: .greyhound, metres: 515)
        book.record(
            SnapshotCardTimeline.standings(
                RaceStanding(status: .final, placings: [2, 4, 7, 1]), startingAt: start, takes: time),
            forRace: "r")
        #expect(book.standing(ofRace: "r", at: start.addingTimeInterval(-1)) == nil, "open: nothing to tell")
        #expect(book.standing(ofRace: "r", at: start)?.boardText == "Closed")
        #expect(book.standing(ofRace: "r", at: start.addingTimeInterval(time.interim))?.boardText == "Interim 2-4-7")
        #expect(book.standings(at: start.addingTimeInterval(time.final))["r"]?.boardText == "Final 2-4-7")
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
        let status: RaceStatus

        init(lifetime: TimeInterval, fails: Bool = false, status: RaceStatus = .abandoned) {
            self.statusLifetime = lifetime
            self.fails = fails
            self.status = status
        }

        func statuses(ofRaces ids: [String]) throws(RaceDataError) -> [String: RaceStatus] {
            calls.withLock { $0 += 1 }
            if fails { throw .unavailable(source: "statuses", reason: "down") }
            return Dictionary(uniqueKeysWithValues: ids.map { ($0, status) })
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
        let book = RaceDayBook()
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
        let book = RaceDayBook()
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
        let book = RaceDayBook()
        // A queue held still: had the question gone there, the book would be empty after the fetch.
        let parked = DispatchQueue(label: "parked")
        parked.suspend()
        defer { parked.resume() }
        let service = StatusMarkingRaceService(
            wrapping: OneRace(), statuses: AtOnce(), book: book, clock: ManualClock(1_000), statusQueue: parked)
        _ = try service.fetchRaces()
        #expect(book.abandonedRaceIDs == ["r1"])
    }

    /// Race r1's card, Final 3-1-2, counting the requests.
    final class ResultCards: RaceCardService {
        let requests = Mutex<[String]>([])
        var sourceDescription: String { "result cards" }

        func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
            requests.withLock { $0.append(id) }
            return RaceCard(
                raceID: id, status: .final, runners: [Runner(number: 3, name: "Copper Comet")],
                placings: [
                    Placing(position: 1, runnerNumber: 3, name: "Copper Comet"), Placing(position: 2, runnerNumber: 1),
                    Placing(position: 3, runnerNumber: 2),
                ])
        }
    }

    @Test("statuses that cannot be had leave the board's fetch as it was")
    func failingStatuses() throws {
        let book = RaceDayBook()
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
        let book = RaceDayBook()
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
        let day = try MeetingsListDecoder().decode(try RealCaptures.data(name), source: name)
        #expect(day.standings.count == 748)
        var counts: [RaceStatus: Int] = [:]
        for standing in day.standings.values.compactMap(\.last) { counts[standing.status, default: 0] += 1 }
        #expect(counts == [.final: 530, .open: 196, .abandoned: 17, .interim: 3, .closed: 2])
    }

    @Test("all 748 races as races of 76 meetings: 35 horse, 30 greyhound, 11 harness; each with its start")
    func races() throws {
        let name = "affiliates/WarrickSmith__raceday__nztab__List-of-meetings.json"
        let day = try MeetingsListDecoder().decode(try RealCaptures.data(name), source: name)
        #expect(day.races.count == 748)
        #expect(day.meetings.count == 76 && Set(day.meetings.map(\.id)).count == 76)
        var categories: [RaceCategory: Int] = [:]
        for meeting in day.meetings { categories[meeting.races[0].category, default: 0] += 1 }
        #expect(categories == [.horse: 35, .greyhound: 30, .harness: 11])
        let grafton = day.races.filter { $0.meetingName == "Grafton" }.sorted { $0.number < $1.number }
        #expect(grafton.map(\.number) == Array(1...grafton.count) && grafton.first?.venue.state == "NSW")
        #expect(day.races.allSatisfy { Race.plausibleStarts.contains($0.advertisedStart) })
    }

    @Test("a meetings list is not a race card: decoded as one, it is a card with nothing in it, not a crash")
    func notACard() throws {
        let name = "affiliates/WarrickSmith__raceday__nztab__List-of-meetings.json"
        let card = try RaceCardDecoder().decode(try RealCaptures.data(name), raceID: "x", source: name)
        #expect(card.runners.isEmpty && card.placings.isEmpty && card.status == nil)
    }
}
