/// The steps a bookmaker's fixed prices move in, as every price in the real cards does: by 0.01 under 2, 0.05 to
/// 3, 0.1 to 4, 0.2 to 5, 0.5 to 10, whole numbers from 10 to 21, and past 21 only the long prices bookmakers use
/// (23, 26, 31, 34, 41 ... 101, 126 ... 1001). And how a place price is had from the win price.
public enum PriceLadder {
    /// Past 21, the only prices the ladder has.
    public static let longPrices: [Double] = [
        21, 23, 26, 31, 34, 41, 46, 51, 61, 67, 71, 81, 91, 101, 126, 151, 201, 251, 301, 401, 501, 751, 1001,
    ]

    /// The step a price at this level moves by (past 21 the steps widen: see `longPrices`).
    public static func step(at price: Double) -> Double {
        for (below, step) in [(2.0, 0.01), (3, 0.05), (4, 0.1), (5, 0.2), (10, 0.5)] where price < below {
            return step
        }
        return 1
    }

    /// The ladder's price at or below `price` (never under 1.01).
    public static func downToLadder(_ price: Double) -> Double {
        if price > 21 { return longPrices.last { $0 <= price + 0.000_5 } ?? 21 }
        let step = step(at: price)
        return (max(1.01, (price / step + 1e-9).rounded(.towardZero) * step) * 100).rounded() / 100
    }

    /// How many places the field pays, as the totes and bookmakers have it: none with 4 starters or fewer (no
    /// place betting), 2 with 5 to 7, 3 from 8.
    public static func placesPaid(starters: Int) -> Int {
        starters <= 4 ? 0 : starters < 8 ? 2 : 3
    }

    /// A bookmaker's place price from the win price: a fifth of the odds where three places are paid (eight or
    /// more runners), about an eighth where two are, less for long prices; rounded down onto the ladder (where
    /// no places are paid, `placesPaid` says so: there is no place price to have).
    /// `Scripts/make-snapshot` makes the race day's place prices by the same rule.
    public static func placePrice(fromWin win: Double, runners: Int) -> Double {
        var fraction = placesPaid(starters: runners) >= 3 ? 5.0 : 7.5
        if win > 20 { fraction *= 1 + (win - 20) / 80 }
        return downToLadder(1 + (win - 1) / fraction)
    }
}
