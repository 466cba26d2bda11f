import Core
import Testing

@Suite("Market favourite")
struct MarketFavouriteTests {
    @Test("one runner at the shortest price is the favourite alone")
    func alone() throws {
        let favourite = try #require(
            MarketFavourite(runners: [
                Runner(number: 1, name: "A", fixedWin: 4), Runner(number: 2, name: "B", fixedWin: 3.3),
            ]))
        #expect(favourite.runnerNumber == 2 && favourite.runnerNumbers == [2] && !favourite.isEqual)
        #expect(favourite.includes(2) && !favourite.includes(1))
    }

    @Test("runners sharing the shortest price are equal favourites, each of them; a scratched one is not")
    func equals() throws {
        let field = [
            Runner(number: 5, name: "E", fixedWin: 3.3), Runner(number: 1, name: "A", fixedWin: 4),
            Runner(number: 3, name: "C", fixedWin: 3.3),
            Runner(number: 4, name: "D", fixedWin: 3.3, scratching: .scratched),
            Runner(number: 6, name: "F"),
        ]
        let favourite = try #require(MarketFavourite(runners: field))
        #expect(favourite.isEqual && favourite.runnerNumbers == [3, 5])
        #expect(favourite.runnerNumber == 3 && favourite.price == 3.3)
        #expect(favourite.includes(5) && !favourite.includes(4) && !favourite.includes(1))
        // Three at the price: all three.
        let three = field + [Runner(number: 2, name: "B", fixedWin: 3.3)]
        #expect(MarketFavourite(runners: three)?.runnerNumbers == [2, 3, 5])
        // A price drifting apart ends the tie.
        var apart = field
        apart[0].fixedWin = 3.4
        #expect(MarketFavourite(runners: apart)?.runnerNumbers == [3])
    }

    @Test("a runner the card marks as favourite, with every other at its price")
    func marked() {
        var field = [
            Runner(number: 1, name: "A", fixedWin: 4), Runner(number: 2, name: "B", fixedWin: 3),
            Runner(number: 3, name: "C", fixedWin: 3),
        ]
        field[2].isMarketFavourite = true
        #expect(MarketFavourite(runners: field) == MarketFavourite(runnerNumbers: [2, 3], price: 3))
        field[2].isMarketFavourite = false
        field[0].isMarketFavourite = true
        #expect(MarketFavourite(runners: field) == MarketFavourite(runnerNumber: 1, price: 4))
    }

    @Test("made from numbers: sorted, each once; none, or a price no book offers, is no favourite")
    func fromNumbers() {
        #expect(MarketFavourite(runnerNumbers: [7, 2, 7], price: 2.5)?.runnerNumbers == [2, 7])
        #expect(MarketFavourite(runnerNumbers: [], price: 2.5) == nil)
        #expect(MarketFavourite(runnerNumbers: [1, 2], price: .nan) == nil)
        #expect(MarketFavourite(runnerNumber: 4, price: 2.5)?.isEqual == false)
    }

    @Test("a market's shortest prices: three at most, shortest first, equals by number, none scratched or absurd")
    func shortestPrices() throws {
        var field = [
            Runner(number: 1, name: "A", fixedWin: 4), Runner(number: 2, name: "B", fixedWin: 2.5),
            Runner(number: 3, name: "C", fixedWin: 2.5), Runner(number: 4, name: "D", fixedWin: 1.5),
            Runner(number: 5, name: "E", fixedWin: .nan), Runner(number: 6, name: "F", fixedWin: 9),
        ]
        field[3].scratching = .scratched
        let market = try #require(RaceMarket(runners: field))
        #expect(market.shortest.map(\.runnerNumber) == [2, 3, 1])
        #expect(market.shortest.map(\.price) == [2.5, 2.5, 4])
        #expect(market.favourite == MarketFavourite(runnerNumbers: [2, 3], price: 2.5))
        #expect(
            RaceMarket(runners: [Runner(number: 1, name: "A"), Runner(number: 2, name: "B", fixedWin: 0.5)]) == nil)
        #expect(RaceMarket(runners: []) == nil)
    }
}
