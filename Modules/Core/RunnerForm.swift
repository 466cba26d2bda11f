import Platform

/// What a race card tells of a runner beyond its line in the field: its recent starts and records, where it
/// settles, its silks and gear, who it is, the tote's prices and how its fixed price moved. Every part is
/// optional: a card may leave any of it out, or give it in a shape that is not read.
public struct RunnerForm: Sendable, Equatable, Codable {
    /// Latest first, at most `maximumStarts`.
    public var starts: [PastStart] = []
    /// On the track, at the distance, on each going, fresh: in the card's order of the kinds it knows.
    public var records: [FormRecord] = []
    public var speedMap: SpeedMapPlace?
    /// "Cerise & gold hoops, cerise sleeves & quartered cap".
    public var silks: String?
    /// "Nose Band OFF [Approved Plates, Blinkers, Lugging Bit]".
    public var gear: String?
    public var age: Int?
    /// As the card abbreviates them ("g", "br").
    public var sex: String?
    public var colour: String?
    public var sire: String?
    public var dam: String?
    /// The tote's prices now, beside the fixed ones.
    public var toteWin: Double?
    public var totePlace: Double?
    /// The fixed win price as it opened and as it moved since, with the time of each move when the card says.
    public var priceHistory: [PricePoint] = []

    public static let maximumStarts = 10
    public static let maximumPrices = 12

    public init() {}

    /// Nothing was read.
    public var isEmpty: Bool { self == RunnerForm() }
}

/// One of a runner's recent races.
public struct PastStart: Sendable, Equatable, Codable {
    /// As the card writes it ("29/12/2024").
    public var date: String?
    public var track: String?
    /// Metres.
    public var distance: Int?
    public var trackCondition: String?
    /// Where it finished, 1 for a win; nil when it did not finish (or the card does not say).
    public var finish: Int?
    public var runners: Int?
    /// Lengths behind the winner ("8.30").
    public var margin: String?
    public var rider: String?
    public var startingPrice: Double?
    public var winner: String?
    /// Where it started from, and what it carried in kilograms ("57.5"), where the card says.
    public var barrier: Int?
    public var weight: String?

    public init(
        date: String? = nil, track: String? = nil, distance: Int? = nil, trackCondition: String? = nil,
        finish: Int? = nil, runners: Int? = nil, margin: String? = nil, rider: String? = nil,
        startingPrice: Double? = nil, winner: String? = nil
    ) {
        self.date = date
        self.track = track
        self.distance = distance
        self.trackCondition = trackCondition
        self.finish = finish
        self.runners = runners
        self.margin = margin
        self.rider = rider
        self.startingPrice = startingPrice
        self.winner = winner
    }
}

/// A record: starts, then wins, seconds and thirds (`10: 2-1-0`).
public struct FormRecord: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        case overall, track, distance, trackDistance = "track_distance", good, soft, heavy, firstUp = "first_up"
        case secondUp = "second_up"

        /// As a punter says it.
        public var label: String {
            switch self {
            case .overall: "Career"
            case .track: "Track"
            case .distance: "Distance"
            case .trackDistance: "Track & distance"
            case .good: "Good"
            case .soft: "Soft"
            case .heavy: "Heavy"
            case .firstUp: "First up"
            case .secondUp: "Second up"
            }
        }
    }

    public var kind: Kind
    public var starts: Int
    public var wins: Int
    public var seconds: Int
    public var thirds: Int

    public init(kind: Kind, starts: Int, wins: Int, seconds: Int, thirds: Int) {
        self.kind = kind
        self.starts = starts
        self.wins = wins
        self.seconds = seconds
        self.thirds = thirds
    }

    /// `10: 2-1-0`.
    public var text: String { "\(starts): \(wins)-\(seconds)-\(thirds)" }
}

/// Where a runner is expected to settle: the card's word for it, and how near the lead (a higher number of
/// settling lengths is closer to the leader).
public struct SpeedMapPlace: Sendable, Equatable, Codable {
    public var label: String?
    public var settlingLengths: Double?

    public init(label: String?, settlingLengths: Double?) {
        self.label = label
        self.settlingLengths = settlingLengths
    }
}

/// A fixed win price, and when it was offered.
public struct PricePoint: Sendable, Equatable, Codable {
    public var price: Double
    public var at: Date?

    public init(price: Double, at: Date?) {
        self.price = price
        self.at = at
    }
}
