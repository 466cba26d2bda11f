import Core
import Dispatch
import Platform
import RaceData

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
        fetches.request(
            { [races, cards, clock, raceCount] in
                Result { () throws(RaceDataError) in
                    let now = clock.now()
                    let next = RaceOrder.sorted(try races.fetchRaces().races.filter { $0.advertisedStart > now })
                        .prefix(raceCount)
                    return next.map { race in
                        MarketRace(race: race, card: (try? cards?.card(forRace: race.id)) ?? nil)
                    }
                }
            }, completion: completion)
    }
}
