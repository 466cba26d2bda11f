/// Places as people name them to narrow races: Australia's states, and countries by their codes as the feeds
/// spell them (more than one way: AU and AUS) or by their names in one word. `meetings` narrows by them; the
/// board's `region` says which region a place is in.
public enum PlaceNames {
    /// Australia's states and territories, as the feeds give them.
    public static let states: Set<String> = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"]

    /// The code a feed's other spelling stands for.
    public static let canonicalCodes = [
        "AU": "AUS", "NZL": "NZ", "GB": "UK", "GBR": "UK", "IRL": "IRE", "FRA": "FR", "US": "USA", "CAN": "CA",
        "HKG": "HK", "ZAF": "SAF", "CHL": "CHI", "DEU": "GER",
    ]

    public static let countryNames = [
        "AUS": "Australia", "NZ": "New Zealand", "UK": "United Kingdom", "IRE": "Ireland", "FR": "France",
        "USA": "United States", "CA": "Canada", "JPN": "Japan", "HK": "Hong Kong", "KOR": "South Korea",
        "IND": "India", "SAF": "South Africa", "SWE": "Sweden", "TUR": "Turkey", "ARG": "Argentina", "CHI": "Chile",
        "SGP": "Singapore", "UAE": "United Arab Emirates", "GER": "Germany", "ITA": "Italy", "BRA": "Brazil",
        "URU": "Uruguay", "MAC": "Macau", "NOR": "Norway", "DEN": "Denmark", "FIN": "Finland", "MAU": "Mauritius",
    ]

    /// The code of a place as a person types it: a state (`wa`), a country's code (`uk`, `gbr`) or its name in
    /// one word (`sweden`); nil for anything else.
    public static func code(named word: String) -> String? {
        let upper = word.uppercased()
        if states.contains(upper) { return upper }
        let code = canonicalCodes[upper] ?? upper
        if countryNames[code] != nil { return code }
        return countryNames.first { $0.value.uppercased() == upper }?.key
    }
}
