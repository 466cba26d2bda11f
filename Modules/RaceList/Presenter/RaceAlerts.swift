import Core
import Platform
import RaceData
import RaceListInteractor

/// When to tell the user about a marked race (a favourite, or one a followed runner is in): once as it comes
/// within `lead` of its start, once as it jumps (within the minute it stays on the board), and once as its result
/// is official, which in real racing is minutes after it has left the board. Each race is told at most once of
/// each, for the whole run. Pure: the marked races, their standings and the time are passed in.
public struct RaceAlerts: Sendable, Equatable {
    public static let standardLead = TimeInterval(BoardSettings.standardAlertLead * 60)

    /// How long before a start to alert; nil while alerts are off.
    public private(set) var lead: TimeInterval?
    /// Someone chose the lead (`--alert`, the setting, `alert`); the run's default (2 min at a terminal, off in a
    /// pipe) is no choice, and `save` does not keep it.
    public private(set) var isChosen: Bool
    private var toldSoon: Set<String> = []
    private var toldJumped: Set<String> = []
    private var toldResult: Set<String> = []
    /// Late scratchings told, as `race id#runner number`.
    private var toldScratched: Set<String> = []

    /// A result is told when it comes, not late: up to this long after the time the source gives it.
    public static let resultLateness: TimeInterval = 60
    /// Where the source gives no time for a result (a live card), it is news up to this long after the start: the
    /// longest race's result is in well within it.
    public static let resultWindow: TimeInterval = 20 * 60

    public init(lead: TimeInterval? = standardLead, isChosen: Bool = true) {
        self.lead = lead
        self.isChosen = isChosen
    }

    /// What `alert MINUTES` and `alert off` choose.
    public enum Choice: Sendable, Equatable {
        case minutes(Int)
        case off
    }

    public mutating func choose(_ choice: Choice) {
        switch choice {
        case .minutes(let minutes): lead = TimeInterval(minutes) * 60
        case .off: lead = nil
        }
        isChosen = true
    }

    /// The alert as `save` keeps it; nil when nobody chose one (a default saved at a terminal would make every
    /// piped run alert).
    public var kept: BoardSettings.Alert? {
        guard isChosen else { return nil }
        return lead.map { .minutes(Int(saturatingRoundedDown: $0 / 60)) } ?? .off
    }

    public enum Alert: Sendable, Equatable {
        case startingSoon(Race)
        case jumped(Race)
        /// The official result, its placings (and the placed runners' names where the source told them).
        case result(Race, RaceStanding)
        /// A runner of it scratched late.
        case scratched(Scratched)

        public var race: Race {
            switch self {
            case .startingSoon(let race), .jumped(let race), .result(let race, _): race
            case .scratched(let scratched): scratched.race
            }
        }
    }

    /// A late scratching in a marked race, as an alert tells it: the runner, when (where told), its deduction, and
    /// who of it the user follows (none for a favourite's runner).
    public struct Scratched: Sendable, Equatable {
        public let race: Race
        public let number: Int
        public let name: String
        public let at: Date?
        public let deduction: Deduction?
        public let following: [String]

        /// nil for a runner not scratched late.
        public init?(race: Race, runner: Runner, following: [String] = []) {
            guard case .late(let at, let deduction)? = runner.scratching else { return nil }
            self.race = race
            number = runner.number
            name = runner.name
            self.at = at
            self.deduction = deduction
            self.following = following
        }
    }

    /// The late scratchings of marked races not told yet, the earliest first: each once for the run, from its time
    /// (never before it), while its race has not left the board; one scratched at a time not told is news as soon
    /// as it is known.
    public mutating func due(scratchings: [Scratched], at now: Date) -> [Alert] {
        guard lead != nil else { return [] }
        let due = scratchings.compactMap { scratched -> (at: Date, alert: Alert)? in
            guard scratched.at.map({ $0 <= now }) ?? true,
                now.timeIntervalSince(scratched.race.advertisedStart) < Race.boardExpiryDelay,
                toldScratched.insert("\(scratched.race.id)#\(scratched.number)").inserted
            else { return nil }
            return (scratched.at ?? now, .scratched(scratched))
        }
        return due.sorted { $0.at < $1.at }.map(\.alert)
    }

    /// The alerts due at `now` that were not given yet, soonest start first. - Parameter standings: how the races
    /// stand at `now` (the day's book's); a marked race's official result is told from it, on or off the board.
    public mutating func due(
        for races: [Race], standings: [String: RaceStanding] = [:], at now: Date
    ) -> [Alert] {
        guard let lead else { return [] }
        var alerts: [Alert] = []
        for race in races.sorted(by: { $0.advertisedStart < $1.advertisedStart }) {
            let toGo = race.advertisedStart.timeIntervalSince(now)
            if let standing = standings[race.id], isNews(standing, of: race, at: now),
                toldResult.insert(race.id).inserted
            {
                // The result makes its jump and its start old news.
                toldJumped.insert(race.id)
                toldSoon.insert(race.id)
                alerts.append(.result(race, standing))
            } else if toGo <= 0 {
                guard toGo > -Race.boardExpiryDelay, !toldJumped.contains(race.id) else { continue }
                toldJumped.insert(race.id)
                // A jump already told makes "starting soon" old news.
                toldSoon.insert(race.id)
                alerts.append(.jumped(race))
            } else if toGo <= lead, toldSoon.insert(race.id).inserted {
                alerts.append(.startingSoon(race))
            }
        }
        return alerts
    }

    /// Whether `standing` is an official result just come: from its time where the source gives one, else within
    /// `resultWindow` of the start.
    private func isNews(_ standing: RaceStanding, of race: Race, at now: Date) -> Bool {
        guard standing.status == .final, !standing.placings.isEmpty else { return false }
        if let from = standing.from { return now >= from && now.timeIntervalSince(from) < Self.resultLateness }
        return now >= race.advertisedStart && now.timeIntervalSince(race.advertisedStart) < Self.resultWindow
    }
}
