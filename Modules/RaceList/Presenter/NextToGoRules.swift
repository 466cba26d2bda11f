import Core
import Foundation
import RaceListView

/// The Next-to-Go rules that do not depend on presenter state: which races
/// are shown, in what order, when they leave, and how close they are.
public enum NextToGoRules {
    public static let boardSize = 5
    /// A race stays on the board this long after its advertised start.
    public static let expiryDelay: TimeInterval = 60

    public static func hasExpired(_ race: Race, at now: Date) -> Bool {
        now >= race.advertisedStart.addingTimeInterval(expiryDelay)
    }

    /// An empty filter lets every category through.
    public static func passes(_ race: Race, filter: Set<RaceCategory>) -> Bool {
        filter.isEmpty || filter.contains(race.category)
    }

    public static func urgency(of countdown: Countdown) -> CountdownUrgency {
        switch countdown.seconds {
        case ...0: .started
        case ..<60: .imminent
        case ..<300: .soon
        default: .later
        }
    }
}
