import Core
import Dispatch
import Platform
import RaceData

/// The day's meetings, and where they came from.
public typealias MeetingsAnswer = RaceDayAnswer

public typealias MeetingsCompletion = @MainActor @Sendable (Result<MeetingsAnswer, RaceDataError>) -> Void

/// What the meetings screens' presenters may ask of their interactor.
public protocol MeetingsInteractorInput: AnyObject, Sendable {
    /// The day's meetings, answered on the main actor: from the list, or grouped from the feed when there is no
    /// list. An answer younger than `MeetingsInteractor.answerLifetime` is given again without a request.
    @MainActor func fetchMeetings(completion: @escaping MeetingsCompletion)
    /// How every race told of stands at `now` (the list's word, a card's placings), each from its time.
    func standings(at now: Date) -> [String: RaceStanding]
    /// Fetches the cards of these races, one at a time within the request budget, for their placings: the app's
    /// card reads record what each tells in the day's book (`standings(at:)` has it from then on). A race asked for
    /// again while waiting is not asked twice.
    @MainActor func fetchResults(ofRaces ids: [String])
}

/// The meetings' data: the day's list, fetched on a serial queue of its own so fetches never run side by side
/// (overlapping requests fold into the fetch under way), and the results of races run, one card at a time
/// within the budget the card source allows.
public final class MeetingsInteractor: MeetingsInteractorInput, @unchecked Sendable {
    /// An answer is used again for this long: a screen drawn each second does not ask each second.
    public static let answerLifetime = RaceDayFetch.answerLifetime

    private let cards: (any RaceCardService)?
    private let book: RaceDayBook
    private let clock: any WallClock
    private let queue: DispatchQueue
    private let deliver: MainDelivery
    private let day: RaceDayFetch
    private let results: ResultRequests

    /// - Parameters:
    ///   - meetings: the day's list; nil to group the feed's races.
    ///   - cards: where placings come from; nil for none.
    @MainActor
    public init(
        meetings: (any RaceMeetingsService)?, races: any RaceService, cards: (any RaceCardService)?,
        book: RaceDayBook, clock: any WallClock,
        queue: DispatchQueue = DispatchQueue(label: "NextToGo.MeetingsInteractor"),
        deliver: @escaping MainDelivery = deliverOnMain, scheduler: (any Scheduler)? = nil
    ) {
        self.cards = cards
        self.book = book
        self.clock = clock
        self.queue = queue
        self.deliver = deliver
        day = RaceDayFetch(meetings: meetings, races: races, book: book, clock: clock, queue: queue, deliver: deliver)
        results = ResultRequests(scheduler: scheduler ?? MainQueueScheduler())
    }

    @MainActor
    public func fetchMeetings(completion: @escaping MeetingsCompletion) { day.fetch(completion: completion) }

    public func standings(at now: Date) -> [String: RaceStanding] {
        book.standings(at: now)
    }

    @MainActor
    public func fetchResults(ofRaces ids: [String]) {
        guard let cards else { return }
        // What each card tells is recorded in the day's book by the app's card reads (`CardReads`).
        results.ask(ids, at: clock.now()) { [queue, deliver] id, answered in
            queue.async {
                let result = Result { () throws(RaceDataError) in try cards.card(forRace: id) }
                deliver { answered(result.map { _ in () }) }
            }
        }
    }
}
