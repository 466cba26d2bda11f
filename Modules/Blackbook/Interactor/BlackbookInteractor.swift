import Core
import Dispatch
import Platform
import RaceData
import Synchronization

/// What the blackbook's presenter may ask of its interactor.
public protocol BlackbookInteractorInput: AnyObject, Sendable {
    /// The entries now, answered at once.
    @MainActor func loadEntries() -> Result<KeptListState<BlackbookEntry>, KeptListError>
    /// Makes the change: saved (or gathered in the turn) when it returns.
    @MainActor func change(_ change: KeptListChange<BlackbookEntry>) -> Result<
        KeptListState<BlackbookEntry>, KeptListError
    >
    /// The races to come with their fields, as far as they have been read (from the source's fields or the races'
    /// cards), answered on the main actor.
    /// Requests made while one is out join it.
    func racesToCome(completion: @escaping @MainActor @Sendable (Result<RacesToCome, RaceDataError>) -> Void)
    /// While `racesToCome` reads: its races with the fields read so far (nil until the races are known), for a
    /// book drawn before the answer.
    var racesToComeSoFar: RacesToCome? { get }
    /// A race's field read elsewhere (the card a runner is followed on): kept, so the book and the board know
    /// it at once.
    func learn(_ card: RaceCard, of race: Race)
    /// The run has a card source (cards or fields): without one no next run can be found.
    var readsCards: Bool { get }
}

/// The races still to run and the fields of those whose cards were read.
public struct RacesToCome: Sendable, Equatable {
    /// Soonest first.
    public let races: [Race]
    /// By race id; a race missing here had no card read yet (or none published).
    public let fields: [String: [LineupRunner]]
    /// Every card that could tell an entry's next run was read: all of them, or those up to the last entry's
    /// next run. False while a server's cards are still being read a few at a time.
    public let isSettled: Bool

    public init(races: [Race], fields: [String: [LineupRunner]], isSettled: Bool? = nil) {
        self.races = races
        self.fields = fields
        self.isSettled = isSettled ?? races.allSatisfy { fields[$0.id] != nil }
    }

    /// Races whose fields are known.
    public var readCount: Int { races.count { fields[$0.id] != nil } }
}

/// The blackbook's data: the entries through the app's kept list (on the main actor), and the fields of races to
/// come, read from their cards on a serial queue of its own and kept. A card source that answers from what it
/// holds (the embedded day, a folder) has every race to come read; one that asks a server has a few read at a
/// time, soonest first, within the card budget it shares with every sheet.
///
/// It is also the app's race marker: the board and the sheet ask it which runners are followed.
public final class BlackbookInteractor: BlackbookInteractorInput, RaceMarker {
    /// How far ahead races are looked at: the day's racing.
    public static let horizon: TimeInterval = 24 * 3600
    /// Cards read from a server at one look (soonest first); the rest at the next looks.
    public static let cardsPerLook = 4
    /// How long a field read from a server holds: late scratchings and changes of rider come through the day.
    public static let fieldLifetime: TimeInterval = 600
    /// How long a field read from the source's own fields holds: they cost next to nothing to read again, and a
    /// late scratching (5 to 45 minutes before the start) should unmark its runner within the minute.
    public static let localFieldLifetime: TimeInterval = 60
    /// The races of each code the board's fetch reads fields for, soonest first: a default board's five and a
    /// few more (a whole day's cards in a one-shot `list` cost 230 ms). Races further off are marked as they
    /// come nearer; the book reads all it needs itself.
    public static let markedPerCategory = 8

    private let list: any KeptList<BlackbookEntry>
    private let cards: (any RaceCardService)?
    private let cardsAnswerAtOnce: Bool
    private let fieldSource: (any RaceFieldService)?
    private let meetings: (any RaceMeetingsService)?
    private let latestRaces: LatestRaces
    private let clock: any WallClock
    private let queue: DispatchQueue
    private let looks: CoalescedFetch<Result<RacesToCome, RaceDataError>>
    /// The entries as last read on the main actor, for marks asked on other threads.
    private let entries = Mutex<[BlackbookEntry]>([])
    /// Each race's field as read, and when (at most `RaceKeyedLimit.races`).
    private let fields = Mutex<[String: (runners: [LineupRunner], readAt: Date)]>([:])
    /// Each race's code and country, from every race seen: an entry matches only runners of its own (and a
    /// harness race's rider is its driver). At most `RaceKeyedLimit.races`.
    private let places = Mutex<[String: RunnerPlace]>([:])
    /// A warning from a read no screen asked for (the board's, before it draws), kept until it is said.
    private let unsaid = Mutex<String?>(nil)
    /// The races of the last look at the races to come, once known.
    private let lookRaces = Mutex<[Race]?>(nil)

    /// - Parameters:
    ///   - cardsAnswerAtOnce: the card source answers from what it holds (no request to wait on).
    ///   - meetings: the day's meetings, where the card source lists them; else the board's feed is the day.
    ///   - fieldSource: races' fields apart from their cards, where the source has them so: read before any card.
    public init(
        list: any KeptList<BlackbookEntry>, cards: (any RaceCardService)?, cardsAnswerAtOnce: Bool,
        fieldSource: (any RaceFieldService)? = nil, meetings: (any RaceMeetingsService)?, latestRaces: LatestRaces,
        clock: any WallClock,
        queue: DispatchQueue = DispatchQueue(label: "NextToGo.BlackbookInteractor"),
        deliver: @escaping MainDelivery = deliverOnMain
    ) {
        self.list = list
        self.cards = cards
        self.fieldSource = fieldSource
        self.cardsAnswerAtOnce = cardsAnswerAtOnce
        self.meetings = meetings
        self.latestRaces = latestRaces
        self.clock = clock
        self.queue = queue
        looks = CoalescedFetch(queue: queue, deliver: deliver)
    }

    // MARK: - Entries

    @MainActor
    public func loadEntries() -> Result<KeptListState<BlackbookEntry>, KeptListError> {
        remembered(list.result(of: nil)).map { state in
            guard let warning = unsaid.withLock({ $0.take() }) else { return state }
            return KeptListState(
                items: state.items, warning: [warning, state.warning].compactMap { $0 }.joined(separator: "\n"))
        }
    }

    @MainActor
    public func change(
        _ change: KeptListChange<BlackbookEntry>
    ) -> Result<KeptListState<BlackbookEntry>, KeptListError> {
        remembered(list.result(of: change))
    }

    private func remembered(
        _ result: Result<KeptListState<BlackbookEntry>, KeptListError>
    ) -> Result<KeptListState<BlackbookEntry>, KeptListError> {
        if case .success(let state) = result { entries.withLock { $0 = state.items } }
        return result
    }

    // MARK: - Races to come

    public func racesToCome(completion: @escaping @MainActor @Sendable (Result<RacesToCome, RaceDataError>) -> Void) {
        looks.request(
            { [self] in
                Result { () throws(RaceDataError) in
                    let races = upcoming(among: try dayRaces())
                    lookRaces.withLock { $0 = races }
                    let followed = entries.withLock { $0 }
                    // Nothing followed needs no card; read soonest first, only until every entry's next run is
                    // found (a whole day's cards for an entry not engaged).
                    let stoppedEarly = followed.isEmpty || read(fieldsOf: races, until: followed)
                    return RacesToCome(
                        races: races, fields: fieldsKnown(of: races), isSettled: stoppedEarly ? true : nil)
                }
            }, completion: completion)
    }

    public var racesToComeSoFar: RacesToCome? {
        lookRaces.withLock { $0 }.map { RacesToCome(races: $0, fields: fieldsKnown(of: $0), isSettled: false) }
    }

    private func fieldsKnown(of races: [Race]) -> [String: [LineupRunner]] {
        fields.withLock { known in
            // A feed may name a race twice: the first is kept, as everywhere.
            Dictionary(
                races.compactMap { race in known[race.id].map { (race.id, $0.runners) } },
                uniquingKeysWith: { first, _ in first })
        }
    }

    public var readsCards: Bool { cards != nil || fieldSource != nil }

    public func learn(_ card: RaceCard) {
        let runners = LineupRunner.field(of: card)
        let now = clock.now()
        fields.withLock { $0.set((runners, now), forKey: card.raceID, keepingAtMost: RaceKeyedLimit.races) }
    }

    public func learn(_ card: RaceCard, of race: Race) {
        remember(places: [race])
        learn(card)
    }

    /// Where these races are run, for marking their runners.
    private func remember(places races: [Race]) {
        places.withLock { known in
            for race in races { known.set(RunnerPlace(race), forKey: race.id, keepingAtMost: RaceKeyedLimit.races) }
        }
    }

    /// The day's races: the card source's meetings where it lists them, else the board's latest feed.
    private func dayRaces() throws(RaceDataError) -> [Race] {
        if let meetings { return try meetings.raceDay(at: clock.now()).races }
        let answer = Mutex<[Race]>([])
        let done = DispatchSemaphore(value: 0)
        latestRaces.races { races in
            answer.withLock { $0 = races }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 }
    }

    /// Those not yet jumped (or jumped less than `since` ago), within the horizon, soonest first.
    private func upcoming(among races: [Race], since: TimeInterval = 0) -> [Race] {
        let now = clock.now()
        return races.filter { $0.advertisedStart > now - since && $0.advertisedStart <= now + Self.horizon }
            .sorted { ($0.advertisedStart, $0.id) < ($1.advertisedStart, $1.id) }
    }

    /// Reads the fields not known or gone stale, soonest first: all of them from a source that answers at once,
    /// else a few. A card that cannot be read now is tried at a later look.
    /// - Parameter entries: when given, reading stops once each has a next run among the races read so far.
    /// - Returns: whether it stopped so, every entry's next run found.
    @discardableResult
    private func read(fieldsOf races: [Race], until entries: [BlackbookEntry]? = nil) -> Bool {
        let now = clock.now()
        var unfound = entries ?? []
        let keys = Dictionary(unfound.map { ($0.id, $0.nameKey) }, uniquingKeysWith: { first, _ in first })
        remember(places: races)
        var due: [Race] = []
        for race in races {
            let known = fields.withLock { $0[race.id] }
            if let known, isFresh(known.readAt, at: now) {
                let place = RunnerPlace(race)
                unfound.removeAll { entry in
                    known.runners.contains { entry.matches($0, key: keys[entry.id] ?? "", at: place) }
                }
                if entries != nil && unfound.isEmpty { return true }
            } else {
                due.append(race)
            }
        }
        guard cards != nil || fieldSource != nil else { return false }
        for race in cardsAnswerAtOnce ? due[...] : due.prefix(Self.cardsPerLook) {
            guard let runners = field(of: race) else { continue }
            fields.withLock { $0.set((runners, now), forKey: race.id, keepingAtMost: RaceKeyedLimit.races) }
            let place = RunnerPlace(race)
            unfound.removeAll { entry in runners.contains { entry.matches($0, key: keys[entry.id] ?? "", at: place) } }
            if entries != nil && unfound.isEmpty { return true }
        }
        return false
    }

    /// Whether a field read at `readAt` still holds: one from the source's own fields for a minute, a card from
    /// a source that answers at once for the session, a server's for `fieldLifetime`.
    private func isFresh(_ readAt: Date, at now: Date) -> Bool {
        let age = now.timeIntervalSince(readAt)
        if fieldSource != nil { return age <= Self.localFieldLifetime && age >= 0 }
        return cardsAnswerAtOnce || age <= Self.fieldLifetime
    }

    /// The race's field: from the source's fields where it has them, else from its card; nil when neither.
    private func field(of race: Race) -> [LineupRunner]? {
        if let fieldSource,
            case .success(let runners?) = Result(catching: { () throws(RaceDataError) in
                try fieldSource.field(forRace: race.id)
            })
        {
            return LineupRunner.field(of: runners)
        }
        guard let cards,
            case .success(let card?) = Result(catching: { () throws(RaceDataError) in
                try cards.card(forRace: race.id)
            })
        else { return nil }
        return LineupRunner.field(of: card)
    }

    // MARK: - Marking races (RaceMarker)

    public func prepare(_ races: [Race]) {
        // Nothing to mark with an empty book: a board's fetch (every start of a one-shot `list`) pays nothing.
        guard !entries.withLock(\.isEmpty) else { return }
        remember(places: races)
        // The board's races too, in their last minute on it.
        let toCome = RaceOrder.firstOfEachCategory(
            upcoming(among: races, since: Race.boardExpiryDelay), count: Self.markedPerCategory)
        if cardsAnswerAtOnce {
            read(fieldsOf: toCome)
        } else {
            // A server is asked beside the board's fetch, never holding it up.
            queue.async { [self] in read(fieldsOf: toCome) }
        }
    }

    public func marks(inRace id: String) -> [RaceMark] {
        // Asked for every row at every draw: a race with no field read is answered before the entries are copied.
        guard let field = fields.withLock({ $0[id] }) else { return [] }
        let followed = entries.withLock { $0 }
        guard !followed.isEmpty else { return [] }
        return Self.marks(of: followed, in: field.runners, at: places.withLock { $0[id] } ?? .anywhere)
    }

    /// Each runner matched by an entry, in the field's order, once for each entry that matches it; in a race at
    /// `place` (its code and country), those of the entries of that code and country, in its words for them.
    public static func marks(
        of entries: [BlackbookEntry], in runners: [LineupRunner], at place: RunnerPlace = .anywhere
    ) -> [RaceMark] {
        let keys = entries.map(\.nameKey)
        return runners.flatMap { runner in
            zip(entries, keys).filter { $0.matches(runner, key: $1, at: place) }.map { entry, _ in
                RaceMark(
                    runnerNumber: runner.number, runnerName: runner.name, role: entry.kind,
                    reason: entry.spoken(in: place.code))
            }
        }
    }

    /// The board's look before it draws: its warning is the board's to say.
    @MainActor
    public func reload() -> String? {
        guard case .success(let state) = loadEntries() else { return nil }
        return state.warning
    }

    /// Who is followed, read before the board's first fetch; a warning it gives waits to be said.
    @MainActor
    public func loadBeforeTheBoard() {
        guard case .success(let state) = loadEntries(), let warning = state.warning else { return }
        unsaid.withLock { $0 = warning }
    }
}
