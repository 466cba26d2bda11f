import Platform

/// A race's result as a punter reads it on a card or a results page: places as `1st`, `2nd`, and each bet's
/// dividends in finishing order (`2 $1.70`, `2-4 $13.70`), one line a bet. The sheet and the results screen both
/// word a result so: one wording, whichever screen shows it.
public enum ResultWording {
    /// One bet's dividends as shown.
    public struct Line: Sendable, Equatable {
        /// `Quinella`, `First Four`.
        public let bet: String
        /// `2 $1.70`, `4 $1.90` for place; `2-4 $13.70` for the rest: the runners and what each paid.
        public let payouts: [String]
        /// Every one of them final (an interim dividend may still change).
        public let isFinal: Bool
        /// The card's dividends behind the payouts, in the same order.
        public let paid: [Dividend]

        public init(bet: String, payouts: [String], isFinal: Bool, paid: [Dividend]) {
            self.bet = bet
            self.payouts = payouts
            self.isFinal = isFinal
            self.paid = paid
        }
    }

    /// The bets a sheet shows, in this order: win, place and the exotics run on one race.
    public static let mainBets = ["Win", "Place", "Quinella", "Exacta", "Trifecta", "First4"]
    /// The bets over two or three races, as cards name them, where a card has them.
    public static let doubles = ["Double", "Running Double", "Daily Double", "Treble"]

    /// The dividends of `bets` the card has, each bet's in finishing order (the place dividends as the runners
    /// finished, whatever order the card lists them in), a bet the card does not have left out.
    public static func lines(_ dividends: [Dividend], placings: [Placing], bets: [String] = mainBets) -> [Line] {
        let finish = Dictionary(placings.map { ($0.runnerNumber, $0.position) }, uniquingKeysWith: min)
        func position(_ dividend: Dividend) -> Int {
            Int(dividend.runners.split(separator: ":").first ?? "").flatMap { finish[$0] } ?? .max
        }
        return bets.compactMap { bet in
            let paid = dividends.enumerated()
                .filter { TextFolding.equalIgnoringCase($0.element.bet, bet) }
                .sorted { (position($0.element), $0.offset) < (position($1.element), $1.offset) }.map(\.element)
            guard !paid.isEmpty else { return nil }
            return Line(
                bet: betName(bet), payouts: paid.map { payout($0) }, isFinal: paid.allSatisfy(\.isFinal), paid: paid)
        }
    }

    /// `First Four` for the card's `First4`; other bets as named.
    public static func betName(_ bet: String) -> String {
        bet == "First4" ? "First Four" : bet
    }

    /// `2-4 $13.70`; a concession double (`concession:2/7`) as `2/7 concession $32.30`; where the card names no
    /// runners, the amount alone.
    public static func payout(_ dividend: Dividend) -> String {
        let amount = RaceMoney.dollars(dividend.amount)
        let runners = runners(dividend.runners)
        return runners.isEmpty ? amount : runners + " " + amount
    }

    /// The runners a dividend pays on as a punter writes them: `2-4-7` for the card's `2:4:7`.
    public static func runners(_ text: String) -> String {
        let concession = "concession:"
        if text.lowercased().hasPrefix(concession) {
            return String(text.dropFirst(concession.count)).replacing(":", with: "-") + " concession"
        }
        return text.replacing(":", with: "-")
    }

    /// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
    public static func ordinal(_ position: Int) -> String {
        let suffix =
            switch (position % 10, position % 100) {
            case (_, 11...13): "th"
            case (1, _): "st"
            case (2, _): "nd"
            case (3, _): "rd"
            default: "th"
            }
        return "\(position)\(suffix)"
    }
}
