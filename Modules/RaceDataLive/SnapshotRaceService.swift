import Core
import Foundation
import RaceData

/// The default source: a real captured feed shipped inside the package,
/// replayed against the clock (see `SnapshotReplay`). Works with no network.
/// `--source replay:PATH` replays any file the same way.
public struct SnapshotRaceService: RaceService {
    public static let resourceName = "snapshot-nextraces"

    private let clock: any WallClock
    private let replay: SnapshotReplay
    private let skipped: [SkippedRace]
    public let sourceDescription: String

    /// - Parameter launch: the moment the replay is anchored to; the earliest
    ///   captured race jumps `SnapshotReplay.leadTime` after it.
    public init(
        capture: RaceFeed, clock: any WallClock, launch: Date,
        description: String = "the embedded snapshot (replayed)"
    ) {
        self.sourceDescription = description
        self.clock = clock
        self.replay = SnapshotReplay(capture: capture.races, launch: launch)
        self.skipped = capture.skipped
    }

    /// Loads the capture embedded in the package (made in Neds' shape by `Scripts/make-snapshot`).
    public static func embedded(clock: any WallClock) throws(RaceDataError) -> SnapshotRaceService {
        let source = "the embedded snapshot"
        guard let url = Bundle.module.url(forResource: resourceName, withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else {
            throw .unavailable(source: source, reason: "the resource \(resourceName).json is missing from the build")
        }
        let capture = try RacingAPI.neds.format.decode(data, source: source)
        return SnapshotRaceService(capture: capture, clock: clock, launch: clock.now())
    }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        RaceFeed(races: replay.races(at: clock.now()), skipped: skipped)
    }
}
