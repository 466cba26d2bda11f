import Core
import Dispatch
import Platform
import RaceData
import Synchronization

/// The market favourites of the races coming up, from their cards (a folder of cards, an affiliates API): at
/// each board fetch the soonest races of each code whose market is unknown or older than `lifetime` are read,
/// all of them from a source that answers at once, else `readsPerLook` beside the fetch on a queue of its own,
/// within the card source's request budget. A card a sheet reads serves at once.
public final class CardMarkets: RaceMarketService {
    /// Enough for the largest board of one code at the board's default size and more; later rows get theirs as
    /// their races come nearer.
    public static let racesPerCategory = 8
    /// Cards a server is asked for at one look: the budget (30 a minute) is shared with the sheets and results.
    public static let readsPerLook = 2
    /// A server's market is read again no sooner than this; prices move, but a card is tens of kilobytes.
    public static let serverLifetime: TimeInterval = 60
    /// A source that answers at once is read again at most this often: a script's thousand `list`s read a
    /// folder's cards once.
    public static let localLifetime: TimeInterval = 10

    private struct Known {
        var favourite: MarketFavourite?
        var readAt: Date
    }

    private let cards: any RaceCardService
    private let clock: any WallClock
    public let answersAtOnce: Bool
    private let lifetime: TimeInterval
    private let queue: DispatchQueue
    private let known = Mutex<[String: Known]>([:])
    /// A look at the server is under way: the next fetch does not queue another behind it.
    private let looking = Mutex(false)
    static let maximumKnown = 10_000

    public init(
        cards: any RaceCardService, answersAtOnce: Bool, clock: any WallClock,
        queue: DispatchQueue = DispatchQueue(label: "NextToGo.RaceMarkets")
    ) {
        self.cards = cards
        self.answersAtOnce = answersAtOnce
        self.lifetime = answersAtOnce ? Self.localLifetime : Self.serverLifetime
        self.clock = clock
        self.queue = queue
    }

    public func prepare(_ races: [Race]) {
        let due = self.due(among: races, at: clock.now())
        guard !due.isEmpty else { return }
        if answersAtOnce {
            read(due)
            return
        }
        let isFree = looking.withLock { isLooking -> Bool in
            guard !isLooking else { return false }
            isLooking = true
            return true
        }
        guard isFree else { return }
        queue.async { [self] in
            read(Array(due.prefix(Self.readsPerLook)))
            looking.withLock { $0 = false }
        }
    }

    public func favourite(ofRace id: String, at now: Date) -> MarketFavourite? {
        known.withLock { $0[id]?.favourite }
    }

    public func learn(_ card: RaceCard) {
        // A copy kept from an earlier fetch tells the market as it was then, not as it is.
        guard card.offline == nil, card.status == nil || card.status == .open else { return }
        remember(MarketFavourite(runners: card.runners), ofRace: card.raceID, at: clock.now())
    }

    /// The races to come whose market is unknown or old, soonest first, the first few of each code.
    private func due(among races: [Race], at now: Date) -> [Race] {
        var perCategory: [RaceCategory: Int] = [:]
        let known = known.withLock { $0 }
        return races.filter { $0.advertisedStart > now }
            .sorted { ($0.advertisedStart, $0.id) < ($1.advertisedStart, $1.id) }
            .filter { race in
                perCategory[race.category, default: 0] += 1
                guard perCategory[race.category, default: 0] <= Self.racesPerCategory else { return false }
                guard let read = known[race.id]?.readAt else { return true }
                return now.timeIntervalSince(read) >= lifetime || now < read
            }
    }

    /// A card that cannot be read now is tried again after the lifetime, its last market kept meanwhile.
    private func read(_ races: [Race]) {
        for race in races {
            let answer = Result { () throws(RaceDataError) in try cards.card(forRace: race.id) }
            let now = clock.now()
            guard case .success(let card?) = answer, card.offline == nil else {
                known.withLock { $0[race.id, default: Known(readAt: now)].readAt = now }
                continue
            }
            remember(MarketFavourite(runners: card.runners), ofRace: race.id, at: now)
        }
    }

    private func remember(_ favourite: MarketFavourite?, ofRace id: String, at now: Date) {
        known.withLock { known in
            if known.count >= Self.maximumKnown, known[id] == nil { known.removeAll() }
            known[id] = Known(favourite: favourite, readAt: now)
        }
    }
}
