import Platform

/// What a late scratching takes off the fixed-odds bets struck before it on the runners left in: cents in the dollar
/// of a winning bet's return, on win bets and on place bets, as Australian and New Zealand bookmakers quote them
/// (`12.5c`). The affiliates API's `deduction {win, place}` documents no unit, and no card read has had one: it is
/// read as those cents, the one way bookmakers and the TABs publish deductions.
public struct Deduction: Sendable, Equatable, Codable {
    public let win: Double
    public let place: Double

    /// Cents a deduction can be: none, up to the whole dollar.
    public static let cents: ClosedRange<Double> = 0...100

    /// nil unless both are cents a deduction can be (a negative, an infinite or a hundred-odd is a damaged card).
    public init?(win: Double, place: Double) {
        guard Self.cents ~= win, Self.cents ~= place else { return nil }
        self.win = win
        self.place = place
    }

    /// As a bookmaker has it from the scratched runner's fixed win price at its scratching: its chance of winning
    /// (100/price cents) comes off a win bet, and its share of the places (its chance of a place, 100 over its place
    /// price, spread over the places paid) off a place bet, none where the field pays no places; each to the half
    /// cent. `starters`: the field it was scratched from, itself counted. nil for a price that is not one.
    public static func scratched(atPrice price: Double, starters: Int) -> Deduction? {
        guard price.isFinite, price >= 1.01 else { return nil }
        let places = PriceLadder.placesPaid(starters: starters)
        let placeCents =
            places > 0 ? 100 / (PriceLadder.placePrice(fromWin: price, runners: starters) * Double(places)) : 0
        return Deduction(win: halfCents(100 / price), place: halfCents(placeCents))
    }

    private static func halfCents(_ cents: Double) -> Double {
        (cents * 2).rounded() / 2
    }

    /// `12.5c/4.0c`: win, then place, as a scratchings list quotes them.
    public var text: String {
        CFormat.string("%.1fc/%.1fc", win, place)
    }
}
