import Core
import Platform
import RaceData
import Synchronization

/// The embedded race day's markets, told as the replay goes: a replayed race's favourite and shortest prices at
/// every moment, as its card shows them then (`SnapshotCardTimeline`), from each runner's price trail on the cards
/// cut to their fields (`EmbeddedCardBundle.fields`). Worked out when the day's book first asks for a race (the book
/// keeps it): a one-shot board gives its rows' prices without inflating a card.
public struct SnapshotMarketIndex: RaceMarketIndex {
    private let find: SnapshotRaceCardService.Find

    /// - Parameter find: a captured race's card cut to its field, nil for none; the program's own unless a test
    ///   gives its own.
    public init(find: @escaping SnapshotRaceCardService.Find = SnapshotFieldService.embedded) {
        self.find = find
    }

    public func marketTimeline(ofRace id: String) -> MarketTimeline? {
        guard let start = SnapshotReplay.replayedStart(of: id),
            let made = (try? find(SnapshotReplay.captureID(of: id))) ?? nil
        else { return nil }
        return MarketTimeline(replaying: SnapshotCardTimeline.runners(of: made, startingAt: start), startingAt: start)
    }
}

extension MarketTimeline {
    /// A replayed race's market through its life: each moment a price or a late scratching changes the favourite
    /// or the shortest prices, by the card's own rules.
    init(replaying runners: [Runner], startingAt start: Date) {
        var moments: Set<Date> = []
        for runner in runners {
            moments.formUnion(SnapshotCardTimeline.priceChanges(runner, startingAt: start))
            if case .late(let time?, _) = runner.scratching { moments.insert(time) }
        }
        let first = Self.market(of: runners, start, at: .distantPast)
        var last = first
        var changes: [Change] = []
        for moment in moments.sorted() {
            let market = Self.market(of: runners, start, at: moment)
            if market != last {
                changes.append(Change(from: moment, market: market))
                last = market
            }
        }
        self.init(first: first, then: changes)
    }

    private static func market(of runners: [Runner], _ start: Date, at moment: Date) -> RaceMarket? {
        RaceMarket(
            runners: runners.compactMap { made in
                guard !SnapshotCardTimeline.isScratched(made, shiftedBy: 0, at: moment) else { return nil }
                var runner = made
                runner.scratching = nil
                runner.fixedWin = SnapshotCardTimeline.fixedWin(made, startingAt: start, at: moment)
                return runner
            })
    }
}
