import Core
import Platform
import RaceListView

/// How close a race is, for the countdown's colour.
public enum NextToGoRules {
    public static func urgency(of countdown: Countdown) -> CountdownUrgency { countdown.urgency }
}

/// When the board fetches by itself: every `interval` seconds while things
/// work, and after failures at 2, 4, 8 … up to 60 s until one succeeds.
public struct RefreshPolicy: Sendable, Equatable {
    /// Seconds between automatic fetches; 0 turns them off, backoff included.
    public let interval: TimeInterval

    public static let firstBackoff: TimeInterval = 2
    public static let longestBackoff: TimeInterval = 60
    public static let standard = RefreshPolicy(interval: 30)
    public static let off = RefreshPolicy(interval: 0)

    public init(interval: TimeInterval) {
        self.interval = max(0, interval)
    }

    public var isEnabled: Bool { interval > 0 }

    /// The wait before the next automatic fetch, or nil when they are off.
    public func delay(afterConsecutiveFailures failures: Int) -> TimeInterval? {
        guard isEnabled else { return nil }
        guard failures > 0 else { return interval }
        let doublings = min(failures - 1, 16)
        return min(Self.firstBackoff * Double(1 << doublings), Self.longestBackoff)
    }
}
