import Core
import Foundation
import RaceListInteractor

/// When to tell the user about a favourite: once as it comes within `lead` of its start, and once as it jumps
/// (within the minute it stays on the board). Each race is told at most once of each, for the whole run. Pure:
/// the favourites and the time are passed in.
public struct FavouriteAlerts: Sendable, Equatable {
    public static let standardLead = TimeInterval(BoardSettings.standardAlertLead * 60)

    /// How long before a start to alert; nil while alerts are off.
    public var lead: TimeInterval?
    private var toldSoon: Set<String> = []
    private var toldJumped: Set<String> = []

    public init(lead: TimeInterval? = standardLead) {
        self.lead = lead
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
