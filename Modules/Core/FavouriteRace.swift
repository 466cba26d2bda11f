import Foundation

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
