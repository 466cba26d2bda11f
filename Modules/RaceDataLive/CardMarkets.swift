import Core
import Dispatch
import Platform
import RaceData
import Synchronization

/// The market favourites of the races coming up, from their cards (a folder of cards, an affiliates API): at
/// each board fetch the soonest races of each code whose market is unknown or older than `lifetime` are read,
/// all of them from a source that answers at once, else `readsPerLook` beside the fetch on a queue of its own
/// (a look at most every `lookSpacing`), within the card source's request budget. A card a sheet reads serves
/// at once. A price not read again for `staleAfter` is no longer shown: a board offline keeps no old prices.
public final class CardMarkets: RaceMarketService {
    /// Enough for the largest board of one code at the board's default size and more; later rows get theirs as
    /// their races come nearer.
    public static let racesPerCategory = 8
    /// Cards a server is asked for at one look: the budget (30 a minute) is shared with the sheets and results.
    public static let readsPerLook = 3
    /// The least time between two looks at a server, however often the board fetches (`--refresh 1`).
    public static let lookSpacing: TimeInterval = 20
    /// A server's market is read again no sooner than this; prices move, but a card is tens of kilobytes.
    public static let serverLifetime: TimeInterval = 60
    /// A source that answers at once is read again at most this often: a script's thousand `list`s read a
    /// folder's cards once.
    public static let localLifetime: TimeInterval = 10
    /// A favourite read longer ago than this is not shown.
    public static let staleAfter: TimeInterval = 300

    private struct Known {
        var favourite: MarketFavourite?
        /// When the card was last asked for, read or not.
        var askedAt: Date
        /// When the favourite was read.
        var readAt: Date?
    }

    private let cards: any RaceCardService
    private let clock: any WallClock
    public let answersAtOnce: Bool
    private let lifetime: TimeInterval
    private let queue: DispatchQueue
    private let known = Mutex<[String: Known]>([:])
    /// When the last look at a server began, and whether it is still under way.
    private let looking = Mutex<(last: Date?, underWay: Bool)>((nil, false))
    static let maximumKnown = 10_000

    /// - Parameter cards: where the cards come from; for a server, one that keeps no copies for offline
    ///   sheets (the board's reads would crowd out the cards the user opened).
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
        let now = clock.now()
        let due = self.due(among: races, at: now)
        guard !due.isEmpty else { return }
        if answersAtOnce {
            read(due)
            return
        }
        let isTime = looking.withLock { looking -> Bool in
            if looking.underWay { return false }
            if let last = looking.last, now.timeIntervalSince(last) < Self.lookSpacing, now >= last { return false }
            looking = (now, true)
            return true
        }
        guard isTime else { return }
        queue.async { [self] in
            read(Array(due.prefix(Self.readsPerLook)))
            looking.withLock { $0.underWay = false }
        }
    }

    public func favourite(ofRace id: String, at now: Date) -> MarketFavourite? {
        guard let entry = known.withLock({ $0[id] }), let readAt = entry.readAt,
            now.timeIntervalSince(readAt) <= Self.staleAfter
        else { return nil }
        return entry.favourite
    }

    public func learn(_ card: RaceCard) {
        // A copy kept from an earlier fetch tells the market as it was then, not as it is.
        guard card.offline == nil, card.status == nil || card.status == .open else { return }
        let now = clock.now()
        update(card.raceID) { $0 = Known(favourite: MarketFavourite(runners: card.runners), askedAt: now, readAt: now) }
    }

    /// The races to come whose market is unknown or old, the first few of each code: those never read first,
    /// soonest first, then those read longest ago (so each is read again in turn, not only the first few).
    private func due(among races: [Race], at now: Date) -> [Race] {
        let known = known.withLock { $0 }
        let toCome = races.filter { $0.advertisedStart > now }.sorted {
            ($0.advertisedStart, $0.id) < ($1.advertisedStart, $1.id)
        }
        var unread: [Race] = []
        var stale: [(race: Race, askedAt: Date)] = []
        for race in RaceOrder.firstOfEachCategory(toCome, count: Self.racesPerCategory) {
            guard let asked = known[race.id]?.askedAt else {
                unread.append(race)
                continue
            }
            if now.timeIntervalSince(asked) >= lifetime || now < asked { stale.append((race, asked)) }
        }
        return unread
            + stale.sorted { ($0.askedAt, $0.race.advertisedStart) < ($1.askedAt, $1.race.advertisedStart) }.map(\.race)
    }

    /// A card that cannot be read now is asked again after the lifetime, its last market kept meanwhile.
    private func read(_ races: [Race]) {
        for race in races {
            let answer = Result { () throws(RaceDataError) in try cards.card(forRace: race.id) }
            let now = clock.now()
            guard case .success(let card?) = answer, card.offline == nil else {
                update(race.id) { known in
                    known = Known(favourite: known?.favourite, askedAt: now, readAt: known?.readAt)
                }
                continue
            }
            update(race.id) { $0 = Known(favourite: MarketFavourite(runners: card.runners), askedAt: now, readAt: now) }
        }
    }

    /// Changes what is known of one race, within the bound.
    private func update(_ id: String, _ change: (inout Known?) -> Void) {
        known.withLock { known in
            if known.count >= Self.maximumKnown, known[id] == nil { known.removeAll() }
            change(&known[id])
        }
    }
}
