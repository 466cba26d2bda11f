import Core
import Platform
import RaceListInteractor

/// When to tell the user about a favourite: once as it comes within `lead` of its start, and once as it jumps
/// (within the minute it stays on the board). Each race is told at most once of each, for the whole run. Pure:
/// the favourites and the time are passed in.
public struct FavouriteAlerts: Sendable, Equatable {
    public static let standardLead = TimeInterval(BoardSettings.standardAlertLead * 60)

    /// How long before a start to alert; nil while alerts are off.
    public private(set) var lead: TimeInterval?
    /// Someone chose the lead (`--alert`, the setting, `alert`); the run's default (2 min at a terminal, off in a
    /// pipe) is no choice, and `save` does not keep it.
    public private(set) var isChosen: Bool
    private var toldSoon: Set<String> = []
    private var toldJumped: Set<String> = []

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

        public var race: FavouriteRace {
            switch self {
            case .startingSoon(let race), .jumped(let race): race
            }
        }
    }

    /// The alerts due at `now` that were not given yet, soonest start first.
    public mutating func due(for favourites: [FavouriteRace], at now: Date) -> [Alert] {
        guard let lead else { return [] }
        var alerts: [Alert] = []
        for favourite in favourites.sorted(by: { $0.advertisedStart < $1.advertisedStart }) {
            let toGo = favourite.advertisedStart.timeIntervalSince(now)
            if toGo <= 0 {
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
}
