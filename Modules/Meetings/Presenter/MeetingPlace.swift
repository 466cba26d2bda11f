import Core

/// Where a meeting is raced, as the list groups it: Australia by state, then New Zealand, then every other
/// country by its name.
struct MeetingPlace: Hashable, Comparable {
    let country: String?
    let state: String?

    init(of race: Race) {
        let country = race.venue.country?.uppercased()
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
        (left.rank, left.heading) < (right.rank, right.heading)
    }

    static let countryNames = [
        "AUS": "Australia", "AU": "Australia", "NZ": "New Zealand", "NZL": "New Zealand", "UK": "United Kingdom",
        "GB": "United Kingdom", "GBR": "United Kingdom", "IRE": "Ireland", "IRL": "Ireland", "FR": "France",
        "FRA": "France", "USA": "United States", "US": "United States", "CA": "Canada", "CAN": "Canada",
        "JPN": "Japan", "HK": "Hong Kong", "HKG": "Hong Kong", "KOR": "South Korea", "IND": "India",
        "SAF": "South Africa", "ZAF": "South Africa", "SWE": "Sweden", "TUR": "Turkey", "ARG": "Argentina",
        "CHI": "Chile", "CHL": "Chile", "SGP": "Singapore", "UAE": "United Arab Emirates", "GER": "Germany",
        "DEU": "Germany", "ITA": "Italy", "BRA": "Brazil", "URU": "Uruguay", "MAC": "Macau", "NOR": "Norway",
        "DEN": "Denmark", "FIN": "Finland", "MAU": "Mauritius",
    ]
}
