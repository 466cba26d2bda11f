import Platform

/// One race as the board knows it. Everything beyond identity, category and
/// start time is optional because the feed leaves it out often.
public struct Race: Sendable, Equatable, Identifiable, Codable {
    public let id: String
    public let number: Int
    public let name: String?
    public let meetingName: String
    public let category: RaceCategory
    public let advertisedStart: Date
    public let venue: Venue
    public let form: RaceForm

    public init(
        id: String,
        number: Int,
        name: String? = nil,
        meetingName: String,
        category: RaceCategory,
        advertisedStart: Date,
        venue: Venue = Venue(),
        form: RaceForm = RaceForm()
    ) {
        self.id = id
        self.number = number
        self.name = name
        self.meetingName = meetingName
        self.category = category
        self.advertisedStart = advertisedStart
        self.venue = venue
        self.form = form
    }

    /// A race stays on the board this long after its advertised start. The list, the sheet and the snapshot
    /// replay all follow this one rule.
    public static let boardExpiryDelay: TimeInterval = 60

    /// True once the race has been started for `boardExpiryDelay`.
    public func hasLeftBoard(at now: Date) -> Bool {
        now >= advertisedStart.addingTimeInterval(Self.boardExpiryDelay)
    }

    /// Start times the app believes: 2000-01-01 to 2100-01-01 UTC. A feed claiming a start outside them is
    /// wrong, and skipping that race keeps every time computation within ordinary numbers. `--now` is held to
    /// the same window.
    public static let plausibleStarts =
        Date(timeIntervalSince1970: 946_684_800)...Date(timeIntervalSince1970: 4_102_444_800)

    /// Ids longer than this are not ids: the feed's race is skipped, a favourite dropped.
    public static let maximumIDLength = 200

    /// Race numbers the app believes; the feed, the favourites file and everything in between use this one rule.
    public static let plausibleNumbers = 1...999_999

    /// A feed's races lie within hours of each other; one more than this far from the feed's middle start is a
    /// mistake, not a race.
    public static let plausibleSpreadInFeed: TimeInterval = 10 * 366 * 86_400

    /// Text fields from a feed are cut to this many characters (a `…` marks the cut): nothing on a board or a
    /// sheet needs more, and every later step (cleaning, measuring, fitting) stays small.
    public static let maximumTextLength = 300
    /// The race comment is prose and gets more room.
    public static let maximumCommentLength = 2_000

    /// The same race moved in time; the snapshot replay uses it.
    public func startingAt(_ start: Date, id newID: String? = nil) -> Race {
        Race(
            id: newID ?? id, number: number, name: name, meetingName: meetingName, category: category,
            advertisedStart: start, venue: venue, form: form)
    }
}

public struct Venue: Sendable, Equatable, Codable {
    public let name: String?
    public let state: String?
    public let country: String?

    public init(name: String? = nil, state: String? = nil, country: String? = nil) {
        self.name = name
        self.state = state
        self.country = country
    }
}

public struct RaceForm: Sendable, Equatable, Codable {
    public let distance: Distance?
    public let trackCondition: String?
    public let weather: String?
    public let comment: String?
    /// What the feed's `additional_data` tells a punter: class, prize money, rail and start.
    public let info: RaceInfo?

    public init(
        distance: Distance? = nil, trackCondition: String? = nil, weather: String? = nil, comment: String? = nil,
        info: RaceInfo? = nil
    ) {
        self.distance = distance
        self.trackCondition = trackCondition
        self.weather = weather
        self.comment = comment
        self.info = info
    }
}

extension RaceForm {
    /// This account of the race with each fact it lacks taken from `other`: the board's feed has the first word
    /// on a race, and its card fills in what the feed leaves out. An empty text is no fact.
    public func filledIn(from other: RaceForm) -> RaceForm {
        let info = (info ?? RaceInfo()).filledIn(from: other.info ?? RaceInfo())
        return RaceForm(
            distance: distance ?? other.distance,
            trackCondition: told(trackCondition) ?? told(other.trackCondition),
            weather: told(weather) ?? told(other.weather), comment: told(comment) ?? told(other.comment),
            info: info.isEmpty ? nil : info)
    }
}

extension RaceInfo {
    /// Each of these facts, or `other`'s where this has none.
    public func filledIn(from other: RaceInfo) -> RaceInfo {
        RaceInfo(
            raceClass: told(raceClass) ?? told(other.raceClass), prizeMoney: prizeMoney ?? other.prizeMoney,
            railPosition: told(railPosition) ?? told(other.railPosition),
            startType: told(startType) ?? told(other.startType))
    }
}

/// The text where it says something: not nil or empty. (The decoders trim white space, so a text of white space
/// alone comes as nil already.)
private func told(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}

/// A race's class (`BM66`, `5th Grade`, `MSW`), its total prize money, the rail and, in harness, how it starts
/// (`Mobile`, `Standing`), as a feed's `race_form.additional_data` or a race card gives them; each nil where it says
/// nothing.
public struct RaceInfo: Sendable, Equatable, Codable {
    public let raceClass: String?
    /// The total prize money, in the meeting's money.
    public let prizeMoney: Int?
    public let railPosition: String?
    public let startType: String?

    public init(raceClass: String? = nil, prizeMoney: Int? = nil, railPosition: String? = nil, startType: String? = nil)
    {
        self.raceClass = raceClass
        self.prizeMoney = prizeMoney
        self.railPosition = railPosition
        self.startType = startType
    }

    public var isEmpty: Bool { self == RaceInfo() }
}

public struct Distance: Sendable, Equatable, Codable {
    public let value: Int
    /// Short unit as the feed gives it ("m"), if it gives one.
    public let unit: String?

    public init(value: Int, unit: String?) {
        self.value = value
        self.unit = unit
    }
}
