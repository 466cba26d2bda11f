import Core
import Foundation

extension Race {
    /// A race starting `startsIn` seconds after `clock`'s time.
    public static func make(
        _ id: String,
        number: Int = 1,
        meeting: String? = nil,
        category: RaceCategory = .horse,
        country: String? = nil,
        startsIn seconds: TimeInterval,
        from clock: any WallClock
    ) -> Race {
        Race(
            id: id,
            number: number,
            name: "Race \(number)",
            meetingName: meeting ?? "Meeting \(id)",
            category: category,
            advertisedStart: clock.now().addingTimeInterval(seconds),
            venue: Venue(country: country))
    }
}
