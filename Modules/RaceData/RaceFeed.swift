import Core
import Platform

/// The races one fetch produced, and what it had to leave out.
public struct RaceFeed: Sendable, Equatable {
    public let races: [Race]
    /// Summaries in the feed that could not be used, with the reason.
    public let skipped: [SkippedRace]
    /// Set when these races are a copy saved earlier, standing in because the
    /// source could not be reached.
    public let offline: OfflineCopy?
    /// The `--source` value that would replay these races against the clock (`replay:PATH` for a file), to
    /// suggest when every race in the feed has already run.
    public let replaySource: String?

    public init(
        races: [Race], skipped: [SkippedRace] = [], offline: OfflineCopy? = nil, replaySource: String? = nil
    ) {
        self.races = races
        self.skipped = skipped
        self.offline = offline
        self.replaySource = replaySource
    }

    public func offline(savedAt: Date, because reason: RaceDataError) -> RaceFeed {
        RaceFeed(
            races: races, skipped: skipped, offline: OfflineCopy(savedAt: savedAt, reason: reason),
            replaySource: replaySource)
    }

    public func replayable(as source: String) -> RaceFeed {
        RaceFeed(races: races, skipped: skipped, offline: offline, replaySource: source)
    }

    /// The races and what was said of them; where the feed could be replayed from is not part of it.
    public static func == (left: RaceFeed, right: RaceFeed) -> Bool {
        left.races == right.races && left.skipped == right.skipped && left.offline == right.offline
    }
}

/// When a stand-in feed was saved, and why the live one could not be had.
public struct OfflineCopy: Sendable, Equatable {
    public let savedAt: Date
    public let reason: RaceDataError

    public init(savedAt: Date, reason: RaceDataError) {
        self.savedAt = savedAt
        self.reason = reason
    }
}

public struct SkippedRace: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The summary's key in `race_summaries`.
    public let key: String
    public let reason: String

    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }

    public var description: String { "\(key): \(reason)" }
}
