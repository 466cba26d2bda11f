import Core
import Platform
import RaceData
import Synchronization

/// The embedded race day's markets, told as the replay goes: a replayed race's favourite and its price at any
/// moment, as its card shows them then (`SnapshotCardTimeline`), from each runner's price trail on the cards cut
/// to their fields (`EmbeddedCardBundle.fields`). A one-shot board gives five prices without inflating a card.
public final class SnapshotMarketService: RaceMarketService {
    private let find: SnapshotRaceCardService.Find
    /// Each replayed race's favourites through its market, worked out when first asked: a board asks for its
    /// rows at every draw, a script thousands of times.
    private let timelines = Mutex<[String: FavouriteTimeline]>([:])
    /// A session sees a few hundred races; a bound all the same.
    static let maximumTimelines = 10_000

    /// - Parameter find: a captured race's card cut to its field, nil for none; the program's own unless a test
    ///   gives its own.
    public init(find: @escaping SnapshotRaceCardService.Find = SnapshotFieldService.embedded) {
        self.find = find
    }

    /// Nothing to read: every market is in the program.
    public func prepare(_ races: [Race]) {}
    public var answersAtOnce: Bool { true }

    /// Its own cards tell the same market.
    public func learn(_ card: RaceCard) {}

    public func favourite(ofRace id: String, at now: Date) -> MarketFavourite? {
        if let known = timelines.withLock({ $0[id] }) { return known.favourite(at: now) }
        guard let start = SnapshotReplay.replayedStart(of: id),
            let made = (try? find(SnapshotReplay.captureID(of: id))) ?? nil
        else { return nil }
        let timeline = FavouriteTimeline(
            runners: SnapshotCardTimeline.runners(of: made, startingAt: start), startingAt: start)
        timelines.withLock { $0.set(timeline, forKey: id, keepingAtMost: Self.maximumTimelines) }
        return timeline.favourite(at: now)
    }
}

/// A race's market favourite through its market's life: who it is and at what price from each moment the
/// market moves, by the card's own rules (`SnapshotCardTimeline`).
struct FavouriteTimeline: Sendable {
    private let changes: [(from: Date, favourite: MarketFavourite?)]

    init(runners: [Runner], startingAt start: Date) {
        var moments: Set<Date> = []
        for runner in runners {
            moments.formUnion(SnapshotCardTimeline.priceChanges(runner, startingAt: start))
            if case .late(let time?) = runner.scratching { moments.insert(time) }
        }
        var changes = [(from: Date.distantPast, favourite: Self.favourite(of: runners, start, at: .distantPast))]
        for moment in moments.sorted() {
            let favourite = Self.favourite(of: runners, start, at: moment)
            if favourite != changes[changes.count - 1].favourite { changes.append((moment, favourite)) }
        }
        self.changes = changes
    }

    func favourite(at now: Date) -> MarketFavourite? {
        // The last change at or before `now`: a binary search, as a board asks at every draw.
        var low = 0
        var high = changes.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if changes[middle].from <= now { low = middle } else { high = middle - 1 }
        }
        return changes[low].favourite
    }

    private static func favourite(of runners: [Runner], _ start: Date, at moment: Date) -> MarketFavourite? {
        MarketFavourite(
            runners: runners.compactMap { made in
                guard !SnapshotCardTimeline.isScratched(made, shiftedBy: 0, at: moment) else { return nil }
                var runner = made
                runner.scratching = nil
                runner.fixedWin = SnapshotCardTimeline.fixedWin(made, startingAt: start, at: moment)
                return runner
            })
    }
}
