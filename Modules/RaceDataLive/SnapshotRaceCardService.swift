import Core
import Foundation
import RaceData
import Synchronization

/// The race cards made for the embedded snapshot (by Scripts/make-snapshot), told as the replay goes: a
/// replayed race (`<id>@<start>`) gets its captured race's card as it would stand at that moment
/// (`SnapshotCardTimeline`). Read from the package once, at the first card asked for.
public final class SnapshotRaceCardService: RaceCardService {
    public static let resourceName = "snapshot-cards"

    private let clock: any WallClock
    private let load: @Sendable () throws(RaceDataError) -> [String: RaceCard]
    private let cards = Mutex<Result<[String: RaceCard], RaceDataError>?>(nil)

    /// - Parameter load: where the cards come from; the package's bundle unless a test gives its own.
    public init(
        clock: any WallClock, load: @escaping @Sendable () throws(RaceDataError) -> [String: RaceCard] = embedded
    ) {
        self.clock = clock
        self.load = load
    }

    public var sourceDescription: String { "the embedded snapshot's race cards" }

    public func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        let all = try cards.withLock { cached -> Result<[String: RaceCard], RaceDataError> in
            if let cached { return cached }
            let loaded = Result { () throws(RaceDataError) in try load() }
            cached = loaded
            return loaded
        }.get()
        guard var card = all[SnapshotReplay.captureID(of: id)] else { return nil }
        card.raceID = id
        guard let start = SnapshotReplay.replayedStart(of: id) else { return card }
        return SnapshotCardTimeline.card(card, startingAt: start, at: clock.now())
    }

    @Sendable public static func embedded() throws(RaceDataError) -> [String: RaceCard] {
        let source = "the embedded snapshot's race cards"
        guard let url = Bundle.module.url(forResource: resourceName, withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else {
            throw .unavailable(source: source, reason: "the resource \(resourceName).json is missing from the build")
        }
        return try RaceCardDecoder().decodeBundle(data, source: source)
    }
}

/// A card made whole (the field, every price it had, the result) as it would have stood at a moment of its
/// race's life. Before the jump the market moves: a price of the trail shows from `flucSpacing` before the one
/// after it, the last `lastFlucLead` before the start, and a late scratching shows from its time; the
/// favourite is the shortest price of the moment. Then the race is run (`Closed`), its placings and interim
/// dividends come in (`Interim`), and the result is made official (`Final`).
public enum SnapshotCardTimeline {
    public static let lastFlucLead: TimeInterval = 60
    public static let flucSpacing: TimeInterval = 180
    /// From the start: the race being run, then the interim result.
    public static let runningFor: TimeInterval = 60
    public static let interimFor: TimeInterval = 120

    public static func card(_ made: RaceCard, startingAt start: Date, at now: Date) -> RaceCard {
        var card = made
        // The card's own times moved as the replay moved its start.
        let shift = card.advertisedStart.map { start.timeIntervalSince($0) } ?? 0
        card.advertisedStart = start
        let sinceStart = now.timeIntervalSince(start)
        card.runners = card.runners.map { runner($0, shiftedBy: shift, startingAt: start, at: now) }
        if made.status == .abandoned { return card }
        let shortest = card.runners.filter { !$0.isScratched }.compactMap(\.fixedWin).min()
        let favourite = card.runners.firstIndex { !$0.isScratched && $0.fixedWin == shortest }
        for index in card.runners.indices { card.runners[index].isFavourite = index == favourite }
        switch sinceStart {
        case ..<0:
            card.status = .open
            card.placings = []
            card.dividends = []
        case ..<runningFor:
            card.status = .closed
            card.placings = []
            card.dividends = []
        case ..<(runningFor + interimFor):
            card.status = .interim
            card.dividends = card.dividends.map { dividend in
                var interim = dividend
                interim.isFinal = false
                return interim
            }
        default:
            break
        }
        return card
    }

    private static func runner(_ made: Runner, shiftedBy shift: TimeInterval, startingAt start: Date, at now: Date)
        -> Runner
    {
        var runner = made
        if case .late(let time?) = made.scratching {
            let shifted = time.addingTimeInterval(shift)
            runner.scratching = now >= shifted ? .late(at: shifted) : nil
        }
        guard !made.flucs.isEmpty, now < start.addingTimeInterval(-lastFlucLead) else { return runner }
        // Prices still to come are not known yet: the trail so far, and the price is its last.
        let untilLast = start.addingTimeInterval(-lastFlucLead).timeIntervalSince(now)
        let unseen = min(made.flucs.count - 1, Int((untilLast / flucSpacing).rounded(.up)))
        let shown = Array(made.flucs.dropLast(unseen))
        runner.flucs = shown
        if let price = shown.last, let win = made.fixedWin, let place = made.fixedPlace, win > 1 {
            runner.fixedWin = price
            runner.fixedPlace = ((1 + (place - 1) * (price - 1) / (win - 1)) * 100).rounded() / 100
        }
        return runner
    }
}
