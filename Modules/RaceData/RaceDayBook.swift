import Core
import Dispatch
import Platform
import Synchronization

/// The day's book: one record per race of what its card and its source have said — how it stands (status and
/// placings, through time), its market (the favourite and the shortest prices, through time), its field, where it
/// is run, and the card itself for a little while — shared by every screen. Whoever reads a card (a sheet,
/// `movers`, the blackbook, the board's own watch) records it here (`CardReads`), so what one read learns every
/// screen sees at its next draw (a live screen draws every second; a script, at its next command).
///
/// It is the app's one cache keyed by race: every record is bounded together by `RaceKeyedLimit.races`.
public final class RaceDayBook: Sendable {
    /// A market read from a card is not shown once this old: a board offline keeps no old prices.
    public static let marketStaleAfter: TimeInterval = 300

    private struct Record {
        /// Its standings as told, in the order of their times (one, for a live source).
        var standings: [RaceStanding] = []
        /// Its market (favourite, shortest prices) through time, and when that was read (nil: an index's, never
        /// stale).
        var market: MarketTimeline?
        var marketReadAt: Date?
        /// Its field as last read, and when.
        var field: (runners: [Runner], readAt: Date)?
        /// The race as a feed or a meetings list last named it: its code and place.
        var race: Race?
        /// Its card as last read from its source (no copy kept offline), when by the readers' own clock (the
        /// system's: a pinned clock never moves), and by which reader: served again within a look.
        var card: (card: RaceCard, readAt: Date, reader: ObjectIdentifier)?
        /// When its card was last asked for by a reader that paces its requests (the board's watch, the results),
        /// read or not, by the readers' own clock.
        var cardAskedAt: Date?
        /// Its result as its card last told it: the status, every placing, the dividends, the placed runners' names.
        var result: RaceCard?
    }

    private struct State {
        var records: [String: Record] = [:]
        var abandoned: Set<String> = []
        /// Bumped at each change: what was worked out for a moment holds until something new is told.
        var generation = 0
        var lastWorkedOut: (generation: Int, at: Date, standings: [String: RaceStanding])?
        /// The races whose cards are kept, oldest read first: only a look's worth are kept.
        var cardsKept: [String] = []
    }

    private let state = Mutex(State())
    /// The cards being read from their source now, by race: a second asker waits for the read under way.
    private let reading = Mutex<[String: CardRead]>([:])
    private let index: (any RaceMarketIndex)?
    /// At most this many cards are kept whole: the few read in the last look.
    static let cardsKeptAtMost = 32

    /// - Parameter index: where a source that holds its whole day's markets (the embedded day) tells a race's
    ///   market when first asked, instead of a card being read for it.
    public init(index: (any RaceMarketIndex)? = nil) {
        self.index = index
    }

    // MARK: - Recording

    /// How the race stands now, as a live source told it (one standing, from now: only forward, as below).
    public func record(_ status: RaceStatus, forRace id: String) {
        record([RaceStanding(status: status)], forRace: id)
    }

    /// The race's standings, each from its time (the snapshot tells a replayed race's whole life at once). A
    /// live source's word (one standing, from now) only moves the race forward, as a card's does.
    public func record(_ told: [RaceStanding], forRace id: String) {
        guard !told.isEmpty else { return }
        let told = told.sorted { ($0.from ?? .distantPast) < ($1.from ?? .distantPast) }
        change(id) { record in
            // Told again as it was (a list asked every half minute): nothing changes.
            guard record.standings != told else { return false }
            if told.count == 1, told[0].from == nil, !Self.moves(record.standings, to: told[0]) { return false }
            record.standings = told
            return true
        }
    }

    /// What a card read from its source says, read at `now`: its standing, its market while betting is open, and
    /// its field. A copy kept from an earlier fetch (offline) tells the race as it was then, not as it is: only its
    /// field is taken. A race's standing only goes forward: a card still open does not undo an abandonment or a
    /// result told before it (a server's cached copy, or a list quicker than the card).
    public func record(_ card: RaceCard, at now: Date) {
        let isLive = card.offline == nil
        let standing = isLive ? RaceStanding(card: card) : nil
        let isOpen = card.status == nil || card.status == .open
        change(card.raceID) { record in
            var changed = false
            // A replayed race's timeline tells its whole life: a card tells one moment of it.
            if let standing, record.standings != [standing], !record.standings.contains(where: { $0.from != nil }),
                Self.moves(record.standings, to: standing)
            {
                record.standings = [standing]
                changed = true
            }
            // A source with an index of its markets knows every move: one card tells only a moment of it.
            if isLive && isOpen && index == nil {
                let market = MarketTimeline(RaceMarket(runners: card.runners))
                changed = changed || record.market != market
                record.market = market
                record.marketReadAt = now
            }
            if isLive, let result = Self.result(of: card), record.result != result {
                record.result = result
                changed = true
            }
            return Self.setField(card.runners, at: now, in: &record) || changed
        }
    }

    /// What a result needs of its card: its status, placings and dividends, and the placed runners' names (a whole
    /// card, every runner's form and prices, is tens of kilobytes, and a day's results are hundreds); nil before
    /// a result.
    static func result(of card: RaceCard) -> RaceCard? {
        guard card.status == .interim || card.status == .final || !card.placings.isEmpty else { return nil }
        let placed = Set(card.placings.map(\.runnerNumber))
        return RaceCard(
            raceID: card.raceID, status: card.status, advertisedStart: card.advertisedStart,
            runners: card.runners.filter { placed.contains($0.number) }.map {
                Runner(number: $0.number, name: $0.name)
            }, placings: card.placings, dividends: card.dividends)
    }

    /// A race's field read apart from its card (the embedded day's fields), at `now`.
    public func record(field runners: [Runner], forRace id: String, at now: Date) {
        change(id) { Self.setField(runners, at: now, in: &$0) }
    }

    /// Sets the record's field, read at `now`; whether who runs changed.
    private static func setField(_ runners: [Runner], at now: Date, in record: inout Record) -> Bool {
        let field = runners.map(fieldOnly)
        let changed = record.field?.runners != field
        record.field = (field, now)
        return changed
    }

    /// The races as a feed or a meetings list names them: where each is run.
    public func record(races: [Race]) {
        state.withLock { state in
            for race in races where state.records[race.id]?.race != race {
                Self.update(race.id, in: &state) { $0.race = race }
            }
        }
    }

    /// A reader that paces its requests asked for the race's card at `now` (whether or not it came).
    public func noteCardAsked(forRace id: String, at now: Date) {
        state.withLock { state in Self.update(id, in: &state) { $0.cardAskedAt = now } }
    }

    // MARK: - Reading

    /// How the race stands at `now`: the last standing told whose time has come.
    public func standing(ofRace id: String, at now: Date) -> RaceStanding? {
        state.withLock { ($0.records[id]?.standings).flatMap { Self.current($0, at: now) } }
    }

    /// How every race told of stands at `now`. Boards ask at every draw, many times a second in a script: the
    /// answer for a moment is kept until the moment or what was told changes.
    public func standings(at now: Date) -> [String: RaceStanding] {
        state.withLock { state in
            if let last = state.lastWorkedOut, last.generation == state.generation, last.at == now {
                return last.standings
            }
            let standings = state.records.compactMapValues { Self.current($0.standings, at: now) }
            state.lastWorkedOut = (state.generation, now, standings)
            return standings
        }
    }

    public func status(ofRace id: String) -> RaceStatus? {
        standing(ofRace: id, at: .distantFuture)?.status
    }

    /// The races whose last standing told says they were abandoned.
    public var abandonedRaceIDs: Set<String> {
        state.withLock { $0.abandoned }
    }

    /// The race's market at `now`, as known without waiting: read from a card in the last `marketStaleAfter`, or
    /// told by the index; nil when not known.
    public func market(ofRace id: String, at now: Date) -> RaceMarket? {
        let known = state.withLock { state in
            state.records[id].map { ($0.market, $0.marketReadAt) }
        }
        if let (market, readAt) = known, let market {
            if let readAt, now.timeIntervalSince(readAt) > Self.marketStaleAfter { return nil }
            return market.market(at: now)
        }
        guard let index, let market = index.marketTimeline(ofRace: id) else { return nil }
        state.withLock { state in Self.update(id, in: &state) { $0.market = market } }
        return market.market(at: now)
    }

    /// The race's field as last read, and when; nil when none was read.
    public func field(ofRace id: String) -> (runners: [Runner], readAt: Date)? {
        state.withLock { $0.records[id]?.field }
    }

    /// The race as last named by a feed or a meetings list.
    public func race(_ id: String) -> Race? {
        state.withLock { $0.records[id]?.race }
    }

    /// Each race's result as its card last told it (placings, dividends, the placed runners), where one was read.
    public func results(ofRaces ids: [String]) -> [String: RaceCard] {
        state.withLock { state in
            var found: [String: RaceCard] = [:]
            for id in ids { if let result = state.records[id]?.result { found[id] = result } }
            return found
        }
    }

    /// When a reader that paces its requests (the board's watch, the results) last asked for the race's card.
    public func cardAskedAt(ofRace id: String) -> Date? {
        state.withLock { $0.records[id]?.cardAskedAt }
    }

    /// The race's card if `readOnce` read it from its source within `freshness` of `now` (by its readers' clock):
    /// a second asker in the same look is served it without another request.
    public func card(ofRace id: String, readWithin freshness: TimeInterval, at now: Date) -> RaceCard? {
        keptCard(ofRace: id, readWithin: freshness, at: now)?.card
    }

    private func keptCard(
        ofRace id: String, readWithin freshness: TimeInterval, at now: Date
    ) -> (card: RaceCard, readAt: Date, reader: ObjectIdentifier)? {
        guard freshness > 0, let kept = state.withLock({ $0.records[id]?.card }) else { return nil }
        let age = now.timeIntervalSince(kept.readAt)
        return age >= 0 && age < freshness ? kept : nil
    }

    /// The longest a second asker waits on a read under way before it goes on without it: past any request's
    /// own limits and the budget's waits, so only a read that never ends is given up on.
    static let longestSharedWait: TimeInterval = 120

    /// The race's card read once for everyone who asks at about the same time: one read within `sharedFor` (by
    /// `clock`, the readers' own: the system's, not the run's, which may be pinned) is given again, a read under
    /// way is waited for and its answer shared, and only else is `read` run. Where the read waited for fails, the
    /// asker is given its own source's kept copy (`keptCopy`), not a second request to a server that just failed.
    /// - Returns: the card, and whether another reader read it.
    public func readOnce(
        ofRace id: String, sharedFor: TimeInterval, clock: any WallClock, reader: ObjectIdentifier,
        read: () throws(RaceDataError) -> RaceCard?, keptCopy: () -> RaceCard?
    ) throws(RaceDataError) -> (card: RaceCard?, readByAnother: Bool) {
        enum Turn {
            case shared(RaceCard, ObjectIdentifier)
            case waiting(CardRead)
            case reading(CardRead)
        }
        // One lock decides: given the kept card, waiting on the read under way, or reading.
        let turn = reading.withLock { reading -> Turn in
            if let kept = keptCard(ofRace: id, readWithin: sharedFor, at: clock.now()) {
                return .shared(kept.card, kept.reader)
            }
            if let underWay = reading[id] { return .waiting(underWay) }
            let flight = CardRead()
            reading[id] = flight
            return .reading(flight)
        }
        switch turn {
        case .shared(let card, let by):
            return (card, by != reader)
        case .waiting(let flight):
            let answer = flight.answer(within: Self.longestSharedWait)
            if case .success(let card)? = answer { return (card, true) }
            if let copy = keptCopy() { return (copy, false) }
            if case .failure(let error)? = answer { throw error }
            throw .unavailable(source: "race cards", reason: "a read of this card did not finish")
        case .reading(let flight):
            let answer = Result { () throws(RaceDataError) in try read() }
            if case .success(let card?) = answer, card.offline == nil {
                keep(card, readAt: clock.now(), by: reader)
            }
            reading.withLock { $0[id] = nil }
            flight.finish(answer)
            return (try answer.get(), false)
        }
    }

    /// How many askers wait on the read of the race's card under way (none when none is).
    func waitingReads(ofRace id: String) -> Int {
        reading.withLock { $0[id] }?.waiters.withLock { $0 } ?? 0
    }

    // MARK: - Keeping

    /// Changes one race's record; when `change` says a screen would show it, the generation moves.
    private func change(_ id: String, _ change: (inout Record) -> Bool) {
        state.withLock { state in
            guard let standings = Self.update(id, in: &state, { change(&$0) ? $0.standings : nil }) else { return }
            if standings.contains(where: { $0.status == .abandoned }) {
                state.abandoned.insert(id)
            } else {
                state.abandoned.remove(id)
            }
            state.generation &+= 1
            state.lastWorkedOut = nil
        }
    }

    /// Changes one race's record in place (a copy of a record each time cost a board's fetch a millisecond),
    /// making room within the bound for a race new to the book: what is let go is read again when next needed.
    private static func update<Value>(
        _ id: String, in state: inout State, _ change: (inout Record) -> Value
    ) -> Value {
        if state.records[id] == nil, state.records.count >= RaceKeyedLimit.races {
            state.records.removeAll(keepingCapacity: true)
            state.abandoned.removeAll()
            state.cardsKept.removeAll()
            state.generation &+= 1
            state.lastWorkedOut = nil
        }
        return change(&state.records[id, default: Record()])
    }

    /// Keeps a look's worth of whole cards (tens of kilobytes each): the oldest read is let go first.
    private func keep(_ card: RaceCard, readAt: Date, by reader: ObjectIdentifier) {
        let id = card.raceID
        state.withLock { state in
            Self.update(id, in: &state) { $0.card = (card, readAt, reader) }
            state.cardsKept.removeAll { $0 == id }
            state.cardsKept.append(id)
            while state.cardsKept.count > Self.cardsKeptAtMost {
                let oldest = state.cardsKept.removeFirst()
                state.records[oldest]?.card = nil
            }
        }
    }

    /// A field is who runs: numbers, names, riders, trainers and scratchings, without prices or form.
    private static func fieldOnly(_ runner: Runner) -> Runner {
        Runner(
            number: runner.number, name: runner.name, rider: runner.rider, trainer: runner.trainer,
            scratching: runner.scratching)
    }

    /// Whether a live source's `standing` moves the race on from what was `told` before: never back (an open card
    /// after a result, a cached copy), and a bare word never drops placings told with the same word (a list of
    /// statuses after a card).
    private static func moves(_ told: [RaceStanding], to standing: RaceStanding) -> Bool {
        guard let last = told.last else { return true }
        if progress(of: standing.status) < progress(of: last.status) { return false }
        return !(standing.status == last.status && standing.placings.isEmpty && !last.placings.isEmpty)
    }

    /// How far along a race a status is. A result and an abandonment both end it: either may correct the other.
    private static func progress(of status: RaceStatus) -> Int {
        switch status {
        case .open, .other: 0
        case .closed: 1
        case .interim: 2
        case .final, .abandoned: 3
        }
    }

    private static func current(_ told: [RaceStanding], at now: Date) -> RaceStanding? {
        told.last { ($0.from ?? .distantPast) <= now }
    }
}

/// One read of a card under way, which others asking for the same card wait for.
private final class CardRead: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<RaceCard?, RaceDataError>?>(nil)
    /// How many askers are waiting on it (for tests to know when they are).
    let waiters = Mutex(0)

    func finish(_ answer: Result<RaceCard?, RaceDataError>) {
        result.withLock { $0 = answer }
        // Every waiter is let through, however many came.
        done.signal()
    }

    /// Blocks until the read is done, at most `limit`: nil if it is not. Callers are the interactors' queues,
    /// never the main thread.
    func answer(within limit: TimeInterval) -> Result<RaceCard?, RaceDataError>? {
        waiters.withLock { $0 += 1 }
        guard done.wait(timeout: .now() + limit) == .success else { return nil }
        done.signal()
        return result.withLock { $0 }
    }
}

/// Where a source that holds its whole day's markets (the embedded day) tells a race's market through its life,
/// without a card read for it.
public protocol RaceMarketIndex: Sendable {
    /// The race's market through its life; nil for a race the source does not hold.
    func marketTimeline(ofRace id: String) -> MarketTimeline?
}

/// A race's market through its life: its favourite and shortest prices from each moment they move. A card read
/// live tells one moment; the embedded day tells every move.
public struct MarketTimeline: Sendable, Equatable {
    public struct Change: Sendable, Equatable {
        public let from: Date
        public let market: RaceMarket?

        public init(from: Date, market: RaceMarket?) {
            self.from = from
            self.market = market
        }
    }

    /// The first change is from the distant past.
    private let changes: [Change]

    /// A market as read at one moment, holding until read again.
    public init(_ market: RaceMarket?) {
        changes = [Change(from: .distantPast, market: market)]
    }

    /// `changes` in time order; the first holds from the distant past.
    public init(first: RaceMarket?, then changes: [Change]) {
        self.changes = [Change(from: .distantPast, market: first)] + changes
    }

    public func market(at now: Date) -> RaceMarket? {
        // The last change at or before `now`: a binary search, as a board asks at every draw.
        var low = 0
        var high = changes.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if changes[middle].from <= now { low = middle } else { high = middle - 1 }
        }
        return changes[low].market
    }
}
