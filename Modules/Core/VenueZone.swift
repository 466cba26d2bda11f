import Platform
import Synchronization

/// The time zone a venue races in, from its country and state as the feeds give them (`AUS`/`WA`, `NZ`/`NZ`,
/// `USA`/`FL`, `CA`/`ON`: Canada): a meeting is dated, and its day told, on its venue's clock. A country of one
/// zone needs no state; Australia, the United States and Canada are told by theirs. Anything not here (a state
/// not given, a country not known) has no zone, and is dated in the viewer's.
public enum VenueZone {
    /// The zone's name in the zone database (`Australia/Perth`); nil for a venue not known here.
    public static func identifier(country: String?, state: String?) -> String? {
        guard let country = country?.uppercased() else { return nil }
        let code = countryAliases[country] ?? country
        if let zone = countryZones[code] { return zone }
        guard let state = state?.uppercased() else { return nil }
        switch code {
        case "AUS": return australianStates[state]
        case "USA": return americanStates[state]
        case "CA": return canadianProvinces[state]
        default: return nil
        }
    }

    /// The venue's zone, as the system's zone database has it; nil for a venue not known here, or a zone the
    /// database does not have. Looked up once a name: finding a zone reads its file.
    public static func zone(of venue: Venue) -> LocalZone? {
        guard let identifier = identifier(country: venue.country, state: venue.state) else { return nil }
        if let known = found.withLock({ $0[identifier] }) { return known }
        let zone = LocalZone(identifier: identifier)
        found.withLock { $0[identifier] = .some(zone) }
        return zone
    }

    private static let found = Mutex<[String: LocalZone?]>([:])

    /// Other spellings the feeds use for a country.
    static let countryAliases = [
        "AU": "AUS", "NZL": "NZ", "GB": "UK", "GBR": "UK", "IRL": "IRE", "FRA": "FR", "US": "USA", "CAN": "CA",
        "HKG": "HK", "ZAF": "SAF", "JP": "JPN", "KR": "KOR", "IN": "IND", "SE": "SWE", "SG": "SGP", "DEU": "GER",
        "CHL": "CHI",
    ]

    /// Countries that race in one zone.
    static let countryZones = [
        "NZ": "Pacific/Auckland", "UK": "Europe/London", "IRE": "Europe/Dublin", "FR": "Europe/Paris",
        "SWE": "Europe/Stockholm", "NOR": "Europe/Oslo", "DEN": "Europe/Copenhagen", "FIN": "Europe/Helsinki",
        "GER": "Europe/Berlin", "ITA": "Europe/Rome", "TUR": "Europe/Istanbul", "JPN": "Asia/Tokyo",
        "KOR": "Asia/Seoul", "HK": "Asia/Hong_Kong", "MAC": "Asia/Macau", "SGP": "Asia/Singapore",
        "IND": "Asia/Kolkata", "UAE": "Asia/Dubai", "SAF": "Africa/Johannesburg", "MAU": "Indian/Mauritius",
        "ARG": "America/Argentina/Buenos_Aires", "CHI": "America/Santiago", "URU": "America/Montevideo",
        "BRA": "America/Sao_Paulo",
    ]

    static let australianStates = [
        "NSW": "Australia/Sydney", "ACT": "Australia/Sydney", "VIC": "Australia/Melbourne",
        "QLD": "Australia/Brisbane", "SA": "Australia/Adelaide", "WA": "Australia/Perth", "TAS": "Australia/Hobart",
        "NT": "Australia/Darwin",
    ]

    /// Each state by the zone its tracks race in (Florida's and Kentucky's are on eastern time).
    static let americanStates: [String: String] = {
        var states: [String: String] = [:]
        for state in [
            "NY", "NJ", "PA", "DE", "MD", "DC", "VA", "WV", "NC", "SC", "GA", "FL", "OH", "MI", "KY", "MA", "CT", "RI",
            "NH", "VT", "ME",
        ] {
            states[state] = "America/New_York"
        }
        states["IN"] = "America/Indiana/Indianapolis"
        for state in ["AR", "IL", "LA", "TX", "OK", "IA", "MN", "NE", "KS", "MO", "WI", "AL", "MS", "TN", "ND", "SD"] {
            states[state] = "America/Chicago"
        }
        for state in ["CO", "NM", "UT", "WY", "MT", "ID"] { states[state] = "America/Denver" }
        states["AZ"] = "America/Phoenix"
        for state in ["CA", "WA", "OR", "NV"] { states[state] = "America/Los_Angeles" }
        states["AK"] = "America/Anchorage"
        states["HI"] = "Pacific/Honolulu"
        return states
    }()

    static let canadianProvinces = [
        "ON": "America/Toronto", "QC": "America/Toronto", "BC": "America/Vancouver", "AB": "America/Edmonton",
        "MB": "America/Winnipeg", "SK": "America/Regina", "NS": "America/Halifax", "NB": "America/Halifax",
        "PE": "America/Halifax", "NL": "America/St_Johns",
    ]
}
