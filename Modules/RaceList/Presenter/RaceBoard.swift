import Core
import Foundation
import RaceData

/// The race list's rules as a plain value: which races there are, which the filter lets through, when they
/// leave, the order they show in, and the board as last drawn (what `show N` and `fav N` mean). No clock,
/// scheduler or I/O: the time is passed in, so tests hand it plain values.
///
/// A new way of narrowing the board (a region, a search) is one more stored property and one more clause in
/// `passes(_:)`.
public struct RaceBoard: Sendable, Equatable {
    public static let size = 5

    /// Races not yet expired, in board order (`RaceOrder`): soonest first, ties stable whatever the feed's order.
    public private(set) var races: [Race] = []
    /// Summaries the last feed could not supply, with the reason.
    public private(set) var skipped: [SkippedRace] = []
    /// Categories let through; empty lets every category through.
    public private(set) var categories: Set<RaceCategory> = []
    /// The board as last drawn; nil until something was drawn.
    public private(set) var lastDrawn: [Race]?

    public init() {}

    // MARK: - Changes

    public mutating func replaceRaces(with feed: RaceFeed) {
        races = feed.races.sorted(by: RaceOrder.isOrderedBefore)
        skipped = feed.skipped
    }

    /// Drops the races that have left the board by `now`; returns those that went, in board order.
    @discardableResult
    public mutating func removeExpired(at now: Date) -> [Race] {
        let gone = races.filter { $0.hasLeftBoard(at: now) }
        if !gone.isEmpty { races.removeAll { $0.hasLeftBoard(at: now) } }
        return gone
    }

    /// Turns each category on if it is off and off if it is on; a category named twice is toggled twice.
    public mutating func toggle(_ toggled: [RaceCategory]) {
        for category in toggled where categories.remove(category) == nil {
            categories.insert(category)
        }
    }

    public mutating func clearFilter() {
        categories.removeAll()
    }

    /// Records `visible` as what the user now sees, and returns it.
    public mutating func draw() -> [Race] {
        let board = visible
        lastDrawn = board
        return board
    }

    // MARK: - What follows from it

    public func passes(_ race: Race) -> Bool {
        categories.isEmpty || categories.contains(race.category)
    }

    /// The race on the board with this id, as the latest feed has it.
    public func race(id: String) -> Race? {
        races.first { $0.id == id }
    }

    /// The next `size` races the filter lets through.
    public var visible: [Race] {
        Array(races.lazy.filter { self.passes($0) }.prefix(Self.size))
    }

    /// Fewer races than a full board: time to fetch again.
    public var isShort: Bool { visible.count < Self.size }

    /// When the next race leaves the board. Races are in start order, so the first leaves first.
    public var nextExpiry: Date? {
        races.first.map { $0.advertisedStart.addingTimeInterval(Race.boardExpiryDelay) }
    }

    /// The race at position N (1-based) of the board last drawn, or of the board as it stands if none was.
    public func race(at position: Int, command: String) -> Result<Race, ArgumentError> {
        let board = lastDrawn ?? visible
        return PositionArgument.index(of: position, command: command, count: board.count, listName: "board")
            .map { board[$0] }
    }

    /// "all categories", or the categories on, in a fixed order.
    public var filterSummary: String {
        categories.isEmpty ? "all categories" : categories.sorted().map(\.displayName).joined(separator: ", ")
    }

    public var emptyMessage: String {
        categories.isEmpty
            ? "No upcoming races."
            : "No upcoming races for \(filterSummary). Type `filter clear` to see every category."
    }

    /// Races the feed could not supply, said once under the board.
    public var skippedNote: String? {
        guard let first = skipped.first else { return nil }
        return skipped.count == 1
            ? "1 race in the feed was left out (\(first.reason))."
            : "\(skipped.count) races in the feed were left out (first: \(first.reason))."
    }
}
