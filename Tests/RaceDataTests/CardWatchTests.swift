import Core
import Dispatch
import Foundation
import RaceData
import RaceDataLive
import Synchronization
import TestSupport
import Testing

/// The board's watch: the soonest races of each code read for their markets and the races in their last minute
/// for their results, a few a look from a server, into the day's book, and never a card another screen has read
/// in the look.
@Suite("The board's card watch")
struct CardWatchTests {
    static let now = Date(timeIntervalSince1970: 1_772_870_000)

    /// Cards priced by race: runner 1 at `price`, runner 2 at 10, open unless placed; records each race asked for.
    final class PricedCards: RaceCardService {
        let asked = Mutex<[String]>([])
        let prices = Mutex<[String: Double]>([:])
        let failing = Mutex<Set<String>>([])
        let placed = Mutex<[String: [Int]]>([:])
        var sourceDescription: String { "priced cards" }

        func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
            asked.withLock { $0.append(id) }
            if failing.withLock({ $0.contains(id) }) {
                throw .unavailable(source: "priced cards", reason: "no answer")
            }
            let price = prices.withLock { $0[id] } ?? 5
            let placings = placed.withLock { $0[id] } ?? []
            return RaceCard(
                raceID: id, status: placings.isEmpty ? .open : .final,
                runners: [Runner(number: 1, name: "A", fixedWin: price), Runner(number: 2, name: "B", fixedWin: 10)],
                placings: placings.enumerated().map { Placing(position: $0.offset + 1, runnerNumber: $0.element) })
        }
    }

    static func race(_ id: String, _ category: RaceCategory, in minutes: Double) -> Race {
        Race(
            id: id, number: 1, meetingName: "Venue", category: category,
            advertisedStart: now.addingTimeInterval(minutes * 60))
    }

    struct Watched {
        let cards = PricedCards()
        let clock = ManualClock(CardWatchTests.now.timeIntervalSince1970)
        let book = RaceDayBook()
        let queue = DispatchQueue(label: "test.watch")
        let watch: CardWatch
        let screens: CardReads

        init(atOnce: Bool) {
            let sharedFor = atOnce ? 0 : CardReads.serverLook
            watch = CardWatch(
                cards: cards, book: book, answersAtOnce: atOnce, clock: clock, readClock: clock, queue: queue)
            screens = CardReads(wrapping: cards, book: book, clock: clock, sharedFor: sharedFor, readClock: clock)
        }

        func look(at races: [Race]) {
            watch.look(at: races)
            queue.sync {}
        }

        var asked: [String] { cards.asked.withLock { $0 } }
    }

    @Test("a source that answers at once: the soonest 8 of each code to come read in the fetch, soonest first")
    func atOnce() {
        let watched = Watched(atOnce: true)
        let horses = (1...10).map { Self.race("h\($0)", .horse, in: Double($0)) }
        let dogs = [Self.race("g1", .greyhound, in: 3)]
        let jumped = Self.race("gone", .horse, in: -1)
        watched.watch.look(at: horses.reversed() + dogs + [jumped])
        #expect(watched.asked == ["h1", "h2", "g1", "h3", "h4", "h5", "h6", "h7", "h8"])
        #expect(
            watched.book.market(ofRace: "h1", at: Self.now)?.favourite == MarketFavourite(runnerNumber: 1, price: 5))
        #expect(watched.book.market(ofRace: "h9", at: Self.now)?.favourite == nil)
        // Within its lifetime nothing is read again; after it, each is.
        watched.watch.look(at: horses)
        #expect(watched.asked.count == 9)
        watched.cards.prices.withLock { $0["h1"] = 12 }
        watched.clock.advance(by: CardWatch.localLifetime)
        watched.watch.look(at: horses)
        #expect(
            watched.book.market(ofRace: "h1", at: watched.clock.now())?.favourite
                == MarketFavourite(runnerNumber: 2, price: 10))
    }

    @Test("a server: three cards a look, markets at most every 20 s, unread races first, then the longest unread")
    func server() {
        let watched = Watched(atOnce: false)
        let races = (1...5).map { Self.race("r\($0)", .harness, in: Double($0) + 10) }
        watched.look(at: races)
        #expect(watched.asked == ["r1", "r2", "r3"])
        // A fetch a second later (`--refresh 1`) looks no sooner than the spacing.
        watched.clock.advance(by: 1)
        watched.look(at: races)
        #expect(watched.asked.count == 3)
        // A look 10 s on reads no market: markets wait for theirs.
        watched.clock.advance(by: CardWatch.lookSpacing)
        watched.look(at: races)
        #expect(watched.asked.count == 3)
        watched.clock.advance(by: CardWatch.marketSpacing - CardWatch.lookSpacing)
        watched.look(at: races)
        #expect(watched.asked == ["r1", "r2", "r3", "r4", "r5"])
        // After the lifetime the first read are due first; r1's card fails and its last market stays.
        watched.clock.set(Self.now.timeIntervalSince1970 + CardWatch.serverLifetime)
        watched.cards.failing.withLock { $0 = ["r1"] }
        watched.look(at: races)
        #expect(watched.asked.suffix(3) == ["r1", "r2", "r3"])
        #expect(
            watched.book.market(ofRace: "r1", at: watched.clock.now())?.favourite
                == MarketFavourite(runnerNumber: 1, price: 5))
    }

    @Test("a jumped race still on the board is read for its result first, latest jumped first, until it is placed")
    func resultsFirst() {
        let watched = Watched(atOnce: false)
        let jumpedEarlier = Self.race("early", .horse, in: -0.5)
        let jumpedLater = Self.race("late", .horse, in: -0.2)
        let gone = Self.race("gone", .horse, in: -5)
        let toCome = (1...4).map { Self.race("t\($0)", .horse, in: Double($0)) }
        watched.look(at: toCome + [gone, jumpedEarlier, jumpedLater])
        #expect(watched.asked == ["late", "early", "t1"])
        watched.cards.placed.withLock { $0["late"] = [4, 2, 7] }
        watched.clock.advance(by: CardWatch.resultInterval)
        watched.look(at: toCome + [gone, jumpedEarlier, jumpedLater])
        #expect(watched.asked.suffix(2) == ["late", "early"], "results every 10 s; markets wait for theirs")
        #expect(watched.book.standing(ofRace: "late", at: watched.clock.now())?.boardText == "Final 4-2-7")
        // Placed: not asked again.
        watched.clock.advance(by: CardWatch.resultInterval)
        watched.look(at: toCome + [gone, jumpedEarlier, jumpedLater])
        #expect(!watched.asked.suffix(3).contains("late"))
    }

    @Test("one request per race per look, whoever asks: a card a screen read is not read again, and the reverse")
    func oneRequestPerLook() throws {
        let watched = Watched(atOnce: false)
        let races = (1...3).map { Self.race("r\($0)", .horse, in: Double($0) + 10) }
        // A screen (movers, a sheet) read r2 just before the board's look: the board has its market from it.
        _ = try watched.screens.card(forRace: "r2")
        watched.look(at: races)
        #expect(watched.asked == ["r2", "r1", "r3"])
        #expect(watched.book.market(ofRace: "r2", at: watched.clock.now())?.favourite != nil)
        // And a screen asking within the look is served what the board read.
        watched.clock.advance(by: 5)
        for race in races { _ = try watched.screens.card(forRace: race.id) }
        #expect(watched.asked.count == 3)
    }

    @Test("a run pinned by --now still reads a result as it comes: how often is the system's clock, not the run's")
    func pinnedRunClock() {
        let cards = PricedCards()
        let book = RaceDayBook()
        let readClock = ManualClock(Self.now.timeIntervalSince1970)
        let queue = DispatchQueue(label: "test.watch.pinned")
        let watch = CardWatch(
            cards: cards, book: book, answersAtOnce: false, clock: FixedClock(Self.now), readClock: readClock,
            queue: queue)
        let jumped = [Self.race("r1", .horse, in: -0.5)]
        let look = {
            watch.look(at: jumped)
            queue.sync {}
        }
        look()
        #expect(cards.asked.withLock { $0 } == ["r1"])
        cards.placed.withLock { $0["r1"] = [5, 1] }
        look()
        #expect(cards.asked.withLock { $0.count } == 1, "not again within the interval")
        readClock.advance(by: CardWatch.resultInterval)
        look()
        #expect(cards.asked.withLock { $0 } == ["r1", "r1"])
        #expect(book.standing(ofRace: "r1", at: Self.now)?.boardText == "Final 5-1")
    }
}
