import Core
import Foundation
import RaceData
import ScratchingsInteractor
import Synchronization
import TestSupport
import Testing

/// A day's list of meetings, or a failure.
private final class DayList: RaceMeetingsService, Sendable {
    let result: Result<RaceDay, RaceDataError>
    init(_ result: Result<RaceDay, RaceDataError>) { self.result = result }
    var meetingsDescription: String { "the test's list" }
    func raceDay(at now: Date) throws(RaceDataError) -> RaceDay { try result.get() }
}

/// Fields by race id, counting the races asked for.
private final class Fields: RaceFieldService, Sendable {
    let fields: [String: [Runner]]
    let asked = Mutex<[String]>([])
    init(_ fields: [String: [Runner]]) { self.fields = fields }
    func field(forRace id: String) throws(RaceDataError) -> [Runner]? {
        asked.withLock { $0.append(id) }
        if id == "broken" { throw .invalidFeed(source: "fields", reason: "bad") }
        return fields[id]
    }
}

/// Cards by race id, counting the requests.
private final class Cards: RaceCardService, Sendable {
    let fields: [String: [Runner]]
    let requests = Mutex<[String]>([])
    init(_ fields: [String: [Runner]]) { self.fields = fields }
    var sourceDescription: String { "cards" }
    func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        requests.withLock { $0.append(id) }
        return fields[id].map { RaceCard(raceID: id, runners: $0) }
    }
}

@Suite("Scratchings interactor")
struct ScratchingsInteractorTests {
    let clock = ManualClock(1_748_310_000)
    let at = Date(timeIntervalSince1970: 1_748_309_000)
    let deduction = Deduction(win: 5, place: 7)

    private var races: [Race] {
        [
            Race.make("a", number: 1, meeting: "Alpha", startsIn: 600, from: clock),
            Race.make("b", number: 2, meeting: "Bravo", startsIn: -600, from: clock),
            Race.make("broken", number: 3, meeting: "Charlie", startsIn: 900, from: clock),
        ]
    }

    private var runners: [String: [Runner]] {
        [
            "a": [
                Runner(number: 1, name: "In"), Runner(number: 2, name: "Early", scratching: .scratched),
                Runner(number: 3, name: "Late", scratching: .late(at: at, deduction: deduction)),
            ],
            "b": [Runner(number: 4, name: "Untimed", scratching: .late(at: nil))],
        ]
    }

    private func answer(_ interactor: ScratchingsInteractor) async -> Result<ScratchingsAnswer, RaceDataError> {
        await withCheckedContinuation { continuation in
            interactor.fetchScratchings { continuation.resume(returning: $0) }
        }
    }

    @Test(
        "the embedded day: every race of the list's field read, the late scratchings each with its time and deduction")
    func wholeDayFromFields() async throws {
        let fields = Fields(runners)
        let interactor = ScratchingsInteractor(
            meetings: DayList(.success(RaceDay(meetings: [RaceDay.Meeting(id: "m", races: races)]))),
            races: FakeRaceService(result: .failure(.unavailable(source: "feed", reason: "not asked"))), fields: fields,
            cards: Cards([:]), cardsAnswerAtOnce: true, book: RaceDayBook(), clock: clock)
        let day = try await answer(interactor).get()
        #expect(day.reach == .wholeDay)
        #expect(day.races.map(\.id) == ["a", "b", "broken"])
        #expect(
            day.scratchings.map { "\($0.race.id) \($0.number) \($0.name) \($0.at == nil) \($0.deduction?.text ?? "-")" }
                == ["a 3 Late false 5.0c/7.0c", "b 4 Untimed true -"])
        #expect(fields.asked.withLock { $0 } == ["a", "b", "broken"])
    }

    @Test("a folder of cards: every race's card read; a server's: only the book's fields, no card asked for")
    func cardsAtOnceOrTheBook() async throws {
        let cards = Cards(runners)
        let folder = ScratchingsInteractor(
            meetings: nil, races: FakeRaceService(result: .success(RaceFeed(races: races))), fields: nil,
            cards: cards, cardsAnswerAtOnce: true, book: RaceDayBook(), clock: clock)
        #expect(try await answer(folder).get().scratchings.map(\.name) == ["Late", "Untimed"])
        #expect(cards.requests.withLock { $0 } == ["a", "b", "broken"])
        let book = RaceDayBook()
        book.record(field: runners["b"]!, forRace: "b", at: clock.now())
        let server = Cards(runners)
        let fromServer = ScratchingsInteractor(
            meetings: nil, races: FakeRaceService(result: .success(RaceFeed(races: races))), fields: nil,
            cards: server, cardsAnswerAtOnce: false, book: book, clock: clock)
        let day = try await answer(fromServer).get()
        #expect(day.reach == .cardsRead(1))
        #expect(day.scratchings.map(\.name) == ["Untimed"])
        #expect(server.requests.withLock { $0 }.isEmpty, "a server's cards are never asked for here")
    }

    @Test("no card source: no field; a list that fails gives way to the feed; a feed that fails is the answer")
    func noCardsAndFailures() async throws {
        let none = ScratchingsInteractor(
            meetings: DayList(.failure(.unavailable(source: "list", reason: "down"))),
            races: FakeRaceService(result: .success(RaceFeed(races: races + races))), fields: nil, cards: nil,
            cardsAnswerAtOnce: false, book: RaceDayBook(), clock: clock)
        let day = try await answer(none).get()
        #expect(day.reach == .noCards && day.scratchings.isEmpty)
        #expect(day.races.map(\.id) == ["a", "b", "broken"], "a race the feed names twice, once")
        let failing = ScratchingsInteractor(
            meetings: nil, races: FakeRaceService(result: .failure(.unavailable(source: "feed", reason: "down"))),
            fields: nil, cards: nil, cardsAnswerAtOnce: false, book: RaceDayBook(), clock: clock)
        let failed = await answer(failing)
        #expect(throws: RaceDataError.self) { try failed.get() }
    }
}
