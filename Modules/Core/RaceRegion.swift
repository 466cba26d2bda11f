import Platform

/// Where a race is run, as the board narrows by it: Australia, New Zealand, or anywhere else (the feeds carry
/// two dozen countries: UK, IRE, FR, USA, CA, JPN, HK, SGP…). Read from the venue's country code; a race
/// whose venue names no country counts as international.
public enum RaceRegion: String, Sendable, CaseIterable, Codable {
    case australia = "aus"
    case newZealand = "nz"
    case international = "intl"

    /// The words a region is chosen with, as `region` and `--region` offer them: each region's, then `all`.
    public static let choiceWords = allCases.map(\.rawValue) + ["all"]

    /// Every word `init(userInput:)` takes, for "did you mean".
    public static let typedNames = [
        "aus", "au", "australia", "australian", "nz", "nzl", "new-zealand", "newzealand", "intl", "int",
        "international", "overseas",
    ]

    /// What a word that is not a region may have meant.
    public enum Hint: Sendable, Equatable {
        /// A place (a state, a country), which is in this region: `uk` is `intl`, `wa` is `aus`.
        case place(String, isIn: RaceRegion)
        /// The region word (or `all`) nearest what was typed.
        case guess(String)
    }

    /// What `word` may have meant; nil when there is nothing to go on.
    public static func hint(for word: String) -> Hint? {
        if let code = PlaceNames.code(named: word) {
            let region = PlaceNames.states.contains(code) ? RaceRegion.australia : RaceRegion(country: code)
            return .place(PlaceNames.countryNames[code] ?? code, isIn: region)
        }
        return DidYouMean.closest(to: word, among: typedNames + ["all"]).map {
            .guess(RaceRegion(userInput: $0)?.rawValue ?? $0)
        }
    }

    /// The word typed (`aus`, `nz`, `intl`, or a longer name); nil for anything else, including `all`.
    public init?(userInput: String) {
        switch userInput.lowercased() {
        case "aus", "au", "australia", "australian": self = .australia
        case "nz", "nzl", "new-zealand", "newzealand": self = .newZealand
        case "intl", "int", "international", "overseas": self = .international
        default: return nil
        }
    }

    public init(country: String?) {
        switch country?.uppercased() {
        case "AUS", "AU": self = .australia
        case "NZ", "NZL": self = .newZealand
        default: self = .international
        }
    }

    public var displayName: String {
        switch self {
        case .australia: "Australia"
        case .newZealand: "New Zealand"
        case .international: "international"
        }
    }
}

extension Race {
    public var region: RaceRegion { RaceRegion(country: venue.country) }

    /// Whether `folded` (already folded by `Race.searchFolded`) is part of the meeting's or the venue's name.
    public func matches(search folded: String) -> Bool {
        [meetingName, venue.name ?? ""].contains { Self.searchFolded($0).contains(folded) }
    }

    /// Text as search compares it: case and accents set aside ("Mérignac" finds "merignac").
    public static func searchFolded(_ text: String) -> String {
        TextFolding.folded(text, caseInsensitive: true)
    }
}
