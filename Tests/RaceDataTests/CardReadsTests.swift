import Core
import Foundation
import RaceData
import RaceDataLive
import Synchronization
import TestSupport
import Testing

/// Every card read through the app's card reads is told to the board's book, marks and market, whoever read it.
@Suite("Card reads")
struct CardReadsTests {
    /// Records the cards it learns from.
    final class Learner: CardLearner {
        let learned = Mutex<[String]>([])
        func learn(_ card: RaceCard) { learned.withLock { $0.append(card.raceID) } }
    }

    /// A card, run and placed (an id starting "open": still open), for any race but "none" (no card) and "down"
    /// (the source fails).
    final class RunCards: RaceCardService {
        var sourceDescription: String { "run cards" }
        func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
            if id == "down" { throw .unavailable(source: "run cards", reason: "down") }
            guard id != "none" else { return nil }
            return RaceCard(
                raceID: id, status: id.hasPrefix("open") ? .open : .final,
                runners: [Runner(number: 2, name: "Two", fixedWin: 2.5), Runner(number: 4, name: "Four", fixedWin: 6)],
                placings: [Placing(position: 1, runnerNumber: 4), Placing(position: 2, runnerNumber: 2)])
        }
    }

    @Test("a card read by any screen is told to every learner; none and a failure tell nothing")
    func toldToEveryLearner() throws {
        let first = Learner()
        let second = Learner()
        let reads = CardReads(wrapping: RunCards(), learners: [first, second])
        #expect(try reads.card(forRace: "r1")?.raceID == "r1")
        #expect(try reads.card(forRace: "none") == nil)
        #expect(throws: RaceDataError.self) { try reads.card(forRace: "down") }
        #expect(first.learned.withLock { $0 } == ["r1"] && second.learned.withLock { $0 } == ["r1"])
        #expect(reads.sourceDescription == "run cards")
    }

    @Test("the board's book has the placings and its market the favourite, from a read no board asked for")
    func theBoardLearns() throws {
        let now = Date(timeIntervalSince1970: 1_772_870_000)
        let book = RaceStatusBook()
        let markets = CardMarkets(cards: RunCards(), answersAtOnce: false, clock: FixedClock(now))
        let reads = CardReads(wrapping: RunCards(), learners: [book, markets])
        _ = try reads.card(forRace: "r7")
        #expect(book.standing(ofRace: "r7", at: now)?.status == .final)
        #expect(book.standing(ofRace: "r7", at: now)?.placings == [4, 2])
        _ = try reads.card(forRace: "open8")
        #expect(
            markets.favourite(ofRace: "open8", at: now)
                == MarketFavourite(runners: try #require(try reads.card(forRace: "open8")).runners))
        #expect(markets.favourite(ofRace: "open8", at: now)?.runnerNumber == 2)
    }
}
