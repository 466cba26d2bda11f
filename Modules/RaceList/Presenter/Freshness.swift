import Core
import Platform
import RaceData

/// How fresh the races on the board are: when they were last fetched (or saved, for an offline copy), why
/// later fetches failed, and how many failed in a row. The one place that decides "stale".
public struct Freshness: Sendable, Equatable {
    public private(set) var lastGoodUpdate: Date?
    /// Why the races shown are not fresh; nil while fetches work.
    public private(set) var staleReason: RaceDataError?
    /// Counts towards the backoff; an offline copy counts as a failure, since the source was not reached.
    public private(set) var consecutiveFailures = 0

    public init() {}

    /// Where the board stands: no answer yet, only failures so far, or races (fresh or not) to show.
    public enum Stage: Sendable, Equatable {
        case awaitingFirstAnswer
        case failedWithoutRaces(RaceDataError)
        case hasRaces
    }

    public var stage: Stage {
        if lastGoodUpdate != nil { return .hasRaces }
        return staleReason.map(Stage.failedWithoutRaces) ?? .awaitingFirstAnswer
    }

    /// A fetch brought races: fresh now, or as old as the offline copy it stood in with.
    public mutating func recordSuccess(_ feed: RaceFeed, at now: Date) {
        if let offline = feed.offline {
            lastGoodUpdate = offline.savedAt
            staleReason = offline.reason
            consecutiveFailures += 1
        } else {
            lastGoodUpdate = now
            staleReason = nil
            consecutiveFailures = 0
        }
    }

    /// A fetch failed; the races already on the board (if any) are now stale.
    public mutating func recordFailure(_ error: RaceDataError) {
        consecutiveFailures += 1
        staleReason = error
    }

    /// "stale — last update 2m ago (connection refused)", while the races shown are old and fetching fails.
    public func staleNotice(at now: Date) -> String? {
        guard let staleReason, let lastGoodUpdate else { return nil }
        let age = Countdown.roughAge(seconds: Int(saturatingRoundedDown: now.timeIntervalSince(lastGoodUpdate)))
        return "stale — last update \(age) ago (\(staleReason.reason))"
    }
}
