/// The market's favourite of a race: the runner at the shortest fixed win price, and that price. What a
/// bookmaker's next-to-go panel gives at a glance.
public struct MarketFavourite: Sendable, Equatable, Hashable {
    public let runnerNumber: Int
    public let price: Double

    /// The dearest price a favourite is shown at: books go no further than 1001, and a hostile card's 1e300
    /// would not fit a board's column.
    public static let highestPrice = 1_001.0

    /// nil for a price no book would offer (not a number, 1.0 or less, beyond `highestPrice`).
    public init?(runnerNumber: Int, price: Double) {
        guard price.isFinite, price > 1, price <= Self.highestPrice else { return nil }
        self.runnerNumber = runnerNumber
        self.price = price
    }

    /// The favourite of a field: the runner the card marks as favourite, else the shortest fixed win price of
    /// those still running (the lowest number of equals); nil when no runner has a price.
    public init?(runners: [Runner]) {
        let running = runners.filter { !$0.isScratched }
        if let marked = running.first(where: { $0.isFavourite }), let price = marked.fixedWin,
            let favourite = MarketFavourite(runnerNumber: marked.number, price: price)
        {
            self = favourite
            return
        }
        let priced = running.compactMap { runner in
            runner.fixedWin.flatMap { MarketFavourite(runnerNumber: runner.number, price: $0) }
        }
        guard
            let shortest = priced.min(by: {
                ($0.price, $0.runnerNumber) < ($1.price, $1.runnerNumber)
            })
        else { return nil }
        self = shortest
    }
}
