import Core
import Dispatch
import Platform
import RaceData

/// The day's meetings, and where they came from.
public struct MeetingsAnswer: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// A list of the day's meetings (the affiliates API's, the race day's own), named.
        case list(String)
        /// No list to be had: the meetings of the races in the feed, named.
        case feed(String)
    }

    public let day: RaceDay
    public let source: Source

    public init(day: RaceDay, source: Source) {
        self.day = day
        self.source = source
    }
}

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
    public static let answerLifetime: TimeInterval = 10
    /// After a failure the source is asked again only after this long, twice as long after each further one.
    public static let retryDelays: ClosedRange<TimeInterval> = 2...60

    private let meetings: (any RaceMeetingsService)?
    private let races: any RaceService
    private let cards: (any RaceCardService)?
    private let book: RaceDayBook
    private let clock: any WallClock
    private let queue: DispatchQueue
    private let deliver: MainDelivery
    private let fetches: CoalescedFetch<Result<MeetingsAnswer, RaceDataError>>
    @MainActor private var lastAnswer: (at: Date, answer: MeetingsAnswer)?
    @MainActor private var lastFailure: (at: Date, error: RaceDataError, wait: TimeInterval)?
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
        self.meetings = meetings
        self.races = races
        self.cards = cards
        self.book = book
        self.clock = clock
        self.queue = queue
        self.deliver = deliver
        fetches = CoalescedFetch(queue: queue, deliver: deliver)
        results = ResultRequests(scheduler: scheduler ?? MainQueueScheduler())
    }

    @MainActor
    public func fetchMeetings(completion: @escaping MeetingsCompletion) {
        let now = clock.now()
        if let last = lastAnswer, now >= last.at,
            now.timeIntervalSince(last.at) < Self.answerLifetime
        {
            deliver { completion(.success(last.answer)) }
            return
        }
        if let failure = lastFailure, now >= failure.at, now.timeIntervalSince(failure.at) < failure.wait {
            deliver { completion(.failure(failure.error)) }
            return
        }
        fetches.request(
            { [meetings, races, book] in
                Result { () throws(RaceDataError) -> MeetingsAnswer in
                    guard let meetings else {
                        return MeetingsAnswer(
                            day: RaceDay(grouping: try races.fetchRaces().races), source: .feed(races.sourceDescription)
                        )
                    }
                    let day = try meetings.raceDay(at: now)
                    Self.tell(book, day.standings)
                    return MeetingsAnswer(day: day, source: .list(meetings.meetingsDescription))
                }
            },
            completion: { [weak self] result in
                switch result {
                case .success(let answer):
                    self?.lastAnswer = (now, answer)
                    self?.lastFailure = nil
                case .failure(let error):
                    let wait = self?.lastFailure.map { min($0.wait * 2, Self.retryDelays.upperBound) }
                    self?.lastFailure = (now, error, wait ?? Self.retryDelays.lowerBound)
                }
                completion(result)
            })
    }

    public func standings(at now: Date) -> [String: RaceStanding] {
        book.standings(at: now)
    }

    /// The list's word on each race, into the book the board reads too (which keeps a card's placings over a
    /// list's bare word for the same status).
    private static func tell(_ book: RaceDayBook, _ told: [String: [RaceStanding]]) {
        for (id, standings) in told { book.record(standings, forRace: id) }
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
