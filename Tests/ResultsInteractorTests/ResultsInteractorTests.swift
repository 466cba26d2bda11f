import Core
import Dispatch
import Foundation
import RaceData
import ResultsInteractor
import Synchronization
import TestSupport
import Testing

/// Final cards by race id, counting the requests and how many ran at once; gated, each waits for `openGate()`.
final class ResultCards: RaceCardService, Sendable {
    private let state = Mutex<(requests: [String], running: Int, most: Int)>(([], 0, 0))
    private let gate: DispatchSemaphore?
    private let started = DispatchSemaphore(value: 0)

    init(gated: Bool = false) { gate = gated ? DispatchSemaphore(value: 0) : nil }

    var sourceDescription: String { "the test's cards" }
    var requests: [String] { state.withLock { $0.requests } }
    var mostAtOnce: Int { state.withLock { $0.most } }

    func waitForRequest() { started.wait() }
    func openGate() { gate?.signal() }

    func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        state.withLock { state in
            state.requests.append(id)
            state.running += 1
            state.most = max(state.most, state.running)
        }
        started.signal()
        if let gate {
            gate.wait()
            gate.signal()
        }
        state.withLock { $0.running -= 1 }
        if id == "broken" { throw .unavailable(source: "cards", reason: "refused") }
        return RaceCard(
            raceID: id, status: .final, runners: [Runner(number: 3, name: "Three"), Runner(number: 8, name: "Eight")],
            placings: [Placing(position: 1, runnerNumber: 3, name: "Three"), Placing(position: 2, runnerNumber: 1)],
            dividends: [Dividend(bet: "Win", runners: "3", amount: 2.5, isFinal: true)])
    }
}

/// A day's list, counting the requests.
final class CountingMeetings: RaceMeetingsService, Sendable {
    let day: RaceDay
    private let count = Mutex(0)
    init(_ day: RaceDay) { self.day = day }
    var requests: Int { count.withLock { $0 } }
    var meetingsDescription: String { "the test's list" }
    func raceDay(at now: Date) throws(RaceDataError) -> RaceDay {
        count.withLock { $0 += 1 }
        return day
    }
}

@MainActor
@Suite("Results interactor")
struct ResultsInteractorTests {
    let clock = ManualClock(1_772_884_080)

    func day() -> RaceDay {
        let races = (1...6).map { Race.make("r\($0)", number: $0, meeting: "Randwick", startsIn: -600, from: clock) }
        return RaceDay(
            meetings: [RaceDay.Meeting(id: "m", races: races)],
            standings: [
                "r1": [RaceStanding(status: .final, placings: [2, 4], from: clock.now().addingTimeInterval(-60))]
            ])
    }

    /// - Parameter runClock: the run's, where it is not the test's clock (a run pinned by `--now`); requests are
    ///   paced by the test's clock.
    func interactor(
        _ cards: ResultCards, meetings: CountingMeetings? = nil, atOnce: Bool = false, perLook: Int = 3,
        book: RaceDayBook = RaceDayBook(), runClock: ManualClock? = nil
    ) -> ResultsInteractor {
        // The app's card reads: every card read is recorded in the book.
        let reads = CardReads(wrapping: cards, book: book, clock: runClock ?? clock, sharedFor: 0)
        return ResultsInteractor(
            meetings: meetings, races: FakeRaceService(), cards: reads, book: book, clock: runClock ?? clock,
            readClock: clock, answersAtOnce: atOnce, cardsPerLook: perLook)
    }

    func read(_ interactor: ResultsInteractor, _ ids: [String]) async -> [String: RaceCard] {
        await withCheckedContinuation { continuation in
            interactor.readCards(ofRaces: ids) { continuation.resume(returning: $0) }
        }
    }

    @Test("a server's cards: a few a look, in order, one at a time; paced by the system's clock, not a pinned run's")
    func budgeted() async {
        let cards = ResultCards()
        let book = RaceDayBook()
        let interactor = interactor(cards, book: book, runClock: ManualClock(1_772_884_080))
        let ids = ["r6", "r5", "broken", "r4", "r3"]
        let first = await read(interactor, ids)
        #expect(cards.requests == ["r6", "r5", "broken"])
        #expect(first.keys.sorted() == ["r5", "r6"], "a card that fails is none")
        #expect(first["r6"]?.runners.map(\.name) == ["Three"], "only the placed runners kept, by name")
        #expect(book.standing(ofRace: "r6", at: clock.now())?.placings == [3, 1], "recorded in the day's book")
        #expect(book.results(ofRaces: ["r6"])["r6"]?.dividends.first?.amount == 2.5, "the result too, for every screen")
        // Asked again within the minute, those asked are left: the look reads the next.
        let second = await read(interactor, ids)
        #expect(cards.requests == ["r6", "r5", "broken", "r4", "r3"])
        #expect(second.count == 4 && interactor.results(ofRaces: ids).count == 4)
        #expect(cards.mostAtOnce == 1)
        // A minute on, a race not settled may be asked for again.
        clock.advance(by: 61)
        _ = await read(interactor, ["broken"])
        #expect(cards.requests.last == "broken" && cards.requests.count == 6)
    }

    @Test("a source that answers at once: every card asked is read, again at each look")
    func atOnce() async {
        let cards = ResultCards()
        let interactor = interactor(cards, atOnce: true)
        let ids = (1...6).map { "r\($0)" }
        #expect(await read(interactor, ids).count == 6)
        _ = await read(interactor, ["r1"])
        #expect(cards.requests == ids + ["r1"])
    }

    @Test("looks asked for while one reads join it: each card read once, every asker answered, progress told")
    func coalesced() async {
        let cards = ResultCards(gated: true)
        let interactor = interactor(cards)
        let answers = LockedValue(0)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            for _ in 0..<3 {
                interactor.readCards(ofRaces: ["r1", "r2"]) { _ in
                    answers.update { $0 += 1 }
                    if answers.value == 3 { continuation.resume() }
                }
            }
            cards.waitForRequest()
            #expect(interactor.progress == CardProgress(read: 0, of: 2))
            cards.openGate()
        }
        #expect(cards.requests == ["r1", "r2"])
        #expect(interactor.progress == nil)
    }

    @Test("the day's list: its standings into the book, the answer kept for a while, asked again after it")
    func dayList() async throws {
        let meetings = CountingMeetings(day())
        let book = RaceDayBook()
        let interactor = interactor(ResultCards(), meetings: meetings, book: book)
        func fetch() async -> Result<ResultsAnswer, RaceDataError> {
            await withCheckedContinuation { continuation in
                interactor.fetchDay { continuation.resume(returning: $0) }
            }
        }
        let answer = try await fetch().get()
        #expect(answer.source == .list("the test's list") && answer.day.races.count == 6)
        #expect(interactor.standings(at: clock.now())["r1"]?.placings == [2, 4])
        _ = await fetch()
        #expect(meetings.requests == 1)
        clock.advance(by: ResultsInteractor.answerLifetime)
        _ = await fetch()
        #expect(meetings.requests == 2)
    }

    @Test("without a list, the feed's races; without cards, none read and none said to be")
    func noListNoCards() async throws {
        let races = [Race.make("a", startsIn: 60, from: clock)]
        let interactor = ResultsInteractor(
            meetings: nil, races: FakeRaceService(result: .success(RaceFeed(races: races))), cards: nil,
            book: RaceDayBook(), clock: clock, answersAtOnce: false)
        let answer = try await withCheckedContinuation { continuation in
            interactor.fetchDay { continuation.resume(returning: $0) }
        }.get()
        #expect(answer.source == .feed("the fake service") && answer.day.races.map(\.id) == ["a"])
        #expect(!interactor.hasCards)
        let cards = await withCheckedContinuation { continuation in
            interactor.readCards(ofRaces: ["a"]) { continuation.resume(returning: $0) }
        }
        #expect(cards.isEmpty)
    }

    @Test("the screen gone: the cards still to read are not read")
    func stops() async {
        let cards = ResultCards()
        let interactor = interactor(cards, atOnce: true)
        interactor.stopReading()
        #expect(await read(interactor, ["r1", "r2"]).isEmpty)
        #expect(cards.requests.isEmpty)
    }
}
