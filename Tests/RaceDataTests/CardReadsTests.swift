import Core
import Dispatch
import Foundation
import RaceDataLive
import Synchronization
import TestSupport
import Testing

@testable import RaceData

/// Every card read through the app's card reads goes into the day's book, whoever read it, and a server's card
/// serves every asker within a look.
@Suite("Card reads and the day's book")
struct CardReadsTests {
    static let now = Date(timeIntervalSince1970: 1_772_870_000)

    /// A card, run and placed (an id starting "open": still open), for any race but "none" (no card) and "down"
    /// (the source fails); counts the requests.
    final class RunCards: RaceCardService {
        let asked = Mutex<[String]>([])
        var sourceDescription: String { "run cards" }
        func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
            asked.withLock { $0.append(id) }
            if id == "down" { throw .unavailable(source: "run cards", reason: "down") }
            guard id != "none" else { return nil }
            return RaceCard(
                raceID: id, status: id.hasPrefix("open") ? .open : .final,
                runners: [
                    Runner(number: 2, name: "Two", rider: "R Two", fixedWin: 2.5),
                    Runner(number: 4, name: "Four", fixedWin: 6),
                ],
                placings: [Placing(position: 1, runnerNumber: 4), Placing(position: 2, runnerNumber: 2)])
        }
    }

    @Test("a card read by any screen is in the book: standing, market while open, field; none and a failure, nothing")
    func recorded() throws {
        let book = RaceDayBook()
        let reads = CardReads(wrapping: RunCards(), book: book, clock: FixedClock(Self.now), sharedFor: 0)
        #expect(try reads.card(forRace: "r7")?.raceID == "r7")
        #expect(book.standing(ofRace: "r7", at: Self.now)?.placings == [4, 2])
        #expect(book.standing(ofRace: "r7", at: Self.now)?.status == .final)
        #expect(book.market(ofRace: "r7", at: Self.now)?.favourite == nil, "a race run has no market to show")
        #expect(book.field(ofRace: "r7")?.runners.map(\.rider) == ["R Two", nil])
        #expect(book.field(ofRace: "r7")?.runners.allSatisfy { $0.fixedWin == nil } == true, "a field has no prices")
        _ = try reads.card(forRace: "open8")
        #expect(book.market(ofRace: "open8", at: Self.now)?.favourite == MarketFavourite(runnerNumber: 2, price: 2.5))
        #expect(try reads.card(forRace: "none") == nil)
        #expect(throws: RaceDataError.self) { try reads.card(forRace: "down") }
        #expect(book.field(ofRace: "none") == nil && book.field(ofRace: "down") == nil)
        #expect(reads.sourceDescription == "run cards")
    }

    @Test("a server's card serves every asker for a look, then is asked again; a source at once is asked each time")
    func sharedWithinALook() throws {
        let cards = RunCards()
        let clock = ManualClock(Self.now.timeIntervalSince1970)
        let book = RaceDayBook()
        // The board's reads and the screens' reads: two readers, one book.
        let board = CardReads(
            wrapping: cards, book: book, clock: clock, sharedFor: CardReads.serverLook, readClock: clock)
        let screens = CardReads(
            wrapping: cards, book: book, clock: clock, sharedFor: CardReads.serverLook, readClock: clock)
        _ = try board.card(forRace: "open1")
        clock.advance(by: CardReads.serverLook - 1)
        #expect(try screens.card(forRace: "open1")?.raceID == "open1")
        #expect(cards.asked.withLock { $0 } == ["open1"])
        clock.advance(by: 2)
        _ = try screens.card(forRace: "open1")
        #expect(cards.asked.withLock { $0 } == ["open1", "open1"])
        let atOnce = CardReads(wrapping: cards, book: book, clock: clock, sharedFor: 0, readClock: clock)
        _ = try atOnce.card(forRace: "open1")
        #expect(cards.asked.withLock { $0.count } == 3)
    }

    /// A card source that holds each answer until let go, counting requests; `fails` makes each answer a failure.
    final class HeldCards: RaceCardService {
        let asked = Mutex(0)
        let started = DispatchSemaphore(value: 0)
        let letGo = DispatchSemaphore(value: 0)
        let fails: Bool
        let kept: RaceCard?
        init(fails: Bool = false, kept: RaceCard? = nil) {
            self.fails = fails
            self.kept = kept
        }
        var sourceDescription: String { "held cards" }
        func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
            asked.withLock { $0 += 1 }
            started.signal()
            letGo.wait()
            if fails { throw .unavailable(source: "held cards", reason: "down") }
            return RaceCard(raceID: id, status: .open, runners: [Runner(number: 1, name: "A", fixedWin: 3)])
        }
        func keptCopy(forRace id: String) -> RaceCard? { kept }
    }

    /// Three readers of one source asking for a card together, the first held until the others are waiting on
    /// it; each one's answer or error.
    func askTogether(_ cards: HeldCards) -> [String] {
        let book = RaceDayBook()
        // The readers' clock runs on: a card kept from a read already done is no answer, only the read under way.
        let clock = ManualClock(Self.now.timeIntervalSince1970)
        let readers = (0..<3).map { _ in
            CardReads(wrapping: cards, book: book, clock: clock, sharedFor: CardReads.serverLook, readClock: clock)
        }
        let answers = Mutex<[String]>([])
        let group = DispatchGroup()
        for (index, reader) in readers.enumerated() {
            // A thread each: blocked readers on the shared pool of a busy 2-core machine wait for threads to come.
            group.enter()
            Thread.detachNewThread {
                let answer: String
                do {
                    answer = try reader.card(forRace: "r1").map { $0.offline == nil ? "card" : "kept" } ?? "none"
                } catch { answer = "error" }
                answers.withLock { $0.append(answer) }
                group.leave()
            }
            // The first is reading before the others ask.
            if index == 0 { cards.started.wait() }
        }
        // Each later asker, once it has asked, either waits on the read under way or (not shared) asks again and
        // shows in the count; let go enough for every request that could be made, so none hangs.
        expectEventually("both later askers have asked") {
            book.waitingReads(ofRace: "r1") == 2 || cards.asked.withLock { $0 } > 1
        }
        for _ in 0..<3 { cards.letGo.signal() }
        group.wait()
        return answers.withLock { $0 }
    }

    @Test("a read under way is waited for, not made again: three readers asking at once make one request")
    func readUnderWayShared() {
        let cards = HeldCards()
        #expect(askTogether(cards) == ["card", "card", "card"])
        #expect(cards.asked.withLock { $0 } == 1)
    }

    @Test("a read under way that fails gives each waiter its own source's kept copy, never a second request")
    func failedReadUnderWay() {
        var kept = RaceCard(raceID: "r1", status: .open)
        kept.offline = OfflineCard(savedAt: Self.now, reason: "down")
        let cards = HeldCards(fails: true, kept: kept)
        #expect(askTogether(cards).sorted() == ["error", "kept", "kept"])
        #expect(cards.asked.withLock { $0 } == 1)
        let bare = HeldCards(fails: true)
        #expect(askTogether(bare) == ["error", "error", "error"])
        #expect(bare.asked.withLock { $0 } == 1)
    }

    @Test("a list's bare word after a card keeps the card's placings; it moves the race on, never back")
    func listAfterACard() {
        let book = RaceDayBook()
        book.record(
            RaceCard(raceID: "r1", status: .final, placings: [Placing(position: 1, runnerNumber: 3, name: "C")]),
            at: Self.now)
        book.record(.final, forRace: "r1")
        #expect(book.standing(ofRace: "r1", at: Self.now)?.boardText == "Final 3")
        book.record(.open, forRace: "r1")
        #expect(book.standing(ofRace: "r1", at: Self.now)?.boardText == "Final 3")
        book.record(.abandoned, forRace: "r1")
        #expect(book.abandonedRaceIDs == ["r1"], "a result and an abandonment may correct each other")
        // A replayed race's whole life replaces what was told, and a card read of it leaves the life alone.
        let life = [
            RaceStanding(status: .open, from: Self.now.addingTimeInterval(-60)),
            RaceStanding(status: .final, placings: [2], from: Self.now.addingTimeInterval(600)),
        ]
        book.record(life, forRace: "r2")
        book.record(RaceCard(raceID: "r2", status: .open), at: Self.now)
        #expect(book.standing(ofRace: "r2", at: Self.now.addingTimeInterval(700))?.boardText == "Final 2")
    }

    @Test("a copy kept offline tells its field, never its standing or market; an index's market outlasts a card's")
    func offlineAndIndexed() {
        let book = RaceDayBook()
        var card = RaceCard(raceID: "r1", status: .open, runners: [Runner(number: 3, name: "C", fixedWin: 2.2)])
        book.record(card, at: Self.now)
        card.runners[0].fixedWin = 9
        card.status = .final
        card.offline = OfflineCard(savedAt: Self.now, reason: "offline")
        book.record(card, at: Self.now)
        #expect(book.market(ofRace: "r1", at: Self.now)?.favourite == MarketFavourite(runnerNumber: 3, price: 2.2))
        #expect(book.standing(ofRace: "r1", at: Self.now)?.status == .open)
        // Not read again for long: no price rather than an old one.
        let later = Self.now.addingTimeInterval(RaceDayBook.marketStaleAfter + 1)
        #expect(book.market(ofRace: "r1", at: later)?.favourite == nil)

        struct Index: RaceMarketIndex {
            func marketTimeline(ofRace id: String) -> MarketTimeline? {
                MarketTimeline(
                    first: RaceMarket(runners: [Runner(number: 1, name: "A", fixedWin: 4)]),
                    then: [
                        .init(
                            from: CardReadsTests.now,
                            market: RaceMarket(runners: [Runner(number: 2, name: "B", fixedWin: 3)]))
                    ])
            }
        }
        let indexed = RaceDayBook(index: Index())
        indexed.record(
            RaceCard(raceID: "x", status: .open, runners: [Runner(number: 9, name: "N", fixedWin: 2)]), at: Self.now)
        #expect(indexed.market(ofRace: "x", at: Self.now.addingTimeInterval(-1))?.favourite?.runnerNumber == 1)
        #expect(indexed.market(ofRace: "x", at: later)?.favourite?.runnerNumber == 2)
    }

    @Test("a card's standing only goes forward: an open card undoes no abandonment or result told before it")
    func standingGoesForward() {
        let book = RaceDayBook()
        let open = RaceCard(raceID: "r1", status: .open, runners: [Runner(number: 3, name: "C", fixedWin: 2.2)])
        book.record(.abandoned, forRace: "r1")
        book.record(open, at: Self.now)
        #expect(book.abandonedRaceIDs == ["r1"])
        book.record([RaceStanding(status: .final, placings: [3, 1])], forRace: "r2")
        book.record(RaceCard(raceID: "r2", status: .closed), at: Self.now)
        #expect(book.standing(ofRace: "r2", at: Self.now)?.boardText == "Final 3-1")
        // Forward it goes: closed, then the result.
        book.record(RaceCard(raceID: "r3", status: .closed), at: Self.now)
        book.record(
            RaceCard(raceID: "r3", status: .final, placings: [Placing(position: 1, runnerNumber: 5)]), at: Self.now)
        #expect(book.standing(ofRace: "r3", at: Self.now)?.boardText == "Final 5")
    }

    @Test("the book stays bounded however many races are told, and keeps only a look's worth of whole cards")
    func bounded() {
        let book = RaceDayBook()
        for index in 0..<(RaceKeyedLimit.races + 10) {
            book.record(RaceCard(raceID: "r\(index)", status: .open, runners: []), at: Self.now)
        }
        #expect(book.field(ofRace: "r\(RaceKeyedLimit.races + 9)") != nil)
        #expect(book.field(ofRace: "r0") == nil)
        let shared = RaceDayBook()
        for index in 0..<100 {
            _ = try? shared.readOnce(
                ofRace: "c\(index)", sharedFor: 60, clock: FixedClock(Self.now), reader: ObjectIdentifier(shared),
                read: { RaceCard(raceID: "c\(index)", status: .open) }, keptCopy: { nil })
        }
        let kept = (0..<100).filter { shared.card(ofRace: "c\($0)", readWithin: 60, at: Self.now) != nil }
        #expect(kept == Array(68..<100), "the latest read, a look's worth")
    }
}
