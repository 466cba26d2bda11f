import Core
import Platform
import RaceData

/// The embedded race day's fields apart from its cards (the cards cut to their fields, `EmbeddedCardBundle.fields`),
/// told as the replay goes: a late scratching shows from its time, as on the card (`SnapshotCardTimeline`). Read
/// by the card's own decoder, so a field and its card name the same runners. The blackbook looks through the whole
/// day's fields: from the cards that decoded every price and form line it never looked at.
public final class SnapshotFieldService: RaceFieldService {
    private let clock: any WallClock
    private let find: SnapshotRaceCardService.Find
    private let findLateScratched: SnapshotRaceCardService.Find
    private let decodedFields = CardMemo()
    /// The fields that name a late scratching (nil for the others): a live scratchings screen asks each 30 s.
    private let lateScratchedFields = CardMemo()

    /// - Parameter find: a captured race's card cut to its field, nil for none; the program's own unless a test
    ///   gives its own.
    public init(
        clock: any WallClock, find: @escaping SnapshotRaceCardService.Find = embedded,
        findLateScratched: @escaping SnapshotRaceCardService.Find = embeddedLateScratched
    ) {
        self.clock = clock
        self.find = find
        self.findLateScratched = findLateScratched
    }

    /// The fields the program carries that name a late scratching.
    @Sendable public static func embeddedLateScratched(_ id: String) throws(RaceDataError) -> RaceCard? {
        try EmbeddedCardBundle.fields.card(id, saying: "\"is_late_scratched\":true")
    }

    /// The fields the program carries.
    @Sendable public static func embedded(_ id: String) throws(RaceDataError) -> RaceCard? {
        try EmbeddedCardBundle.fields.card(id)
    }

    public func field(forRace id: String) throws(RaceDataError) -> [Runner]? {
        guard let made = try decodedFields.card(SnapshotReplay.captureID(of: id), find) else { return nil }
        return shown(made, ofRace: id)
    }

    /// Only the day's fields that name a late scratching are decoded (a sixth of them): the rest are none.
    public func fieldWithLateScratchings(forRace id: String) throws(RaceDataError) -> [Runner]? {
        guard let made = try lateScratchedFields.card(SnapshotReplay.captureID(of: id), findLateScratched) else {
            return nil
        }
        return shown(made, ofRace: id)
    }

    /// The field as the replay shows it at this moment: a late scratching from its time.
    private func shown(_ made: RaceCard, ofRace id: String) -> [Runner]? {
        guard let start = SnapshotReplay.replayedStart(of: id) else { return nil }
        let now = clock.now()
        return SnapshotCardTimeline.runners(of: made, startingAt: start).map { runner in
            let shown: Scratching? =
                if case .late = runner.scratching, !SnapshotCardTimeline.isScratched(runner, shiftedBy: 0, at: now) {
                    nil
                } else {
                    runner.scratching
                }
            return Runner(
                number: runner.number, name: runner.name, rider: runner.rider, trainer: runner.trainer,
                scratching: shown)
        }
    }
}
