/// A race's market at a glance, as a bookmaker's next-to-go tile gives it: its favourite, and the shortest fixed
/// win prices of the runners still running, shortest first.
public struct RaceMarket: Sendable, Equatable, Hashable {
    /// One runner's fixed win price.
    public struct Price: Sendable, Equatable, Hashable {
        public let runnerNumber: Int
        public let price: Double

        public init(runnerNumber: Int, price: Double) {
            self.runnerNumber = runnerNumber
            self.price = price
        }
    }

    /// A tile shows three.
    public static let pricesShown = 3

    public let favourite: MarketFavourite?
    /// At most `pricesShown`, shortest first (equal prices by number).
    public let shortest: [Price]

    public init(favourite: MarketFavourite?, shortest: [Price]) {
        self.favourite = favourite
        self.shortest = Array(shortest.prefix(Self.pricesShown))
    }

    /// The market of a field: nil when no runner still running has a price a book would offer.
    public init?(runners: [Runner]) {
        let priced = runners.compactMap { runner -> Price? in
            guard !runner.isScratched, let price = runner.fixedWin, MarketFavourite.isPlausible(price) else {
                return nil
            }
            return Price(runnerNumber: runner.number, price: price)
        }
        guard !priced.isEmpty else { return nil }
        self.init(
            favourite: MarketFavourite(runners: runners),
            shortest: priced.sorted { ($0.price, $0.runnerNumber) < ($1.price, $1.runnerNumber) })
    }
}
