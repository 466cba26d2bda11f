import Core
import Dispatch
import Platform
import RaceData
import Synchronization

/// The blackbook's marks on the board and the sheet: which runners of a race are followed, from the entries and
/// the race's field in the day's book. Before the board draws it reads the entries again (another screen or copy
/// may have changed them); in the board's fetch it reads the fields the board's races need that the book lacks:
/// in the fetch from a source that answers at once, beside it from a server (whose cards the board's watch reads
/// for its prices too, so most are there already).
public final class BlackbookMarker: RaceMarker {
    /// The races of each code the board's fetch reads fields for, soonest first: a default board's five and a
    /// few more (a whole day's cards in a one-shot `list` cost 230 ms). Races further off are marked as they
    /// come nearer; the book reads all it needs itself.
    public static let markedPerCategory = 8

    private let list: any KeptList<BlackbookEntry>
    private let fieldReads: FieldReads
    private let queue: DispatchQueue
    /// The entries as last read on the main actor, for marks asked on other threads.
    private let entries = Mutex<[BlackbookEntry]>([])
    /// A warning from the read before the board's first fetch, kept until the board says it.
    private let unsaid = Mutex<String?>(nil)

    public init(
        list: any KeptList<BlackbookEntry>, book: RaceDayBook, cards: CardReads?, cardsAnswerAtOnce: Bool,
        fieldSource: (any RaceFieldService)? = nil, clock: any WallClock,
        queue: DispatchQueue = DispatchQueue(label: "NextToGo.BlackbookMarker")
    ) {
        self.list = list
        fieldReads = FieldReads(
            book: book, cards: cards, fieldSource: fieldSource, cardsAnswerAtOnce: cardsAnswerAtOnce, clock: clock)
        self.queue = queue
    }

    public func prepare(_ races: [Race]) {
        // Nothing to mark with an empty book: a board's fetch (every start of a one-shot `list`) pays nothing.
        guard !entries.withLock(\.isEmpty) else { return }
        let now = fieldReads.clock.now()
        // The board's races too, in their last minute on it.
        let toCome = RaceOrder.firstOfEachCategory(
            races.filter { $0.advertisedStart > now - Race.boardExpiryDelay }
                .sorted { ($0.advertisedStart, $0.id) < ($1.advertisedStart, $1.id) },
            count: Self.markedPerCategory)
        if fieldReads.cardsAnswerAtOnce {
            fieldReads.read(fieldsOf: toCome, perLook: BlackbookInteractor.cardsPerLook)
        } else {
            // A server is asked beside the board's fetch, never holding it up.
            queue.async { [fieldReads] in fieldReads.read(fieldsOf: toCome, perLook: BlackbookInteractor.cardsPerLook) }
        }
    }

    public func marks(inRace id: String) -> [RaceMark] {
        // Asked for every row at every draw: a race with no field read is answered before the entries are copied.
        guard let field = fieldReads.book.field(ofRace: id) else { return [] }
        let followed = entries.withLock { $0 }
        guard !followed.isEmpty else { return [] }
        return Self.marks(
            of: followed, in: LineupRunner.field(of: field.runners),
            at: fieldReads.book.race(id).map(RunnerPlace.init) ?? .anywhere)
    }

    public func scratchedMarks(inRace id: String) -> [RaceMark] {
        // Asked for every race of the board at every look while alerts are on: an empty book answers first.
        let followed = entries.withLock { $0 }
        guard !followed.isEmpty, let field = fieldReads.book.field(ofRace: id) else { return [] }
        let late = field.runners.filter { if case .late? = $0.scratching { true } else { false } }
        guard !late.isEmpty else { return [] }
        return Self.marks(
            of: followed, in: late.map(LineupRunner.init),
            at: fieldReads.book.race(id).map(RunnerPlace.init) ?? .anywhere)
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

    /// The board's look before it draws: the entries as they are now; a warning is the board's to say.
    @MainActor
    public func reload() -> String? {
        let earlier = unsaid.withLock { $0.take() }
        guard case .success(let state) = list.result(of: nil) else { return earlier }
        entries.withLock { $0 = state.items }
        let said = [earlier, state.warning].compactMap { $0 }
        return said.isEmpty ? nil : said.joined(separator: "\n")
    }

    /// Who is followed, read before the board's first fetch; a warning it gives waits to be said.
    @MainActor
    public func loadBeforeTheBoard() {
        guard case .success(let state) = list.result(of: nil) else { return }
        entries.withLock { $0 = state.items }
        unsaid.withLock { $0 = state.warning }
    }
}
