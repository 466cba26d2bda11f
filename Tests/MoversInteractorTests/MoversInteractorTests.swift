import Core
import Dispatch
import Foundation
import MoversInteractor
import RaceData
import Synchronization
import TestSupport
import Testing

/// Cards by race id, counting the requests; one id's card fails.
final class CountingCardService: RaceCardService, Sendable {
    let requests = Mutex<[String]>([])
    var sourceDescription: String { "counting" }

    func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        requests.withLock { $0.append(id) }
        if id == "broken" { throw .invalidFeed(source: "counting", reason: "bad") }
        return RaceCard(raceID: id, runners: [Runner(number: 1, name: "One")])
    }
}

@Suite("Movers interactor")
struct MoversInteractorTests {
    @Test("the next races still to jump, in order, each with its card; a card that fails is none; one request each")
    func markets() async throws {
        let clock = ManualClock(1_748_310_000)
        let races = [
            Race.make("late", startsIn: 900, from: clock), Race.make("gone", startsIn: -30, from: clock),
            Race.make("soon", startsIn: 60, from: clock), Race.make("broken", startsIn: 120, from: clock),
            Race.make("later", startsIn: 2_000, from: clock),
        ]
        let cards = CountingCardService()
        let interactor = MoversInteractor(
            races: FakeRaceService(result: .success(RaceFeed(races: races))), cards: cards, clock: clock, raceCount: 3)
        let result = await withCheckedContinuation { continuation in
            interactor.fetchMarkets { continuation.resume(returning: $0) }
        }
        let markets = try result.get()
        #expect(markets.map(\.race.id) == ["soon", "broken", "late"])
        #expect(markets.map { $0.card != nil } == [true, false, true])
        #expect(cards.requests.withLock { $0 } == ["soon", "broken", "late"])
    }

    @Test("a feed that fails is the answer; without a card source every race has none")
    func failures() async {
        let clock = ManualClock(1_748_310_000)
        let failing = MoversInteractor(
            races: FakeRaceService(result: .failure(.unavailable(source: "s", reason: "r"))), cards: nil, clock: clock,
            raceCount: 3)
        let failed = await withCheckedContinuation { continuation in
            failing.fetchMarkets { continuation.resume(returning: $0) }
        }
        #expect(throws: RaceDataError.self) { try failed.get() }
        let noCards = MoversInteractor(
            races: FakeRaceService(result: .success(RaceFeed(races: [Race.make("a", startsIn: 60, from: clock)]))),
            cards: nil, clock: clock, raceCount: 3)
        let answered = await withCheckedContinuation { continuation in
            noCards.fetchMarkets { continuation.resume(returning: $0) }
        }
        #expect((try? answered.get())?.map(\.card) == [nil])
    }

    @Test("movers asked again while a fetch is out join it: the feed and each card are read once, both answered")
    func coalesced() async {
        let clock = ManualClock(1_748_310_000)
        let races = [Race.make("soon", startsIn: 60, from: clock), Race.make("late", startsIn: 900, from: clock)]
        let service = FakeRaceService(result: .success(RaceFeed(races: races)), gated: true)
        let cards = CountingCardService()
        let interactor = MoversInteractor(races: service, cards: cards, clock: clock)
        let answered = LockedValue<[Result<[MarketRace], RaceDataError>]>([])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            for _ in 0..<3 {
                interactor.fetchMarkets { result in
                    answered.update { $0.append(result) }
                    if answered.value.count == 3 { continuation.resume() }
                }
                if service.fetchCount == 0 { service.waitForFetchToStart() }
            }
            service.openGate()
        }
        let answers = answered.value
        #expect(answers.map { (try? $0.get())?.map(\.race.id) } == Array(repeating: ["soon", "late"], count: 3))
        #expect(service.fetchCount == 1)
        #expect(service.maximumConcurrentFetches == 1)
        #expect(cards.requests.withLock { $0 } == ["soon", "late"])
    }

    @Test("while cards are read the races and the cards so far are on hand; stopped, no further card is asked for")
    func soFarAndStopped() async {
        let clock = ManualClock(1_748_310_000)
        let races = [Race.make("soon", startsIn: 60, from: clock), Race.make("late", startsIn: 900, from: clock)]
        let cards = GatedCardService()
        let interactor = MoversInteractor(
            races: FakeRaceService(result: .success(RaceFeed(races: races))), cards: cards, clock: clock)
        #expect(interactor.marketsSoFar == nil)
        let answer = Task {
            await withCheckedContinuation { continuation in
                interactor.fetchMarkets { continuation.resume(returning: $0) }
            }
        }
        cards.asked.wait()
        #expect(interactor.marketsSoFar?.map(\.race.id) == ["soon", "late"])
        #expect(interactor.marketsSoFar?.allSatisfy { $0.card == nil } == true)
        interactor.stopReading()
        cards.gate.signal()
        let markets = try? await answer.value.get()
        #expect(markets?.map { $0.card != nil } == [true, false])
        #expect(cards.requests.withLock { $0 } == ["soon"], "the screen had gone: the second card is not asked for")
    }
}

/// Cards that each wait for the test's word, saying when they are asked.
final class GatedCardService: RaceCardService, Sendable {
    let requests = Mutex<[String]>([])
    let asked = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    var sourceDescription: String { "gated" }

    func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        requests.withLock { $0.append(id) }
        asked.signal()
        gate.wait()
        return RaceCard(raceID: id, runners: [Runner(number: 1, name: "One")])
    }
}
