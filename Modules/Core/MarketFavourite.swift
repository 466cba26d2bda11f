/// The market's favourite of a race: the runner at the shortest fixed win price, and that price. What a
/// bookmaker's next-to-go panel gives at a glance. When more than one runner is at that price they are equal
/// favourites, each of them the favourite.
public struct MarketFavourite: Sendable, Equatable, Hashable {
    /// The favourite; of equal favourites, the lowest number.
    public let runnerNumber: Int
    public let price: Double
    /// Every runner at the favourite's price, in number order: more than one for equal favourites.
    public let runnerNumbers: [Int]

    /// The dearest price a favourite is shown at: books go no further than 1001, and a hostile card's 1e300
    /// would not fit a board's column.
    public static let highestPrice = 1_001.0

    /// nil for a price no book would offer (not a number, 1.0 or less, beyond `highestPrice`).
    public init?(runnerNumber: Int, price: Double) {
        self.init(runnerNumbers: [runnerNumber], price: price)
    }

    /// Equal favourites (one number: the favourite alone); nil for no number, or a price no book would offer.
    public init?(runnerNumbers: [Int], price: Double) {
        let numbers = Array(Set(runnerNumbers)).sorted()
        guard let first = numbers.first, Self.isPlausible(price) else { return nil }
        runnerNumber = first
        self.price = price
        self.runnerNumbers = numbers
    }

    /// More than one runner shares the shortest price.
    public var isEqual: Bool { runnerNumbers.count > 1 }

    /// Whether runner `number` is the favourite or one of the equal favourites.
    public func includes(_ number: Int) -> Bool { runnerNumbers.contains(number) }

    static func isPlausible(_ price: Double) -> Bool {
        price.isFinite && price > 1 && price <= highestPrice
    }

    /// The favourite of a field: the runner the card marks as favourite, else the shortest fixed win price of
    /// those still running; with it, every other runner still running at its price (equal favourites). nil when
    /// no runner has a price.
    public init?(runners: [Runner]) {
        let running = runners.filter { !$0.isScratched }
        let price: Double
        if let marked = running.first(where: { $0.isMarketFavourite }), let markedPrice = marked.fixedWin,
            Self.isPlausible(markedPrice)
        {
            price = markedPrice
        } else if let shortest = running.compactMap(\.fixedWin).filter(Self.isPlausible).min() {
            price = shortest
        } else {
            return nil
        }
        self.init(runnerNumbers: running.filter { $0.fixedWin == price }.map(\.number), price: price)
    }
}
