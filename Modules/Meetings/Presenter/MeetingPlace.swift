import Core

/// Where a meeting is raced, as the list groups it: Australia by state, then New Zealand, then every other
/// country by its name.
struct MeetingPlace: Hashable, Comparable {
    let country: String?
    let state: String?

    init(of race: Race) {
        // The feeds spell a country more than one way (AU and AUS): one group for each.
        let country = race.venue.country.map { Self.canonicalCodes[$0.uppercased()] ?? $0.uppercased() }
        self.country = country
        // Only Australia's meetings are grouped by state; elsewhere the feeds repeat the country as its state.
        state = RaceRegion(country: country) == .australia ? race.venue.state?.uppercased() : nil
    }

    /// `Australia · NSW`, `New Zealand`, `United Kingdom`; a code the app does not know stands as it is.
    var heading: String {
        guard let countryName else { return "Elsewhere" }
        return state.map { "\(countryName) · \($0)" } ?? countryName
    }

    /// `Australia`, `United Kingdom`; the code as given where the app does not know it.
    var countryName: String? { country.map { Self.countryNames[$0] ?? $0 } }

    var region: RaceRegion { RaceRegion(country: country) }

    private var rank: Int {
        switch region {
        case .australia: 0
        case .newZealand: 1
        case .international: country == nil ? 3 : 2
        }
    }

    static func < (left: MeetingPlace, right: MeetingPlace) -> Bool {
        (left.rank, left.heading, left.country ?? "") < (right.rank, right.heading, right.country ?? "")
    }

    /// Australia's states and territories, as the feeds give them.
    static let states: Set<String> = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"]

    /// The code of a place as a person types it: a state (`wa`), a country's code (`uk`, `gbr`) or its name in
    /// one word (`sweden`); nil for anything else.
    static func code(named word: String) -> String? {
        let upper = word.uppercased()
        if states.contains(upper) { return upper }
        let code = canonicalCodes[upper] ?? upper
        if countryNames[code] != nil { return code }
        return countryNames.first { $0.value.uppercased() == upper }?.key
    }

    static let canonicalCodes = [
        "AU": "AUS", "NZL": "NZ", "GB": "UK", "GBR": "UK", "IRL": "IRE", "FRA": "FR", "US": "USA", "CAN": "CA",
        "HKG": "HK", "ZAF": "SAF", "CHL": "CHI", "DEU": "GER",
    ]

    static let countryNames = [
        "AUS": "Australia", "NZ": "New Zealand", "UK": "United Kingdom", "IRE": "Ireland", "FR": "France",
        "USA": "United States", "CA": "Canada", "JPN": "Japan", "HK": "Hong Kong", "KOR": "South Korea",
        "IND": "India", "SAF": "South Africa", "SWE": "Sweden", "TUR": "Turkey", "ARG": "Argentina", "CHI": "Chile",
        "SGP": "Singapore", "UAE": "United Arab Emirates", "GER": "Germany", "ITA": "Italy", "BRA": "Brazil",
        "URU": "Uruguay", "MAC": "Macau", "NOR": "Norway", "DEN": "Denmark", "FIN": "Finland", "MAU": "Mauritius",
    ]
}
