import Core
import Platform
import RaceData
import SnapshotData
import Synchronization

/// The embedded race day's fields apart from its cards (`SnapshotData/SnapshotFields.swift`, made by
/// Scripts/make-snapshot: 150 KB deflated to 48 KB, inflated once when first read), told as the replay goes: a
/// late scratching shows from its time, as on the card (`SnapshotCardTimeline`). The blackbook looks through
/// the whole day's fields in a few milliseconds, where the cards took 150.
public final class SnapshotFieldService: RaceFieldService {
    /// Each captured race's field as made (`1|Name|Rider|Trainer|;2|...|S`), by captured id; nil when unreadable.
    public typealias Load = @Sendable () -> [String: String]?

    private let clock: any WallClock
    private let load: Load
    private let fields = Mutex<[String: String]??>(nil)
    private static let source = "the embedded snapshot's race fields"

    public init(clock: any WallClock, load: @escaping Load = SnapshotFieldService.embedded) {
        self.clock = clock
        self.load = load
    }

    /// The fields the program carries.
    @Sendable public static func embedded() -> [String: String]? {
        guard let deflated = Data(base64Encoded: EmbeddedBytes.of(snapshotFields)),
            let bytes = Inflated.bytes(of: deflated, size: snapshotFieldsSize)
        else { return nil }
        return EmbeddedBytes.strings(in: bytes)
    }

    public func field(forRace id: String) throws(RaceDataError) -> [Runner]? {
        guard let all = allFields() else {
            throw .unavailable(source: Self.source, reason: "its race fields are damaged in this build")
        }
        guard let start = SnapshotReplay.replayedStart(of: id), let made = all[SnapshotReplay.captureID(of: id)]
        else { return nil }
        let now = clock.now()
        return Self.runners(of: made, startingAt: start).map { made in
            var runner = made
            if case .late = made.scratching, !SnapshotCardTimeline.isScratched(made, shiftedBy: 0, at: now) {
                runner.scratching = nil
            }
            return runner
        }
    }

    private func allFields() -> [String: String]? {
        fields.withLock { fields in
            if let loaded = fields { return loaded }
            let loaded = load()
            fields = .some(loaded)
            return loaded
        }
    }

    /// The runners of a field as made: number, name, rider, trainer, and a scratching (a late one at its time).
    static func runners(of made: String, startingAt start: Date) -> [Runner] {
        made.split(separator: ";").compactMap { entry -> Runner? in
            let parts = entry.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 5, let number = Int(parts[0]), !parts[1].isEmpty else { return nil }
            var scratching: Scratching?
            if parts[4] == "S" {
                scratching = .scratched
            } else if parts[4].first == "L", let before = TimeInterval(parts[4].dropFirst()), before.isFinite {
                scratching = .late(at: start.addingTimeInterval(-before))
            }
            return Runner(
                number: number, name: parts[1], rider: parts[2].isEmpty ? nil : parts[2],
                trainer: parts[3].isEmpty ? nil : parts[3], scratching: scratching)
        }
    }
}
