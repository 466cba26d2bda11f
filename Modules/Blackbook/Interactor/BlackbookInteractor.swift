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
    /// A runner is followed on this race's card: where the race is run goes into the day's book (its field is
    /// there from the card's read), so the board marks it at once.
    func noteFollowed(in race: Race)
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
/// come, from the day's book, read into it (from the source's fields or the races' cards) on a serial queue of its
/// own where the book has none fresh. A card source that answers from what it holds (the embedded day, a folder)
/// has every race to come read; one that asks a server has a few read at a time, soonest first, within the card
/// budget it shares with every sheet. It keeps only the entries as last read, for the look under way.
public final class BlackbookInteractor: BlackbookInteractorInput {
    /// How far ahead races are looked at: the day's racing.
    public static let horizon: TimeInterval = 24 * 3600
    /// Cards read from a server at one look (soonest first); the rest at the next looks.
    public static let cardsPerLook = 4
    /// How long a field read from a server holds: late scratchings and changes of rider come through the day.
    public static let fieldLifetime: TimeInterval = 600
    /// How long a field read from the source's own fields holds: they cost next to nothing to read again, and a
    /// late scratching (5 to 45 minutes before the start) should unmark its runner within the minute.
    public static let localFieldLifetime: TimeInterval = 60

    private let list: any KeptList<BlackbookEntry>
    private let fieldReads: FieldReads
    private let meetings: (any RaceMeetingsService)?
    private let latestRaces: LatestRaces
    private let clock: any WallClock
    /// What marks the board's races, the blackbook's marker among them: told of each change to the entries, and
    /// asked for what it has to say (a damaged file set aside before the board's first fetch).
    private let marks: RaceMarks?
    private let looks: CoalescedFetch<Result<RacesToCome, RaceDataError>>
    /// The entries as last read on the main actor, for the look under way on the queue.
    private let entries = Mutex<[BlackbookEntry]>([])
    /// The races of the last look at the races to come, once known.
    private let lookRaces = Mutex<[Race]?>(nil)

    /// - Parameters:
    ///   - book: the day's book, where fields read are recorded and found.
    ///   - cards: the app's card reads, which record each card read in `book`.
    ///   - cardsAnswerAtOnce: the card source answers from what it holds (no request to wait on).
    ///   - meetings: the day's meetings, where the card source lists them; else the board's feed is the day.
    ///   - fieldSource: races' fields apart from their cards, where the source has them so: read before any card.
    ///   - marks: what marks the board's races (the app's, with the blackbook's marker registered).
    public init(
        list: any KeptList<BlackbookEntry>, book: RaceDayBook, cards: CardReads?, cardsAnswerAtOnce: Bool,
        fieldSource: (any RaceFieldService)? = nil, meetings: (any RaceMeetingsService)?, latestRaces: LatestRaces,
        marks: RaceMarks? = nil, clock: any WallClock,
        queue: DispatchQueue = DispatchQueue(label: "NextToGo.BlackbookInteractor"),
        deliver: @escaping MainDelivery = deliverOnMain
    ) {
        self.list = list
        fieldReads = FieldReads(
            book: book, cards: cards, fieldSource: fieldSource, cardsAnswerAtOnce: cardsAnswerAtOnce, clock: clock)
        self.meetings = meetings
        self.latestRaces = latestRaces
        self.clock = clock
        self.marks = marks
        looks = CoalescedFetch(queue: queue, deliver: deliver)
    }

    // MARK: - Entries

    @MainActor
    public func loadEntries() -> Result<KeptListState<BlackbookEntry>, KeptListError> {
        remembered(list.result(of: nil))
    }

    @MainActor
    public func change(
        _ change: KeptListChange<BlackbookEntry>
    ) -> Result<KeptListState<BlackbookEntry>, KeptListError> {
        remembered(list.result(of: change))
    }

    /// Keeps the entries for the look, and has the marks read them too: what the marker has to say is said here.
    @MainActor
    private func remembered(
        _ result: Result<KeptListState<BlackbookEntry>, KeptListError>
    ) -> Result<KeptListState<BlackbookEntry>, KeptListError> {
        guard case .success(let state) = result else { return result }
        entries.withLock { $0 = state.items }
        guard let said = marks?.reload() else { return result }
        let warning = [said, state.warning].compactMap { $0 }.joined(separator: "\n")
        return .success(KeptListState(items: state.items, warning: warning))
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
                    let stoppedEarly =
                        followed.isEmpty
                        || fieldReads.read(fieldsOf: races, perLook: Self.cardsPerLook, until: followed)
                    return RacesToCome(
                        races: races, fields: fieldReads.known(of: races), isSettled: stoppedEarly ? true : nil)
                }
            }, completion: completion)
    }

    public var racesToComeSoFar: RacesToCome? {
        lookRaces.withLock { $0 }.map { RacesToCome(races: $0, fields: fieldReads.known(of: $0), isSettled: false) }
    }

    public var readsCards: Bool { fieldReads.canRead }

    public func noteFollowed(in race: Race) {
        fieldReads.book.record(races: [race])
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

    /// Those not yet jumped, within the horizon, soonest first.
    private func upcoming(among races: [Race]) -> [Race] {
        let now = clock.now()
        return races.filter { $0.advertisedStart > now && $0.advertisedStart <= now + Self.horizon }
            .sorted { ($0.advertisedStart, $0.id) < ($1.advertisedStart, $1.id) }
    }
}
