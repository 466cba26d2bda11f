import Platform

/// What is kept of a favourite race: enough to show it after it has left the feed.
public struct FavouriteRace: Sendable, Equatable, Identifiable, Codable {
    public let id: String
    public let meetingName: String
    public let number: Int
    public let category: RaceCategory
    public let advertisedStart: Date
    public let name: String?

    public init(
        id: String, meetingName: String, number: Int, category: RaceCategory, advertisedStart: Date,
        name: String? = nil
    ) {
        self.id = id
        self.meetingName = meetingName
        self.number = number
        self.category = category
        self.advertisedStart = advertisedStart
        self.name = name
    }

    public init(_ race: Race) {
        self.init(
            id: race.id, meetingName: race.meetingName, number: race.number, category: race.category,
            advertisedStart: race.advertisedStart, name: race.name)
    }

    /// The race as far as the favourite knows it (no venue or form).
    public var race: Race {
        Race(
            id: id, number: number, name: name, meetingName: meetingName, category: category,
            advertisedStart: advertisedStart)
    }
}

extension FavouriteRace {
    /// Why an entry loaded from disk cannot be a race this app saved, or nil if it can.
    public var implausibility: String? {
        if id.isEmpty || id.count > Race.maximumIDLength {
            return "an id that is empty or over \(Race.maximumIDLength) characters"
        }
        // Feeds' text is cut to `Race.maximumTextLength` before it can be saved; the bound here is looser so
        // that only a file this app did not write can fail it.
        if meetingName.isEmpty || meetingName.count > 1_000 {
            return "a meeting name that is empty or over 1000 characters"
        }
        if let name, name.count > 1_000 { return "a race name over 1000 characters" }
        if !Race.plausibleNumbers.contains(number) { return "race number \(number)" }
        if !Race.plausibleStarts.contains(advertisedStart) { return "a start that is not between 2000 and 2100" }
        return nil
    }
}
