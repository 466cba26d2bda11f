import Core
import Platform
import RaceData
import RaceListInteractor

/// When to tell the user about a favourite: once as it comes within `lead` of its start, once as it jumps
/// (within the minute it stays on the board), and once as its result is official, which in real racing is minutes
/// after it has left the board. Each race is told at most once of each, for the whole run. Pure: the favourites,
/// their standings and the time are passed in.
public struct FavouriteAlerts: Sendable, Equatable {
    public static let standardLead = TimeInterval(BoardSettings.standardAlertLead * 60)

    /// How long before a start to alert; nil while alerts are off.
    public private(set) var lead: TimeInterval?
    /// Someone chose the lead (`--alert`, the setting, `alert`); the run's default (2 min at a terminal, off in a
    /// pipe) is no choice, and `save` does not keep it.
    public private(set) var isChosen: Bool
    private var toldSoon: Set<String> = []
    private var toldJumped: Set<String> = []
    private var toldResult: Set<String> = []

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
        case startingSoon(FavouriteRace)
        case jumped(FavouriteRace)
        /// The official result, its placings (and the placed runners' names where the source told them).
        case result(FavouriteRace, RaceStanding)

        public var race: FavouriteRace {
            switch self {
            case .startingSoon(let race), .jumped(let race), .result(let race, _): race
            }
        }
    }

    /// The alerts due at `now` that were not given yet, soonest start first. - Parameter standings: how the races
    /// stand at `now` (the day's book's); a favourite's official result is told from it, on or off the board.
    public mutating func due(
        for favourites: [FavouriteRace], standings: [String: RaceStanding] = [:], at now: Date
    ) -> [Alert] {
        guard let lead else { return [] }
        var alerts: [Alert] = []
        for favourite in favourites.sorted(by: { $0.advertisedStart < $1.advertisedStart }) {
            let toGo = favourite.advertisedStart.timeIntervalSince(now)
            if let standing = standings[favourite.id], isNews(standing, of: favourite, at: now),
                toldResult.insert(favourite.id).inserted
            {
                // The result makes its jump and its start old news.
                toldJumped.insert(favourite.id)
                toldSoon.insert(favourite.id)
                alerts.append(.result(favourite, standing))
            } else if toGo <= 0 {
                guard toGo > -Race.boardExpiryDelay, !toldJumped.contains(favourite.id) else { continue }
                toldJumped.insert(favourite.id)
                // A jump already told makes "starting soon" old news.
                toldSoon.insert(favourite.id)
                alerts.append(.jumped(favourite))
            } else if toGo <= lead, toldSoon.insert(favourite.id).inserted {
                alerts.append(.startingSoon(favourite))
            }
        }
        return alerts
    }

    /// Whether `standing` is an official result just come: from its time where the source gives one, else within
    /// `resultWindow` of the start.
    private func isNews(_ standing: RaceStanding, of race: FavouriteRace, at now: Date) -> Bool {
        guard standing.status == .final, !standing.placings.isEmpty else { return false }
        if let from = standing.from { return now >= from && now.timeIntervalSince(from) < Self.resultLateness }
        return now >= race.advertisedStart && now.timeIntervalSince(race.advertisedStart) < Self.resultWindow
    }
}
