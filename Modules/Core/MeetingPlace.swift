/// Where a meeting is raced, as the list groups it: Australia by state, then New Zealand, then every other
/// country by its name.
public struct MeetingPlace: Hashable, Comparable, Sendable {
    public let country: String?
    public let state: String?

    public init(of race: Race) {
        // The feeds spell a country more than one way (AU and AUS): one group for each.
        let country = race.venue.country.map { PlaceNames.canonicalCodes[$0.uppercased()] ?? $0.uppercased() }
        self.country = country
        // Only Australia's meetings are grouped by state; elsewhere the feeds repeat the country as its state.
        state = RaceRegion(country: country) == .australia ? race.venue.state?.uppercased() : nil
    }

    /// `Australia · NSW`, `New Zealand`, `United Kingdom`; a code the app does not know stands as it is.
    public var heading: String {
        guard let countryName else { return "Elsewhere" }
        return state.map { "\(countryName) · \($0)" } ?? countryName
    }

    /// `Australia`, `United Kingdom`; the code as given where the app does not know it.
    public var countryName: String? { country.map { PlaceNames.countryNames[$0] ?? $0 } }

    public var region: RaceRegion { RaceRegion(country: country) }

    private var rank: Int {
        switch region {
        case .australia: 0
        case .newZealand: 1
        case .international: country == nil ? 3 : 2
        }
    }

    public static func < (left: MeetingPlace, right: MeetingPlace) -> Bool {
        (left.rank, left.heading, left.country ?? "") < (right.rank, right.heading, right.country ?? "")
    }
}
