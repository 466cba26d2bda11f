import Core
import Platform
import RaceData
import SnapshotData
import Synchronization

/// The race cards made for the embedded snapshot (by Scripts/make-snapshot), told as the replay goes: a
/// replayed race (`<id>@<start>`) gets its captured race's card as it would stand at that moment
/// (`SnapshotCardTimeline`). The bundle is read from the package at the first card asked for, and each card
/// decoded from it when it is asked for (a one-shot `show` decodes one card, not 45).
public final class SnapshotRaceCardService: RaceCardService {

    public typealias Load<Value> = @Sendable () throws(RaceDataError) -> Value
    /// The card made for a captured race's id, nil for none.
    public typealias Find = @Sendable (String) throws(RaceDataError) -> RaceCard?

    private let clock: any WallClock
    private let find: Find
    private let loadStatuses: Load<[String: RaceStanding]>
    private let madeStatuses = Mutex<Result<[String: RaceStanding], RaceDataError>?>(nil)
    private let loadDay: Load<RaceFeed>
    private let madeDay = Mutex<Result<MadeDay, RaceDataError>?>(nil)
    /// Each captured race's racing time once worked out: a board asks of the same races at every fetch and draw.
    /// Bounded by the day's races (359).
    private let racingTimes = Mutex<[String: RacingTime]>([:])
    /// The day's meetings as last worked out, and the minute they were for: a minute's answer holds for every
    /// moment in it (each race's standings come with their times), and a script may ask a thousand times.
    private let lastDay = Mutex<(minute: Double, day: RaceDay)?>(nil)
    private let decodedCards = CardMemo()

    /// - Parameters:
    ///   - find: where a race's card comes from; the package's bundle unless a test gives its own.
    ///   - loadStatuses: the cards' statuses and placings alone, read once without the fields (the board asks at every
    ///     fetch, and a one-shot `list` should not pay for 400 runners).
    ///   - loadDay: the race day the cards were made for, whose meetings it lists and whose races' codes and
    ///     distances time their results (`RacingTime`); read once, at the first status, list or card asked for.
    public init(
        clock: any WallClock, find: @escaping Find = embeddedCard,
        loadStatuses: @escaping Load<[String: RaceStanding]> = embeddedStatuses,
        loadDay: @escaping Load<RaceFeed> = SnapshotRaceService.embeddedDay
    ) {
        self.clock = clock
        self.find = find
        self.loadStatuses = loadStatuses
        self.loadDay = loadDay
    }

    public var sourceDescription: String { "the embedded snapshot's race cards" }

    public func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        guard var card = try decodedCards.card(SnapshotReplay.captureID(of: id), find) else { return nil }
        card.raceID = id
        guard let start = SnapshotReplay.replayedStart(of: id) else { return card }
        return SnapshotCardTimeline.card(card, startingAt: start, takes: try racingTime(of: id), at: clock.now())
    }

    /// The race day the cards were made for: replayed, and its races by id.
    private struct MadeDay: Sendable {
        let replay: RaceDayReplay
        /// The day's races by their captured id: a race's code, distance and name time its result.
        let races: [String: Race]
    }

    private func day() throws(RaceDataError) -> MadeDay {
        try Self.once(madeDay) { () throws(RaceDataError) -> MadeDay in
            let races = try loadDay().races
            return MadeDay(
                replay: RaceDayReplay(capture: races),
                races: Dictionary(races.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// When a race's result comes, by its captured race's code and distance; a race the day does not have runs
    /// as a gallop over the typical trip. Worked out for the races asked about (a board's few dozen), not the day's
    /// 359 at every start.
    private func racingTime(of id: String) throws(RaceDataError) -> RacingTime {
        let captured = SnapshotReplay.captureID(of: id)
        if let known = racingTimes.withLock({ $0[captured] }) { return known }
        let time = try day().races[captured].map(RacingTime.init(of:)) ?? Self.unknownRace
        racingTimes.withLock { $0[captured] = time }
        return time
    }

    private static let unknownRace = RacingTime(category: .horse, metres: nil)

    private func allStatuses() throws(RaceDataError) -> [String: RaceStanding] {
        try Self.once(madeStatuses, loadStatuses)
    }

    /// What `load` gives, loaded at the first call and kept (a failure too).
    private static func once<Value: Sendable>(
        _ cache: borrowing Mutex<Result<Value, RaceDataError>?>, _ load: Load<Value>
    ) throws(RaceDataError) -> Value {
        try cache.withLock { cached -> Result<Value, RaceDataError> in
            if let cached { return cached }
            let loaded = Result { () throws(RaceDataError) in try load() }
            cached = loaded
            return loaded
        }.get()
    }

    private static let source = "the embedded snapshot's race cards"

    /// Every card of the package's bundle (tests; the app decodes the one it needs).
    @Sendable public static func embedded() throws(RaceDataError) -> [String: RaceCard] {
        var cards: [String: RaceCard] = [:]
        for id in try EmbeddedCardBundle.cards.raceIDs() {
            if let card = try embeddedCard(id) { cards[id] = card }
        }
        return cards
    }

    /// One card of the embedded bundle, read alone (`EmbeddedCardBundle`): a sheet inflates its own card's few
    /// kilobytes, not the day's 7 MB.
    @Sendable public static func embeddedCard(_ id: String) throws(RaceDataError) -> RaceCard? {
        try EmbeddedCardBundle.cards.card(id)
    }

    /// How each card stands (its status, first placings with their names, the win dividend), from the cards cut to
    /// that and nothing more (`SnapshotData/SnapshotStatuses.swift`, a bundle of cards deflated whole) and read by
    /// the card's own decoder: every start reads them for the first board, and the cards are 1.3 MB.
    @Sendable public static func embeddedStatuses() throws(RaceDataError) -> [String: RaceStanding] {
        guard let deflated = Data(base64Encoded: EmbeddedBytes.of(snapshotStatuses)),
            let bytes = Inflated.bytes(of: deflated, size: snapshotStatusesSize)
        else { throw .unavailable(source: source, reason: "its statuses are damaged in this build") }
        return try RaceCardDecoder().decodeBundle(bytes, source: source).compactMapValues(RaceStanding.init(card:))
    }

}

extension SnapshotRaceCardService: RaceStatusService {
    /// Told from the cards in memory: as cheap each fetch as once.
    public var statusLifetime: TimeInterval { 0 }
    public var answersAtOnce: Bool { true }

    public func statuses(ofRaces ids: [String]) throws(RaceDataError) -> [String: RaceStatus] {
        let made = try allStatuses()
        let now = clock.now()
        var known: [String: RaceStatus] = [:]
        for id in ids {
            guard let status = made[SnapshotReplay.captureID(of: id)]?.status else { continue }
            guard let start = SnapshotReplay.replayedStart(of: id) else {
                known[id] = status
                continue
            }
            known[id] = SnapshotCardTimeline.status(status, startingAt: start, takes: try racingTime(of: id), at: now)
        }
        return known
    }

    /// A replayed race's whole life at once, as its card tells it: closed at the jump, the interim placings once it
    /// has been run, then the result as made minutes later (`RacingTime`); an abandoned race is abandoned throughout.
    public func standings(ofRaces ids: [String]) throws(RaceDataError) -> [String: [RaceStanding]] {
        let made = try allStatuses()
        var known: [String: [RaceStanding]] = [:]
        for id in ids {
            guard let standing = made[SnapshotReplay.captureID(of: id)] else { continue }
            guard let start = SnapshotReplay.replayedStart(of: id), standing.status != .abandoned else {
                known[id] = [standing]
                continue
            }
            known[id] = SnapshotCardTimeline.standings(standing, startingAt: start, takes: try racingTime(of: id))
        }
        return known
    }
}

extension SnapshotRaceCardService: RaceMeetingsService {
    public var meetingsDescription: String { "the race day's meetings" }

    /// Every meeting of the race day around `now` (`RaceDayReplay.meetings(at:)`), each race's life as its card
    /// tells it: closed at the jump, interim once run, then final (`RacingTime`); abandoned throughout.
    public func raceDay(at now: Date) throws(RaceDataError) -> RaceDay {
        let minute = (now.timeIntervalSince1970 / 60).rounded(.down)
        if let last = lastDay.withLock({ $0 }), last.minute == minute { return last.day }
        let day = try workOutDay(at: now)
        lastDay.withLock { $0 = (minute, day) }
        return day
    }

    private func workOutDay(at now: Date) throws(RaceDataError) -> RaceDay {
        let meetings = try day().replay.meetings(at: now)
        let made = try allStatuses()
        var standings: [String: [RaceStanding]] = [:]
        for race in meetings.lazy.flatMap(\.races) {
            guard let standing = made[SnapshotReplay.captureID(of: race.id)] else { continue }
            standings[race.id] =
                standing.status == .abandoned
                ? [standing]
                : SnapshotCardTimeline.standings(
                    standing, startingAt: race.advertisedStart, takes: RacingTime(of: race))
        }
        return RaceDay(meetings: meetings, standings: standings)
    }
}

/// A card made whole (the field, every price it had, the result) as it would have stood at a moment of its
/// race's life. Before the jump the market moves: it opens `marketOpens` before the start (the morning of the
/// race day) and its prices come in through the day, closer together as the jump nears, the last `lastFlucLead`
/// before it; a late scratching shows from its time. The favourite is the shortest price of the moment and the
/// mover the price that has come in most since the market opened, both from the trail shown so far. Then the race
/// is run (`Closed`), its placings and interim dividends come in (`Interim`), and the result is made official
/// (`Final`), each when real racing has it for the race's code and distance (`RacingTime`): mostly after the
/// race has left the board.
public enum SnapshotCardTimeline {
    public static let lastFlucLead: TimeInterval = 60
    public static let marketOpens: TimeInterval = 6 * 3_600

    public static func card(_ made: RaceCard, startingAt start: Date, takes time: RacingTime, at now: Date) -> RaceCard
    {
        var card = made
        // The card's own times moved as the replay moved its start.
        let shift = card.advertisedStart.map { start.timeIntervalSince($0) } ?? 0
        card.advertisedStart = start
        let running = made.runners.filter { !$0.isScratched }.count
        card.runners = card.runners.map {
            runner($0, of: made, shiftedBy: shift, startingAt: start, at: now, running: running)
        }
        // The favourite is the shortest price of the moment, an abandoned race's too (its market as it stood), by
        // the board's own rule, each of equal favourites marked; the mover the runner most backed since the market
        // opened (in points of chance, as `movers` ranks), from the prices shown so far.
        let field = card.runners.indices.filter { !card.runners[$0].isScratched }
        for index in card.runners.indices { card.runners[index].isMarketFavourite = false }
        let favourite = MarketFavourite(runners: card.runners)
        let favourites = Set(field.filter { favourite?.includes(card.runners[$0].number) == true })
        let mover = field.filter { backing(card.runners[$0]) > 0 }.max {
            backing(card.runners[$0]) < backing(card.runners[$1])
        }
        for index in card.runners.indices {
            card.runners[index].isMarketFavourite = favourites.contains(index)
            card.runners[index].isMover = index == mover
        }
        if made.status == .abandoned { return card }
        card.status = status(made.status, startingAt: start, takes: time, at: now)
        switch card.status {
        case .open?, .closed?:
            card.placings = []
            card.dividends = []
        case .interim?:
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

    /// The standings of a race made with `made` after its jump at `start`: closed while it is run, interim with
    /// its placings, then as made.
    public static func standings(_ made: RaceStanding, startingAt start: Date, takes time: RacingTime)
        -> [RaceStanding]
    {
        changes(to: made.status, takes: time).map { change in
            let isClosed = change.status == .closed
            return RaceStanding(
                status: change.status ?? made.status, placings: isClosed ? [] : made.placings,
                names: isClosed ? [] : made.names, winDividend: isClosed ? nil : made.winDividend,
                from: start.addingTimeInterval(change.after))
        }
    }

    /// The status a race made with `made` has at `now`: open until the jump, closed while it is run, interim,
    /// then as made; an abandoned race is abandoned throughout.
    public static func status(_ made: RaceStatus?, startingAt start: Date, takes time: RacingTime, at now: Date)
        -> RaceStatus?
    {
        if made == .abandoned { return made }
        let elapsed = now.timeIntervalSince(start)
        guard elapsed >= 0 else { return .open }
        return changes(to: made, takes: time).last { elapsed >= $0.after }.flatMap(\.status)
    }

    /// When, after the jump, a race made with `made` changes status, and to what: the one timeline a card, a
    /// status and the board's standings are all told from.
    private static func changes(to made: RaceStatus?, takes time: RacingTime)
        -> [(after: TimeInterval, status: RaceStatus?)]
    {
        [(0, .closed), (time.interim, .interim), (time.final, made)]
    }

    /// How far the runner's chance has come in since the market opened, in points, as `movers` ranks it (5.0 from
    /// 8.0: +7.5); 0 for none.
    private static func backing(_ runner: Runner) -> Double {
        guard let opening = runner.form?.priceHistory.first?.price, let now = runner.fixedWin,
            (runner.form?.priceHistory.count ?? 0) > 1
        else { return 0 }
        return MarketChance.points(from: opening, to: now) ?? 0
    }

    /// Prices of a trail of `count` shown at `now`: the opening one from the first, each other from its time.
    private static func shownPrices(_ count: Int, start: Date, at now: Date) -> Int {
        max(1, (0..<count).filter { priceTime($0, of: count, start: start) <= now }.count)
    }

    /// When price `index` of a trail of `count` is first shown: the opening price as the market opens, the last
    /// `lastFlucLead` before the start, the others between, closer together as the jump nears.
    private static func priceTime(_ index: Int, of count: Int, start: Date) -> Date {
        guard count > 1 else { return start.addingTimeInterval(-marketOpens) }
        let fromLast = Double(count - 1 - index) / Double(count - 1)
        return start.addingTimeInterval(-lastFlucLead - (marketOpens - lastFlucLead) * fromLast * fromLast)
    }

    private static func runner(
        _ made: Runner, of card: RaceCard, shiftedBy shift: TimeInterval, startingAt start: Date, at now: Date,
        running: Int
    ) -> Runner {
        var runner = made
        if let late = lateScratching(of: made, in: card, shiftedBy: shift, startingAt: start) {
            runner.scratching = isScratched(made, shiftedBy: shift, at: now) ? late : nil
        }
        if var form = made.form {
            // Its last starts as many days before this replay's race as before the captured one.
            let days = Int((shift / 86_400).rounded())
            form.starts = form.starts.map { start in
                var moved = start
                moved.date = start.date.flatMap { CalendarDays.cardDate($0, shiftedBy: days) } ?? start.date
                return moved
            }
            runner.form = form
        }
        // The price trail as the market told it: each price from its time on the timeline below.
        let shownCount = made.flucs.isEmpty ? 0 : shownPrices(made.flucs.count, start: start, at: now)
        if !made.flucs.isEmpty {
            var form = runner.form ?? RunnerForm()
            form.priceHistory = made.flucs.prefix(shownCount).enumerated().map { index, price in
                // The opening price is on hand from the first: its time is never later than now.
                PricePoint(price: price, at: min(priceTime(index, of: made.flucs.count, start: start), now))
            }
            runner.form = form
        }
        guard !made.flucs.isEmpty, shownCount < made.flucs.count else { return runner }
        // Prices still to come are not known yet: the trail so far, the price its last, the place price had
        // from it as the bookmaker has it from the final one (none where the field pays no places).
        runner.flucs = Array(made.flucs.prefix(shownCount))
        if let price = fixedWin(made, shownCount: shownCount) {
            runner.fixedWin = price
            if made.fixedPlace != nil {
                runner.fixedPlace =
                    PriceLadder.placesPaid(starters: running) > 0
                    ? PriceLadder.placePrice(fromWin: price, runners: running) : nil
            }
        }
        return runner
    }

    /// The fixed win price a runner made with `made` shows at `now`, its race starting at `start`: the last price
    /// of its trail shown so far, the card's own once the whole trail is.
    public static func fixedWin(_ made: Runner, startingAt start: Date, at now: Date) -> Double? {
        guard !made.flucs.isEmpty else { return made.fixedWin }
        return fixedWin(made, shownCount: shownPrices(made.flucs.count, start: start, at: now))
    }

    private static func fixedWin(_ made: Runner, shownCount: Int) -> Double? {
        guard made.fixedWin != nil, shownCount < made.flucs.count else { return made.fixedWin }
        return made.flucs[max(0, shownCount - 1)]
    }

    /// When the price of a runner made with `made` changes, its race starting at `start`: as each price of its
    /// trail after the opening one is first shown (the board's favourite can change then and at no other time).
    public static func priceChanges(_ made: Runner, startingAt start: Date) -> [Date] {
        (1..<max(1, made.flucs.count)).map { priceTime($0, of: made.flucs.count, start: start) }
    }

    /// A card's runners with each late scratching at its time in the replay: as long before the start as on the
    /// card.
    public static func runners(of made: RaceCard, startingAt start: Date) -> [Runner] {
        let shift = made.advertisedStart.map { start.timeIntervalSince($0) } ?? 0
        return made.runners.map { runner in
            guard let late = lateScratching(of: runner, in: made, shiftedBy: shift, startingAt: start) else {
                return runner
            }
            var moved = runner
            moved.scratching = late
            return moved
        }
    }

    /// A late scratching of a runner made with `made` in the card `card`, as the replay tells it: at its time moved
    /// with the race, and with the deduction the runner's own price at that moment makes (`Deduction.scratched`),
    /// from a field of those still in then; a deduction the card tells is kept. nil for a runner not scratched
    /// late at a time.
    static func lateScratching(
        of made: Runner, in card: RaceCard, shiftedBy shift: TimeInterval, startingAt start: Date
    ) -> Scratching? {
        guard case .late(let time?, let told) = made.scratching else { return nil }
        let at = time.addingTimeInterval(shift)
        let starters = card.runners.count { runner in
            switch runner.scratching {
            case nil: true
            case .scratched?: false
            case .late(let other, _)?: other.map { $0 >= time } ?? false
            }
        }
        let deduction =
            told
            ?? fixedWin(made, startingAt: start, at: at).flatMap {
                Deduction.scratched(atPrice: $0, starters: starters)
            }
        return .late(at: at, deduction: deduction)
    }

    /// Whether a runner made with `made` is out of the race at `now`, its times moved by `shift`: scratched from
    /// the first, or late from its time.
    public static func isScratched(_ made: Runner, shiftedBy shift: TimeInterval, at now: Date) -> Bool {
        guard case .late(let time?, _) = made.scratching else { return made.isScratched }
        return now >= time.addingTimeInterval(shift)
    }
}
