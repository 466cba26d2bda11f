import Core
import Dispatch
import Foundation
import RaceData
import RaceDataLive
import Synchronization
import TestSupport
import Testing

/// The board's market favourite: the embedded day's markets agree with its cards at every moment, a card
/// source's are read a few at a time, and no price a hostile card gives reaches the board.
@Suite("Race markets")
struct RaceMarketTests {
    static let launch = Date(timeIntervalSince1970: 1_772_870_000)

    @Test("the embedded markets name the favourite the sheet names, at its price, all through every race's market")
    func embeddedAgreesWithTheCards() throws {
        let clock = ManualClock(Self.launch.timeIntervalSince1970)
        let cards = SnapshotRaceCardService(clock: clock)
        let markets = SnapshotMarketIndex()
        let feed = try SnapshotRaceService.embedded(clock: FixedClock(Self.launch)).fetchRaces()
        let races = Dictionary(
            feed.races.map { (SnapshotReplay.captureID(of: $0.id), $0) }, uniquingKeysWith: { first, _ in first }
        ).values
        #expect(races.count > 300)
        var compared = 0
        var changes = 0
        var scratchings = 0
        for race in races {
            let start = race.advertisedStart
            // From the market's opening to after the jump, with half a second either side of each moment the
            // prices move and of each late scratching.
            var moments = [-7 * 3_600.0, -6 * 3_600 + 1, -3_600, -600, -61, -59, 0, 30].map {
                start.addingTimeInterval($0)
            }
            // The card as made, its whole trail: the moments each runner's price moves, and its late scratching.
            let made = try #require(try SnapshotRaceCardService.embeddedCard(SnapshotReplay.captureID(of: race.id)))
            let shift = made.advertisedStart.map { start.timeIntervalSince($0) } ?? 0
            for runner in made.runners {
                var changes = SnapshotCardTimeline.priceChanges(runner, startingAt: start)
                if case .late(let time?, _) = runner.scratching { changes.append(time.addingTimeInterval(shift)) }
                moments += changes.flatMap { [$0.addingTimeInterval(-0.5), $0] }
                scratchings += runner.scratching == nil ? 0 : 1
            }
            var last: MarketFavourite?
            for moment in moments.sorted() {
                clock.set(moment.timeIntervalSince1970)
                // The clock's own reading, to the last bit: a change comes at an exact moment.
                let now = clock.now()
                let sheet = try #require(try cards.card(forRace: race.id))
                let expected = MarketFavourite(runners: sheet.runners)
                #expect(
                    markets.marketTimeline(ofRace: race.id)?.market(at: now)?.favourite == expected,
                    "\(race.id) at \(moment.timeIntervalSince(start)) s from the start")
                #expect(
                    markets.marketTimeline(ofRace: race.id)?.market(at: now)?.shortest
                        == RaceMarket(runners: sheet.runners)?.shortest,
                    "\(race.id)'s shortest prices at \(moment.timeIntervalSince(start)) s from the start")
                // Worked out apart: the shortest price of those running, and every runner at it (equals).
                let running = sheet.runners.filter { !$0.isScratched && $0.fixedWin != nil }
                let shortest = running.min { ($0.fixedWin!, $0.number) < ($1.fixedWin!, $1.number) }
                let equals = running.filter { $0.fixedWin == shortest?.fixedWin }.map(\.number).sorted()
                #expect(expected?.runnerNumber == shortest?.number && expected?.price == shortest?.fixedWin)
                #expect(expected.map(\.runnerNumbers) ?? [] == equals)
                #expect(sheet.runners.filter(\.isMarketFavourite).map(\.number).sorted() == equals)
                if last != nil, expected != last { changes += 1 }
                last = expected
                compared += 1
            }
        }
        #expect(compared > 5_000 && scratchings > 100)
        // The market moves: favourites change or come in through the day.
        #expect(changes > 100)
    }

    @Test("a race the embedded day does not have, or not replayed, has no favourite")
    func embeddedUnknown() {
        let markets = SnapshotMarketIndex()
        #expect(markets.marketTimeline(ofRace: "no-such-race@1772870000")?.market(at: Self.launch)?.favourite == nil)
        #expect(markets.marketTimeline(ofRace: "no-such-race")?.market(at: Self.launch)?.favourite == nil)
        let damaged = SnapshotMarketIndex { _ throws(RaceDataError) in
            throw .unavailable(source: "test", reason: "damaged")
        }
        #expect(damaged.marketTimeline(ofRace: "x@1772870000")?.market(at: Self.launch)?.favourite == nil)
    }

    @Test("a damaged market is read as far as it makes sense; what does not is left out, never a crash")
    func damagedMarket() throws {
        let start = Self.launch
        let at = Int(start.timeIntervalSince1970)
        let bundle = """
            {"a": {"data": {"race": {"advertised_start": \(at)}, "runners": [
              {"runner_number": 1, "name": "One", "odds": {"fixed_win": 4}, "flucs": [5, 4]},
              {"runner_number": 2, "name": "Two", "flucs": ["x", "y"]},
              {"runner_number": 3, "name": "Three"},
              {"runner_number": 4, "name": "Four", "odds": {"fixed_win": 3.5}, "flucs": [3.5],
               "is_late_scratched": true, "scr_time": \(at - 60)},
              {"runner_number": 5, "name": "Five", "odds": {"fixed_win": "nan"}, "flucs": [null]},
              {"runner_number": 6, "name": "Six", "odds": {"fixed_win": 0.5}, "flucs": [0.5]},
              {"runner_number": "six", "name": "Seis", "odds": {"fixed_win": 2}, "flucs": [2]},
              {"runner_number": 7, "name": "Seven", "odds": {"fixed_win": 1.5}, "flucs": [1.5],
               "is_late_scratched": true, "scr_time": "soon"}]}},
             "b": {"data": {"runners": []}},
             "c": {"data": {"runners": [{"runner_number": 1, "name": "A", "flucs": [1e400]},
               {"runner_number": 2, "name": "B", "odds": {"fixed_win": 0}}, {"runner_number": 3, "name": "C"}]}},
             "d": {"race": "no data"}}
            """
        let cards = try RaceCardDecoder().decodeBundle(Data(bundle.utf8), source: "test")
        let markets = SnapshotMarketIndex { id throws(RaceDataError) in cards[id] }
        let id = "a@\(Int(start.timeIntervalSince1970))"
        // Runner 7's late scratching has no readable time: scratched throughout, as its card would have it.
        #expect(
            markets.marketTimeline(ofRace: id)?.market(at: start.addingTimeInterval(-3_600))?.favourite
                == MarketFavourite(runnerNumber: 4, price: 3.5))
        // Runner 4 is scratched a minute before the start: runner 1 is the favourite from then.
        #expect(
            markets.marketTimeline(ofRace: id)?.market(at: start.addingTimeInterval(-30))?.favourite
                == MarketFavourite(runnerNumber: 1, price: 4))
        #expect(
            markets.marketTimeline(ofRace: "b@\(Int(start.timeIntervalSince1970))")?.market(at: start)?.favourite == nil
        )
        #expect(
            markets.marketTimeline(ofRace: "c@\(Int(start.timeIntervalSince1970))")?.market(at: start)?.favourite == nil
        )
        #expect(
            markets.marketTimeline(ofRace: "d@\(Int(start.timeIntervalSince1970))")?.market(at: start)?.favourite == nil
        )
    }

    @Test("the favourite: the card's marked runner, else the shortest price still running, with every equal")
    func favouriteOfAField() {
        let field = [
            Runner(number: 1, name: "A", fixedWin: 4), Runner(number: 2, name: "B", fixedWin: 3),
            Runner(number: 3, name: "C", fixedWin: 3),
            Runner(number: 4, name: "D", fixedWin: 2, scratching: .scratched),
        ]
        #expect(MarketFavourite(runners: field) == MarketFavourite(runnerNumbers: [3, 2], price: 3))
        #expect(MarketFavourite(runners: field)?.runnerNumber == 2)
        var marked = field
        marked[0].isMarketFavourite = true
        #expect(MarketFavourite(runners: marked) == MarketFavourite(runnerNumber: 1, price: 4))
        #expect(MarketFavourite(runners: [Runner(number: 1, name: "A")]) == nil)
        #expect(MarketFavourite(runners: []) == nil)
    }

    @Test("a price no book offers is no favourite's: not a number, 1 or less, beyond 1001")
    func hostilePrices() {
        for price in [Double.nan, .infinity, -.infinity, -3, 0, 1, 1_001.01, 1e300] {
            #expect(MarketFavourite(runnerNumber: 1, price: price) == nil, "\(price)")
            #expect(MarketFavourite(runners: [Runner(number: 1, name: "A", fixedWin: price)]) == nil, "\(price)")
        }
        // A marked runner with a wild price gives way to the shortest sound one.
        let field = [
            Runner(number: 1, name: "A", fixedWin: .nan, isMarketFavourite: true),
            Runner(number: 2, name: "B", fixedWin: 9),
        ]
        #expect(MarketFavourite(runners: field) == MarketFavourite(runnerNumber: 2, price: 9))
        #expect(MarketFavourite(runnerNumber: 1, price: 1_001) != nil)
    }
}
