import Core
import Dispatch
import Platform
import RaceData
import Synchronization

/// A race still to jump, with its card as the source has it now; nil when it has none (yet) or it could not
/// be read.
public struct MarketRace: Sendable, Equatable {
    public let race: Race
    public let card: RaceCard?

    public init(race: Race, card: RaceCard?) {
        self.race = race
        self.card = card
    }
}

public typealias MarketsCompletion = @MainActor @Sendable (Result<[MarketRace], RaceDataError>) -> Void

public protocol MoversInteractorInput: AnyObject, Sendable {
    /// The next races to jump, each with its card, answered on the main actor.
    func fetchMarkets(completion: @escaping MarketsCompletion)

    /// While `fetchMarkets` reads: the races, with the cards read so far (nil until the races are known), for a
    /// screen drawn before the answer.
    var marketsSoFar: [MarketRace]? { get }

    /// The screen has gone: the cards still to read are not read (each would spend the card source's budget).
    func stopReading()
}

/// Fetches the next races and their cards on its own serial queue: one request after another, so a card
/// source's budget (one request at a time, spaced) is kept, and a `movers` asked again while one is out joins
/// it (`CoalescedFetch`) instead of fetching every card a second time.
public final class MoversInteractor: MoversInteractorInput {
    /// Races looked at.
    public static let standardRaceCount = 8

    private let races: any RaceService
    private let cards: (any RaceCardService)?
    private let clock: any WallClock
    private let raceCount: Int
    private let fetches: CoalescedFetch<Result<[MarketRace], RaceDataError>>
    /// The answer as read so far, and whether the screen still wants the rest.
    private let reading = Mutex<(soFar: [MarketRace]?, stopped: Bool)>((nil, false))

    public init(
        races: any RaceService, cards: (any RaceCardService)?, clock: any WallClock,
        raceCount: Int = standardRaceCount, queue: DispatchQueue = DispatchQueue(label: "next-to-go.movers"),
        deliver: @escaping MainDelivery = deliverOnMain
    ) {
        self.races = races
        self.cards = cards
        self.clock = clock
        self.raceCount = raceCount
        fetches = CoalescedFetch(queue: queue, deliver: deliver)
    }

    public func fetchMarkets(completion: @escaping MarketsCompletion) {
        reading.withLock { $0 = (nil, false) }
        fetches.request(
            { [self] in
                Result { () throws(RaceDataError) in
                    let now = clock.now()
                    let next = RaceOrder.sorted(try races.fetchRaces().races.filter { $0.advertisedStart > now })
                        .prefix(raceCount)
                    var markets = next.map { MarketRace(race: $0, card: nil) }
                    reading.withLock { $0.soFar = markets }
                    for (index, race) in next.enumerated() {
                        guard !reading.withLock({ $0.stopped }) else { break }
                        markets[index] = MarketRace(race: race, card: (try? cards?.card(forRace: race.id)) ?? nil)
                        reading.withLock { $0.soFar = markets }
                    }
                    return markets
                }
            }, completion: completion)
    }

    public var marketsSoFar: [MarketRace]? { reading.withLock { $0.soFar } }

    public func stopReading() {
        reading.withLock { $0.stopped = true }
    }
}
