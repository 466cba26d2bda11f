/// A runner's chance as its price says it (100/price, in percent), and how far a move of price moved it: market
/// movers are ranked by it, so a short-priced runner's move (3.00 -> 2.60, +5.1 points) outranks a longshot's
/// bigger one in price (34.00 -> 17.00, +2.9).
public enum MarketChance {
    /// The change in chance from `opened` to `now`, in percentage points (positive: backed); nil for prices that
    /// are not prices.
    public static func points(from opened: Double, to now: Double) -> Double? {
        guard opened > 0, now > 0, opened.isFinite, now.isFinite else { return nil }
        return 100 / now - 100 / opened
    }
}
