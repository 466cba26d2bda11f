import Core
import Platform
import RaceData
import SnapshotData
import Synchronization

/// A feed shipped or given, replayed against the clock so it always looks live. Works with no network.
/// The default source is the race day embedded in the package, replayed daily on the wall clock
/// (`RaceDayReplay`); `--source replay:PATH` replays any file in passes from the launch (`SnapshotReplay`).
public struct SnapshotRaceService: RaceService {

    private let clock: any WallClock
    private let replay: @Sendable (Date) -> [Race]
    private let skipped: [SkippedRace]
    public let sourceDescription: String

    /// A file replayed in passes. - Parameter launch: the moment the replay is anchored to; the earliest
    /// captured race jumps `SnapshotReplay.leadTime` after it.
    public init(
        capture: RaceFeed, clock: any WallClock, launch: Date,
        description: String = "the embedded snapshot (replayed)"
    ) {
        let replay = SnapshotReplay(capture: capture.races, launch: launch)
        self.init(capture: capture, clock: clock, description: description, replay: replay.races(at:))
    }

    /// A day of racing, replayed every day on the wall clock.
    public init(day capture: RaceFeed, clock: any WallClock, description: String = "the embedded snapshot (replayed)") {
        let replay = RaceDayReplay(capture: capture.races)
        self.init(capture: capture, clock: clock, description: description, replay: replay.races(at:))
    }

    private init(
        capture: RaceFeed, clock: any WallClock, description: String, replay: @escaping @Sendable (Date) -> [Race]
    ) {
        self.sourceDescription = description
        self.clock = clock
        self.replay = replay
        self.skipped = capture.skipped
    }

    /// Loads the race day embedded in the package (made in Neds' shape by `Scripts/make-snapshot`).
    public static func embedded(clock: any WallClock) throws(RaceDataError) -> SnapshotRaceService {
        SnapshotRaceService(day: try embeddedDay(), clock: clock)
    }

    /// The race day embedded in the package, as captured: decoded once a run, for the board and for the cards'
    /// racing times alike (the board reads statuses at every start).
    @Sendable public static func embeddedDay() throws(RaceDataError) -> RaceFeed {
        try decodedDay.withLock { decoded -> Result<RaceFeed, RaceDataError> in
            if let decoded { return decoded }
            let day = Result { () throws(RaceDataError) in
                try RacingAPI.neds.format.decode(EmbeddedBytes.of(snapshotFeed), source: "the embedded snapshot")
            }
            decoded = day
            return day
        }.get()
    }

    private static let decodedDay = Mutex<Result<RaceFeed, RaceDataError>?>(nil)

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        RaceFeed(races: replay(clock.now()), skipped: skipped)
    }
}
