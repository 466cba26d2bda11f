import Core
import Platform
import RaceData
import RaceListInteractor
import Text

/// The race list's rules as a plain value: which races there are, which the filter lets through, when they
/// leave, the order they show in, and the board as last drawn (what `show N` and `fav N` mean). No clock,
/// scheduler or I/O: the time is passed in, so tests hand it plain values.
///
/// A new way of narrowing the board (a region, a search) is one more stored property and one more clause in
/// `passes(_:)`.
public struct RaceBoard: Sendable, Equatable {
    /// Races on a board unless `count` says otherwise, and how many it may say.
    public static let standardSize = BoardSettings.standardCount
    public static let sizes = BoardSettings.counts

    /// Races not yet expired, in board order (`RaceOrder`): soonest first, ties stable whatever the feed's order.
    public private(set) var races: [Race] = []
    /// Summaries the last feed could not supply, with the reason.
    public private(set) var skipped: [SkippedRace] = []
    /// Categories let through; empty lets every category through.
    public private(set) var categories: Set<RaceCategory> = []
    /// The board as last drawn; nil until something was drawn.
    public private(set) var lastDrawn: [Race]?
    /// Only races run here; nil for every region.
    public private(set) var region: RaceRegion?
    /// Only races whose meeting or venue contains this, as typed; nil for no search.
    public private(set) var search: String?
    private var foldedSearch: String?
    /// How many races the board shows.
    public private(set) var size = RaceBoard.standardSize
    /// Set when the last feed had races and every one had run before it came (a file saved long ago).
    public private(set) var allRan: AllRan?
    /// Races a card said were abandoned: they take no place on the board, which says so instead.
    public var abandonedIDs: Set<String> = []

    public struct AllRan: Sendable, Equatable {
        public let count: Int
        public let lastStart: Date
        /// How to replay them against the clock, when the source can be (`replay:PATH`).
        public let replaySource: String?
    }

    public init() {}

    /// A board as the settings start it (the alert is not the board's: `RaceAlerts` keeps it).
    public init(settings: BoardSettings) {
        narrow(to: settings.region)
        resize(to: settings.count)
        if !settings.categories.isEmpty { apply(.only(settings.categories)) }
    }

    /// The board's part of its settings, to keep (`save`); the alert is the caller's to add.
    public var settings: BoardSettings {
        BoardSettings(categories: Array(categories), region: region, count: size)
    }

    // MARK: - Changes

    /// What a command asks of the board's narrowing: one value per command, applied here and nowhere else.
    public enum Change: Sendable, Equatable {
        /// Each category on if off, off if on, in order (twice is back as it was).
        case toggle([RaceCategory])
        case clearFilter
        /// Exactly these categories.
        case only([RaceCategory])
        /// Blank or nil ends the search.
        case search(String?)
        /// Nil for every region.
        case region(RaceRegion?)
        case size(Int)
    }

    public mutating func apply(_ change: Change) {
        switch change {
        case .toggle(let categories): toggle(categories)
        case .clearFilter: clearFilter()
        case .only(let categories): showOnly(categories)
        case .search(let text): search(for: text)
        case .region(let region): narrow(to: region)
        case .size(let count): resize(to: count)
        }
    }

    /// The races of a new feed, plus every race already here that the feed no longer lists but has not had its
    /// minute: a race leaves by the clock, 60 s after its start, not because a feed stopped listing it once it
    /// started. `now` also judges whether the feed's races had all run before they came.
    public mutating func replaceRaces(with feed: RaceFeed, at now: Date) {
        // The feed's ids are gathered only when a race on the board may still need its minute.
        let stillRunning = races.filter { !$0.hasLeftBoard(at: now) }
        let listed = stillRunning.isEmpty ? [] : Set(feed.races.map(\.id))
        let keptForTheirMinute = stillRunning.filter { !listed.contains($0.id) }
        // The old list goes before the new is built, and the feed's own is used when nothing joins it: a big
        // feed is not held three times over.
        races = []
        races = RaceOrder.sorted(keptForTheirMinute.isEmpty ? feed.races : feed.races + keptForTheirMinute)
        skipped = feed.skipped
        allRan =
            !feed.races.isEmpty && feed.races.allSatisfy { $0.hasLeftBoard(at: now) }
            ? AllRan(
                count: feed.races.count, lastStart: feed.races.map(\.advertisedStart).max()!,
                replaySource: feed.replaySource)
            : nil
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

    /// Exactly these categories (`filter only`).
    public mutating func showOnly(_ only: [RaceCategory]) {
        categories = Set(only)
    }

    public mutating func narrow(to region: RaceRegion?) {
        self.region = region
    }

    /// Blank text clears the search. No name is longer than a feed's text limit, so a longer search is cut to it
    /// (a megabyte pasted after `search` finds what its start finds, and the title stays a line).
    public mutating func search(for text: String?) {
        let trimmed = text.map { String($0.prefix(Race.maximumTextLength)) }?.trimmingSpaces()
        search = trimmed?.isEmpty == false ? trimmed : nil
        foldedSearch = search.map(Race.searchFolded)
    }

    /// Clamped to `sizes`.
    public mutating func resize(to count: Int) {
        size = min(max(count, Self.sizes.lowerBound), Self.sizes.upperBound)
    }

    /// `list all`: every race the filter lets through, in start order, whatever the board's size.
    public var allPassing: [Race] { races.filter { passes($0) } }

    /// Records `drawn`, in the order numbered on screen, as what the user now sees (`list all` draws by meeting).
    public mutating func recordDrawn(_ drawn: [Race]) {
        lastDrawn = drawn
    }

    /// Records `visible` as what the user now sees, and returns it.
    public mutating func draw() -> [Race] {
        let board = visible
        lastDrawn = board
        return board
    }

    // MARK: - What follows from it

    public func passes(_ race: Race) -> Bool {
        (categories.isEmpty || categories.contains(race.category)) && (region.map { race.region == $0 } ?? true)
            && (foldedSearch.map(race.matches(search:)) ?? true)
    }

    /// The race on the board with this id, as the latest feed has it.
    public func race(id: String) -> Race? {
        races.first { $0.id == id }
    }

    /// The next `size` races the filter lets through that will be run.
    public var visible: [Race] {
        Array(races.lazy.filter { self.passes($0) && !self.abandonedIDs.contains($0.id) }.prefix(size))
    }

    /// "Abandoned: R4 Romford.": the races left off the board because they will not be run, those that would
    /// have been on it.
    public var abandonedNote: String? {
        guard !abandonedIDs.isEmpty else { return nil }
        let shown = visible
        let until = shown.count == size ? shown.last?.advertisedStart : nil
        // Races are in start order: only those up to the board's last are looked at, not the whole day's.
        let left = races.lazy.prefix { race in until.map { race.advertisedStart <= $0 } ?? true }
            .filter { self.abandonedIDs.contains($0.id) && self.passes($0) }
        guard !left.isEmpty else { return nil }
        return "Abandoned: " + left.map { "R\($0.number) \($0.meetingName)" }.joined(separator: ", ") + "."
    }

    /// Fewer races than a full board: time to fetch again.
    public var isShort: Bool { visible.count < size }

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

    /// What narrows the board beyond the categories, for its title: the region, the search in quotes.
    public var narrowing: [String] {
        [region?.displayName, search.map { "\"\($0)\"" }].compactMap { $0 }
    }

    public var emptyMessage: String {
        if let allRan {
            let replay = allRan.replaySource.map {
                " Type `next-to-go --source \(TerminalText.quoted($0, limit: 200))` to replay them against the clock."
            }
            return
                "All \(allRan.count) \(allRan.count == 1 ? "race" : "races") in the feed had run before it was read (the last started \(allRan.lastStart.formatted(.iso8601)))."
                + (replay ?? "")
        }
        if region == nil, search == nil {
            return categories.isEmpty
                ? "No upcoming races."
                : "No upcoming races for \(filterSummary). Type `filter clear` to see every category."
        }
        let wideners =
            [
                categories.isEmpty ? nil : "`filter clear`", region == nil ? nil : "`region all`",
                search == nil ? nil : "`search`",
            ]
            .compactMap { $0 }
        let widen =
            wideners.count == 1
            ? wideners[0] : wideners.dropLast().joined(separator: ", ") + " or " + (wideners.last ?? "")
        return "No upcoming \(kindsWords)races\(narrowingWords). Type \(widen) to see more."
    }

    /// A board with some races but fewer than its size: the feed has no more that pass (`Only 3 harness races in
    /// the feed.`), so the user knows the board is not broken.
    public var shortNote: String? { shortNote(showing: visible.count) }

    /// The note for a board of `count` races, those just drawn (worked out again, they cost a pass over the feed).
    public func shortNote(showing count: Int) -> String? {
        guard count > 0, count < size else { return nil }
        return "Only \(count) \(kindsWords)\(count == 1 ? "race" : "races")\(narrowingWords) to come in the feed."
    }

    /// "harness " or "greyhound or harness ": the categories on, before the word "races".
    private var kindsWords: String {
        categories.isEmpty ? "" : categories.sorted().map(\.displayName).joined(separator: " or ") + " "
    }

    /// " in Australia matching "park"": the region and the search, after the word "races".
    private var narrowingWords: String {
        let place: String
        switch region {
        case .australia?: place = " in Australia"
        case .newZealand?: place = " in New Zealand"
        case .international?: place = " outside Australia and New Zealand"
        case nil: place = ""
        }
        return place + (search.map { " matching \"\($0)\"" } ?? "")
    }

    /// Races the feed could not supply, said once under the board.
    public var skippedNote: String? {
        guard let first = skipped.first else { return nil }
        return skipped.count == 1
            ? "1 race in the feed was left out (\(first.reason))."
            : "\(skipped.count) races in the feed were left out (first: \(first.reason))."
    }
}
