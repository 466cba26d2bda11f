import Core

/// The races one fetch produced, and what it had to leave out.
public struct RaceFeed: Sendable, Equatable {
    public let races: [Race]
    /// Summaries in the feed that could not be used, with the reason.
    public let skipped: [SkippedRace]

    public init(races: [Race], skipped: [SkippedRace] = []) {
        self.races = races
        self.skipped = skipped
    }
}

public struct SkippedRace: Sendable, Equatable, CustomStringConvertible {
    /// The summary's key in `race_summaries`.
    public let key: String
    public let reason: String

    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }

    public var description: String { "\(key): \(reason)" }
}
