import Core
import Dispatch
import Foundation
import MeetingsInteractor
import RaceData
import Synchronization
import TestSupport
import Testing

/// A meetings list whose answers the test sets, counting its requests.
final class FakeMeetingsList: RaceMeetingsService {
    let day = Mutex(RaceDay(meetings: []))
    let failure = Mutex<RaceDataError?>(nil)
    let requests = Mutex(0)

    var meetingsDescription: String { "the fake list" }

    func raceDay(at now: Date) throws(RaceDataError) -> RaceDay {
        requests.withLock { $0 += 1 }
        if let failure = failure.withLock({ $0 }) { throw failure }
        return day.withLock { $0 }
    }
}

/// Cards with a result, or a refusal, by race id; the order they were asked for.
final class FakeResultCards: RaceCardService {
    let asked = Mutex<[String]>([])
    let refusals = Mutex<[String: RaceDataError]>([:])

    var sourceDescription: String { "fake cards" }

    func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        asked.withLock { $0.append(id) }
        if let refusal = refusals.withLock({ $0[id] }) { throw refusal }
        var card = RaceCard(raceID: id)
        card.status = .final
        card.placings = [Placing(position: 1, runnerNumber: 4), Placing(position: 2, runnerNumber: 7)]
        return card
    }
}

@MainActor
@Suite("Meetings interactor")
struct MeetingsInteractorTests {
    let clock = ManualClock(1_772_884_080)
    let queue = DispatchQueue(label: "test.meetings")
    let held = HeldDeliveries()

    private func race(_ id: String, _ number: Int) -> Race {
        Race(id: id, number: number, meetingName: "Randwick", category: .horse, advertisedStart: clock.now())
    }

    private func fetch(_ interactor: MeetingsInteractor) -> Result<MeetingsAnswer, RaceDataError>? {
        var answer: Result<MeetingsAnswer, RaceDataError>?
        interactor.fetchMeetings { answer = $0 }
        queue.sync {}
        held.runAll()
        return answer
    }

    @Test("the list comes from the meetings source, its word on each race goes into the book, and is kept 10 s")
    func fromTheList() throws {
        let list = FakeMeetingsList()
        list.day.withLock {
            $0 = RaceDay(
                meetings: [RaceDay.Meeting(id: "m", races: [race("a", 1), race("b", 2)])],
                standings: ["a": [RaceStanding(status: .final)], "b": [RaceStanding(status: .abandoned)]])
        }
        let book = RaceDayBook()
        let interactor = MeetingsInteractor(
            meetings: list, races: FakeRaceService(), cards: nil, book: book, clock: clock, queue: queue,
            deliver: held.deliver)
        let answer = try #require(try fetch(interactor)?.get())
        #expect(answer.source == .list("the fake list") && answer.day.races.map(\.id) == ["a", "b"])
        #expect(interactor.standings(at: clock.now()).mapValues(\.status) == ["a": .final, "b": .abandoned])
        #expect(book.abandonedRaceIDs == ["b"])
        clock.advance(by: 9)
        _ = fetch(interactor)
        #expect(list.requests.withLock { $0 } == 1)
        clock.advance(by: 1)
        _ = fetch(interactor)
        #expect(list.requests.withLock { $0 } == 2)
    }

    @Test("a list that says Final does not wipe the placings a card told")
    func keepsPlacings() throws {
        let list = FakeMeetingsList()
        list.day.withLock {
            $0 = RaceDay(
                meetings: [RaceDay.Meeting(id: "m", races: [race("a", 1)])],
                standings: ["a": [RaceStanding(status: .final)]])
        }
        let book = RaceDayBook()
        book.record([RaceStanding(status: .final, placings: [3, 1, 7])], forRace: "a")
        let interactor = MeetingsInteractor(
            meetings: list, races: FakeRaceService(), cards: nil, book: book, clock: clock, queue: queue,
            deliver: held.deliver)
        _ = fetch(interactor)
        #expect(interactor.standings(at: clock.now())["a"]?.placings == [3, 1, 7])
    }

    @Test("with no list, the feed's races are grouped by meeting and the answer says so; failures come back")
    func fromTheFeed() throws {
        let races = FakeRaceService(
            result: .success(
                RaceFeed(races: [
                    race("a", 1),
                    Race(id: "d", number: 3, meetingName: "Hove", category: .greyhound, advertisedStart: clock.now()),
                    race("b", 2),
                ])))
        let interactor = MeetingsInteractor(
            meetings: nil, races: races, cards: nil, book: RaceDayBook(), clock: clock, queue: queue,
            deliver: held.deliver)
        let answer = try #require(try fetch(interactor)?.get())
        #expect(answer.source == .feed("the fake service"))
        #expect(answer.day.meetings.map { $0.races.map(\.id) } == [["a", "b"], ["d"]])
        let failing = MeetingsInteractor(
            meetings: nil, races: FakeRaceService(result: .failure(.unavailable(source: "s", reason: "down"))),
            cards: nil, book: RaceDayBook(), clock: clock, queue: queue, deliver: held.deliver)
        #expect(fetch(failing) == .failure(.unavailable(source: "s", reason: "down")))
    }

    @Test("results: one card at a time, 2 s apart, waits that double after a 429, each race once a minute")
    func resultsWithinBudget() {
        let cards = FakeResultCards()
        cards.refusals.withLock { $0["b"] = .httpStatus(source: "x", code: 429) }
        let book = RaceDayBook()
        let scheduler = ManualScheduler(clock: clock)
        // The app's card reads: what a card says is told to the book by them, not by the interactor.
        let interactor = MeetingsInteractor(
            meetings: nil, races: FakeRaceService(),
            cards: CardReads(wrapping: cards, book: book, clock: clock, sharedFor: 0),
            book: book, clock: clock, queue: queue, deliver: held.deliver, scheduler: scheduler)
        let step = {
            queue.sync {}
            held.runAll()
        }
        interactor.fetchResults(ofRaces: ["a", "b", "c"])
        interactor.fetchResults(ofRaces: ["a", "c"])
        step()
        #expect(cards.asked.withLock { $0 } == ["a"])
        #expect(book.standing(ofRace: "a", at: clock.now())?.boardText == "Final 4-7")
        #expect(scheduler.pendingDelays == [2])
        scheduler.advance(by: 1.9)
        step()
        #expect(cards.asked.withLock { $0 } == ["a"], "not before 2 s")
        scheduler.advance(by: 0.1)
        step()
        #expect(cards.asked.withLock { $0 } == ["a", "b"])
        #expect(scheduler.pendingDelays == [4], "told to slow down, it waits twice as long")
        scheduler.advance(by: 4)
        step()
        #expect(cards.asked.withLock { $0 } == ["a", "b", "c"])
        #expect(scheduler.pendingDelays == [2], "an answer brings the spacing back")
        scheduler.advance(by: 2)
        // Asked again within the minute, nothing is fetched; after it, the race is asked for again.
        interactor.fetchResults(ofRaces: ["a", "b"])
        step()
        #expect(cards.asked.withLock { $0 }.count == 3)
        clock.advance(by: 60)
        interactor.fetchResults(ofRaces: ["b"])
        step()
        #expect(cards.asked.withLock { $0 } == ["a", "b", "c", "b"])
    }

    @Test("after a failure the source is asked again only after 2 s, then 4 s, doubling; an answer resets it")
    func backsOff() throws {
        let list = FakeMeetingsList()
        list.failure.withLock { $0 = .unavailable(source: "list", reason: "down") }
        let interactor = MeetingsInteractor(
            meetings: list, races: FakeRaceService(), cards: nil, book: RaceDayBook(), clock: clock,
            queue: queue, deliver: held.deliver)
        let requests = { list.requests.withLock { $0 } }
        #expect(fetch(interactor) == .failure(.unavailable(source: "list", reason: "down")))
        clock.advance(by: 1)
        #expect(fetch(interactor) == .failure(.unavailable(source: "list", reason: "down")) && requests() == 1)
        clock.advance(by: 1)
        _ = fetch(interactor)
        #expect(requests() == 2)
        clock.advance(by: 3)
        _ = fetch(interactor)
        #expect(requests() == 2, "4 s after the second failure")
        clock.advance(by: 1)
        list.failure.withLock { $0 = nil }
        #expect(try fetch(interactor)?.get() != nil && requests() == 3)
    }

    @Test("no card source: no results are asked for")
    func noCards() {
        let interactor = MeetingsInteractor(
            meetings: nil, races: FakeRaceService(), cards: nil, book: RaceDayBook(), clock: clock,
            queue: queue, deliver: held.deliver, scheduler: ManualScheduler(clock: clock))
        interactor.fetchResults(ofRaces: ["a"])
        queue.sync {}
        held.runAll()
        #expect(interactor.standings(at: clock.now()).isEmpty)
    }
}
