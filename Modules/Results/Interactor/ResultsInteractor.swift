import Core
import Dispatch
import Platform
import RaceData
import Synchronization

/// The day's races as the results screen reads them, and where they came from.
public typealias ResultsAnswer = RaceDayAnswer

/// How far a look's card reads have got.
public struct CardProgress: Sendable, Equatable {
    public let read: Int
    public let of: Int

    public init(read: Int, of: Int) {
        self.read = read
        self.of = of
    }
}

public typealias ResultsDayCompletion = @MainActor @Sendable (Result<ResultsAnswer, RaceDataError>) -> Void
public typealias ResultCardsCompletion = @MainActor @Sendable ([String: RaceCard]) -> Void

/// What the results screen's presenter may ask of its interactor.
public protocol ResultsInteractorInput: AnyObject, Sendable {
    /// The day's races, answered on the main actor: the card source's list of meetings, else the feed's races. An
    /// answer younger than `ResultsInteractor.answerLifetime` is given again without a request.
    @MainActor func fetchDay(completion: @escaping ResultsDayCompletion)
    /// How every race told of stands at `now` (a list's word, a card's placings), each from its time.
    func standings(at now: Date) -> [String: RaceStanding]
    /// Whether there is a card source at all: without one only the list's placings and win dividends are known.
    var hasCards: Bool { get }
    /// Reads the cards of these races in the order given (the newest result first), one after another: every one
    /// from a source that answers at once, at most `cardsPerLook` from a server (each spends its budget), a race
    /// asked for in the last minute left for later. Answered with what their cards told of their results.
    @MainActor func readCards(ofRaces ids: [String], completion: @escaping ResultCardsCompletion)
    /// What the cards read so far (by any screen) told of these races' results, by race: a screen drawn while a
    /// look reads fills in from these.
    func results(ofRaces ids: [String]) -> [String: RaceCard]
    /// While a look reads cards: how many it has read of how many; nil when none is under way.
    var progress: CardProgress? { get }
    /// The screen has gone: the cards still to read are not read.
    func stopReading()
}

/// Reads the day's list and the cards of its results on one serial queue of its own, so no two requests run side
/// by side and a card source's budget is kept; a request made while one is out joins it (`CoalescedFetch`). Every
/// card is read through the app's card reads, which record it in the day's book for every screen.
public final class ResultsInteractor: ResultsInteractorInput, @unchecked Sendable {
    /// An answer is used again for this long: a screen drawn each second does not ask each second.
    public static let answerLifetime = RaceDayFetch.answerLifetime
    /// A server's cards read at most in one look: the newest results' (a screenful), 16 s of its budget.
    public static let standardCardsPerLook = 8
    /// A race's card is not asked of a server again within this (an interim result is not asked every second).
    public static let askAgainAfter: TimeInterval = 60

    private let cards: (any RaceCardService)?
    private let book: RaceDayBook
    private let clock: any WallClock
    /// Paces a server's requests: the system's, as the card budget is (a clock pinned by `--now` never moves).
    private let readClock: any WallClock
    private let answersAtOnce: Bool
    private let perLook: Int
    private let day: RaceDayFetch
    private let reads: CoalescedFetch<[String: RaceCard]>
    private let deliver: MainDelivery
    /// The look under way, and whether the screen has gone. What the cards tell is kept in the day's book.
    private let reading = Mutex(Reading())

    private struct Reading {
        var progress: CardProgress?
        var stopped = false
    }

    /// - Parameters:
    ///   - meetings: the day's list; nil to take the feed's races.
    ///   - cards: where results' cards come from; nil for none.
    ///   - answersAtOnce: the card source answers from what it holds (the embedded day): reading costs no requests.
    @MainActor
    public init(
        meetings: (any RaceMeetingsService)?, races: any RaceService, cards: (any RaceCardService)?,
        book: RaceDayBook, clock: any WallClock, readClock: any WallClock = SystemClock(), answersAtOnce: Bool,
        cardsPerLook: Int = standardCardsPerLook,
        queue: DispatchQueue = DispatchQueue(label: "next-to-go.results"),
        deliver: @escaping MainDelivery = deliverOnMain
    ) {
        self.cards = cards
        self.book = book
        self.clock = clock
        self.readClock = readClock
        self.answersAtOnce = answersAtOnce
        perLook = max(1, cardsPerLook)
        self.deliver = deliver
        day = RaceDayFetch(meetings: meetings, races: races, book: book, clock: clock, queue: queue, deliver: deliver)
        reads = CoalescedFetch(queue: queue, deliver: deliver)
    }

    public var hasCards: Bool { cards != nil }

    @MainActor
    public func fetchDay(completion: @escaping ResultsDayCompletion) { day.fetch(completion: completion) }

    public func standings(at now: Date) -> [String: RaceStanding] {
        book.standings(at: now)
    }

    @MainActor
    public func readCards(ofRaces ids: [String], completion: @escaping ResultCardsCompletion) {
        guard let cards else {
            deliver { completion([:]) }
            return
        }
        reads.request(
            { [self] in
                // Chosen as the look starts: a request that joins a look under way is answered by it, and its races
                // are left for the next.
                let chosen = choose(ids, at: readClock.now())
                reading.withLock { $0.progress = CardProgress(read: 0, of: chosen.count) }
                for (index, id) in chosen.enumerated() {
                    guard !reading.withLock({ $0.stopped }) else { break }
                    // The app's card reads record what the card says in the book.
                    _ = try? cards.card(forRace: id)
                    reading.withLock { $0.progress = CardProgress(read: index + 1, of: chosen.count) }
                }
                reading.withLock { $0.progress = nil }
                return book.results(ofRaces: ids)
            }, completion: completion)
    }

    /// The races a look reads: each one given from a source that answers at once; from a server, the first
    /// `perLook` whose card no paced reader asked for in the last `askAgainAfter`, noted as asked in the book.
    private func choose(_ ids: [String], at now: Date) -> [String] {
        var chosen: [String] = []
        for id in ids where !chosen.contains(id) {
            guard !answersAtOnce else {
                chosen.append(id)
                continue
            }
            if let asked = book.cardAskedAt(ofRace: id), now >= asked, now.timeIntervalSince(asked) < Self.askAgainAfter
            {
                continue
            }
            book.noteCardAsked(forRace: id, at: now)
            chosen.append(id)
            if chosen.count == perLook { break }
        }
        return chosen
    }

    public func results(ofRaces ids: [String]) -> [String: RaceCard] { book.results(ofRaces: ids) }

    public var progress: CardProgress? { reading.withLock { $0.progress } }

    public func stopReading() {
        reading.withLock { $0.stopped = true }
    }
}
