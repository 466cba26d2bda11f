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
    /// The next `count` races to jump, each with its card, answered on the main actor.
    func fetchMarkets(count: Int, completion: @escaping MarketsCompletion)
}

/// Fetches the next races and their cards on its own serial queue: one request after another, so a card
/// source's budget (one request at a time, spaced) is kept, and two `movers` never fetch side by side.
public final class MoversInteractor: MoversInteractorInput, @unchecked Sendable {
    private let races: any RaceService
    private let cards: (any RaceCardService)?
    private let clock: any WallClock
    private let deliver: MainDelivery
    private let queue = DispatchQueue(label: "next-to-go.movers")

    public init(
        races: any RaceService, cards: (any RaceCardService)?, clock: any WallClock,
        deliver: @escaping MainDelivery = deliverOnMain
    ) {
        self.races = races
        self.cards = cards
        self.clock = clock
        self.deliver = deliver
    }

    public func fetchMarkets(count: Int, completion: @escaping MarketsCompletion) {
        queue.async { [races, cards, clock, deliver] in
            let result: Result<[MarketRace], RaceDataError>
            do throws(RaceDataError) {
                let now = clock.now()
                let next = RaceOrder.sorted(try races.fetchRaces().races.filter { $0.advertisedStart > now })
                    .prefix(count)
                result = .success(
                    next.map { race in MarketRace(race: race, card: (try? cards?.card(forRace: race.id)) ?? nil) })
            } catch {
                result = .failure(error)
            }
            deliver { completion(result) }
        }
    }
}
