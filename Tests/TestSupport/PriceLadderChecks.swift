import Core

extension PriceLadder {
    /// Whether `price` is a step of the ladder (to the cent): what the tests hold the snapshot's and the decoders'
    /// prices to. The app only ever rounds onto the ladder, so it never asks.
    public static func isOnLadder(_ price: Double) -> Bool {
        if price > 21 { return longPrices.contains { abs($0 - price) < 0.000_5 } }
        let step = step(at: price)
        return abs((price / step).rounded() * step - price) < 0.000_5
    }
}
