import Core
import Platform
import RaceData
import SnapshotData

/// The embedded race day's fields apart from its cards (`SnapshotData/SnapshotFields.swift`, made by
/// Scripts/make-snapshot, deflated whole and inflated once when first read), told as the replay goes: a late
/// scratching shows from its time, as on the card (`SnapshotCardTimeline`). Read by the card decoder's rules
/// (trimmed, cut, bounded), so a field and its card name the same runners. The blackbook looks through the
/// whole day's fields: from the cards that decoded every price and form line it never looked at.
public final class SnapshotFieldService: RaceFieldService {
    /// Each captured race's field as made (`1|Name|Rider|Trainer|;2|...|S`), by captured id; nil when unreadable.
    public typealias Load = @Sendable () -> [String: String]?

    private let clock: any WallClock
    private let fields: LoadedOnce<[String: String]?>
    private static let source = "the embedded snapshot's race fields"

    public init(clock: any WallClock, load: @escaping Load = SnapshotFieldService.embedded) {
        self.clock = clock
        fields = LoadedOnce(load)
    }

    /// The fields the program carries.
    @Sendable public static func embedded() -> [String: String]? {
        guard let deflated = Data(base64Encoded: EmbeddedBytes.of(snapshotFields)),
            let bytes = Inflated.bytes(of: deflated, size: snapshotFieldsSize)
        else { return nil }
        return EmbeddedBytes.strings(in: bytes)
    }

    public func field(forRace id: String) throws(RaceDataError) -> [Runner]? {
        guard let all = fields.value else {
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

    /// The runners of a field as made: number, name, rider, trainer, and a scratching (a late one at its time; at
    /// no known time, scratched throughout, as the card has it).
    static func runners(of made: String, startingAt start: Date) -> [Runner] {
        let runners = made.split(separator: ";").compactMap { entry -> Runner? in
            let parts = entry.split(separator: "|", omittingEmptySubsequences: false).map {
                NedsFeedDecoder.optionalString(.string(String($0), isPrintableASCII: false))
            }
            guard parts.count == 5, let number = parts[0].flatMap({ Int($0) }),
                RaceCardDecoder.runnerNumbers.contains(number), let name = parts[1]
            else { return nil }
            let scratching: Scratching? =
                parts[4] == "S"
                ? .scratched : parts[4].flatMap { SnapshotCardTimeline.lateScratching($0[...], startingAt: start) }
            return Runner(number: number, name: name, rider: parts[2], trainer: parts[3], scratching: scratching)
        }
        return Array(runners.prefix(RaceCard.maximumEntries))
    }
}
