import Platform

/// Money as a punter reads it on a card: a dividend in dollars and cents (`$1,350.40`: the tote pays per dollar),
/// and prize money in the meeting's money (`$30,000`, `4,500 GBP`).
public enum RaceMoney {
    /// `$1,350.40`.
    public static func dollars(_ value: Double) -> String {
        // Held within range: a hostile card's amount is any number a Double holds.
        let cents = Int(saturatingRoundedDown: (value * 100).rounded())
        return "$" + grouped(cents / 100) + CFormat.string(".%02d", Int32(cents % 100))
    }

    /// `$30,000` where the money is dollars, else the amount and its currency (`4,500 GBP`, `HK$1,200,000`).
    public static func prize(_ amount: Int, country: String?) -> String {
        let figure = grouped(amount)
        let currencies = [
            "UK": "GBP", "IRE": "EUR", "FR": "EUR", "JPN": "JPY", "KOR": "KRW", "IND": "INR", "SAF": "ZAR",
            "SWE": "SEK",
        ]
        if country == "HK" { return "HK$" + figure }
        return currencies[country ?? ""].map { figure + " " + $0 } ?? "$" + figure
    }

    /// `1,234,567`.
    private static func grouped(_ whole: Int) -> String {
        var digits = String(whole)
        var groups = ""
        while digits.count > 3 {
            groups = "," + digits.suffix(3) + groups
            digits.removeLast(3)
        }
        return digits + groups
    }
}
