import Core
import Platform

/// The races of a racing day, run and to run, as a source lists them by meeting, with how each stands: what a
/// meetings screen is drawn from.
public struct RaceDay: Sendable, Equatable {
    /// A meeting as the source lists it: one venue's races of one code on one day (a venue may hold two).
    public struct Meeting: Sendable, Equatable {
        /// The source's own key for it; unique within the day.
        public let id: String
        public let races: [Race]
        /// Its quaddie and early quaddie, where the source names them (or, on the race day, sets them as the totes
        /// do).
        public let quaddies: QuaddieLegs

        public init(id: String, races: [Race], quaddies: QuaddieLegs = .none) {
            self.id = id
            self.races = races
            self.quaddies = quaddies
        }

        /// How a race's meeting is known where no list names it: its code and its meeting's name.
        public static func key(of race: Race) -> String {
            "\(race.category.rawValue)|\(race.meetingName)"
        }
    }

    public let meetings: [Meeting]
    /// How each race stands, as the source tells it (a status, and placings where it has them), each from its
    /// time: a list tells how a race stands now, the race day the whole of a race's life.
    public let standings: [String: [RaceStanding]]

    public init(meetings: [Meeting], standings: [String: [RaceStanding]] = [:]) {
        self.meetings = meetings
        self.standings = standings
    }

    /// Races grouped as a feed has them, where no list of meetings is to be had: by meeting name and code. In
    /// start order, a meeting ends where a race number comes round again (a replay's next pass, tomorrow's card):
    /// the run to come first is the meeting, and no meeting has two races of one number.
    public init(grouping races: [Race], standings: [String: [RaceStanding]] = [:]) {
        var order: [String] = []
        var grouped: [String: [Race]] = [:]
        var ended: Set<String> = []
        for race in races.sorted(by: { ($0.advertisedStart, $0.number) < ($1.advertisedStart, $1.number) }) {
            let key = Meeting.key(of: race)
            guard !ended.contains(key) else { continue }
            if grouped[key]?.contains(where: { $0.number == race.number }) == true {
                ended.insert(key)
                continue
            }
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(race)
        }
        self.init(meetings: order.map { Meeting(id: $0, races: grouped[$0] ?? []) }, standings: standings)
    }

    public var races: [Race] { meetings.flatMap(\.races) }
}

/// A source that lists the day's meetings whole, the races already run among them: the affiliates API's meetings
/// list, the race day's own. Found on the card source (the affiliates API is where cards come from too).
public protocol RaceMeetingsService: Sendable {
    /// Names the list in messages ("the affiliates API's meetings list").
    var meetingsDescription: String { get }
    /// The day around `now`: every meeting with a race within `RaceDay`'s reach of it. Blocks like a fetch: callers
    /// run it on an interactor's serial queue.
    func raceDay(at now: Date) throws(RaceDataError) -> RaceDay
}
