import Core
import Dispatch
import Platform
import RaceData
import Synchronization

/// The one owner of which race cards the board reads and when: the market (its favourite) of the soonest races of
/// each code, and the result of each race in its last minute on the board. What is read goes into the day's book
/// through the card reads every screen shares, so a card read once serves everyone, and a card another screen
/// read lately (a sheet, `movers`) is not read again.
///
/// A source that answers at once (a folder of cards) is read in the fetch itself, its markets at most every
/// `localLifetime`; its results come with its statuses. A server is read beside the fetch on a queue of its own, a
/// look at most every `lookSpacing` and `readsPerLook` cards a look within the request budget the sheets share:
/// results first (latest jumped first, each asked again after `resultInterval`), then, every `marketSpacing`,
/// markets unread, then those read longest ago: at most 9 market reads a minute of the budget's 30.
///
/// Which races are due is the run's clock (jumped, to come, gone from the board); how often they are read is the
/// system's (`readClock`), as the request budget is: a run pinned by `--now` still reads its results as they come.
public final class CardWatch: RaceCardWatch {
    /// Enough for the largest board of one code at the board's default size and more; later rows get theirs as
    /// their races come nearer.
    public static let racesPerCategory = 8
    /// Cards a server is asked for at one look: the budget (30 a minute) is shared with the sheets.
    public static let readsPerLook = 3
    /// The least time between two looks at a server, however often the board fetches (`--refresh 1`).
    public static let lookSpacing: TimeInterval = 10
    /// The least time between two looks that read markets: results are news, prices can wait a little.
    public static let marketSpacing: TimeInterval = 20
    /// A server's market is read again no sooner than this; prices move, but a card is tens of kilobytes.
    public static let serverLifetime: TimeInterval = 60
    /// A source that answers at once is read again at most this often: a script's thousand `list`s read a
    /// folder's cards once.
    public static let localLifetime: TimeInterval = 10
    /// A jumped race's card is asked for again no sooner than this: a result is seldom in at the first asking.
    public static let resultInterval: TimeInterval = 10

    private let cards: any RaceCardService
    private let book: RaceDayBook
    private let clock: any WallClock
    private let readClock: any WallClock
    private let answersAtOnce: Bool
    private let queue: DispatchQueue
    /// When the last look at a server began, when the last that read markets, and whether one is under way (by
    /// the read clock).
    private let looking = Mutex<(last: Date?, lastMarkets: Date?, underWay: Bool)>((nil, nil, false))

    /// - Parameter cards: where the board's cards come from (for a server, a source that keeps no copies for
    ///   offline sheets: the board's reads would crowd out the cards the user opened). Read through card reads
    ///   of its own into `book`: a card any screen read in the last half `resultInterval` serves it.
    /// - Parameter readClock: what that half interval is measured by (`CardReads`).
    public init(
        cards: any RaceCardService, book: RaceDayBook, answersAtOnce: Bool, clock: any WallClock,
        readClock: any WallClock = SystemClock(), queue: DispatchQueue = DispatchQueue(label: "NextToGo.CardWatch")
    ) {
        self.cards = CardReads(
            wrapping: cards, book: book, clock: clock, sharedFor: answersAtOnce ? 0 : Self.resultInterval / 2,
            readClock: readClock)
        self.book = book
        self.answersAtOnce = answersAtOnce
        self.clock = clock
        self.readClock = readClock
        self.queue = queue
    }

    public func look(at races: [Race]) {
        let now = clock.now()
        let readNow = readClock.now()
        book.record(races: races)
        if answersAtOnce {
            read(marketsDue(among: races, at: now, readNow: readNow, lifetime: Self.localLifetime), at: readNow)
            return
        }
        let looksAtMarkets = looking.withLock { looking in
            looking.lastMarkets.map { !Self.isWithin(Self.marketSpacing, of: $0, at: readNow) } ?? true
        }
        let results = resultsDue(among: races, at: now, readNow: readNow)
        let markets =
            looksAtMarkets ? marketsDue(among: races, at: now, readNow: readNow, lifetime: Self.serverLifetime) : []
        let due = Array((results + markets).prefix(Self.readsPerLook))
        guard !due.isEmpty else { return }
        let isTime = looking.withLock { looking -> Bool in
            if looking.underWay { return false }
            if let last = looking.last, Self.isWithin(Self.lookSpacing, of: last, at: readNow) { return false }
            looking.last = readNow
            looking.underWay = true
            if due.count > results.count { looking.lastMarkets = readNow }
            return true
        }
        guard isTime else { return }
        // Asked now, so a fetch while this look is under way does not pick them again.
        for race in due { book.noteCardAsked(forRace: race.id, at: readNow) }
        queue.async { [self] in
            read(due, at: nil)
            looking.withLock { $0.underWay = false }
        }
    }

    /// The races on the board that have jumped and whose final placings the book does not have, latest jumped
    /// first, not asked for in the last `resultInterval`.
    private func resultsDue(among races: [Race], at now: Date, readNow: Date) -> [Race] {
        races.filter { race in
            guard now >= race.advertisedStart, !race.hasLeftBoard(at: now) else { return false }
            let standing = book.standing(ofRace: race.id, at: now)
            if standing?.status == .abandoned { return false }
            if standing?.status == .final && standing?.placings.isEmpty == false { return false }
            return book.cardAskedAt(ofRace: race.id).map {
                !Self.isWithin(Self.resultInterval, of: $0, at: readNow)
            } ?? true
        }
        .sorted { ($0.advertisedStart, $0.id) > ($1.advertisedStart, $1.id) }
    }

    /// The races to come whose market is unknown or older than `lifetime`, the first few of each code: those
    /// never read first, soonest first, then those read longest ago (so each is read again in turn). A card any
    /// screen read within the lifetime (one the book still holds) counts as read.
    private func marketsDue(among races: [Race], at now: Date, readNow: Date, lifetime: TimeInterval) -> [Race] {
        let toCome = races.filter { $0.advertisedStart > now }.sorted {
            ($0.advertisedStart, $0.id) < ($1.advertisedStart, $1.id)
        }
        var unread: [Race] = []
        var stale: [(race: Race, askedAt: Date)] = []
        for race in RaceOrder.firstOfEachCategory(toCome, count: Self.racesPerCategory) {
            if book.card(ofRace: race.id, readWithin: lifetime, at: readNow) != nil { continue }
            guard let asked = book.cardAskedAt(ofRace: race.id) else {
                unread.append(race)
                continue
            }
            if !Self.isWithin(lifetime, of: asked, at: readNow) { stale.append((race, asked)) }
        }
        return unread
            + stale.sorted { ($0.askedAt, $0.race.advertisedStart) < ($1.askedAt, $1.race.advertisedStart) }.map(\.race)
    }

    /// Reads each race's card (the reads record it in the book). A card that cannot be read now is asked again
    /// after its interval; what the book knew of it is kept meanwhile.
    /// - Parameter askedAt: when they were asked for, if not already noted.
    private func read(_ races: [Race], at askedAt: Date?) {
        for race in races {
            if let askedAt { book.noteCardAsked(forRace: race.id, at: askedAt) }
            _ = try? cards.card(forRace: race.id)
        }
    }

    /// `then` is less than `interval` before `now` (and not after it: a clock set back asks again).
    private static func isWithin(_ interval: TimeInterval, of then: Date, at now: Date) -> Bool {
        let age = now.timeIntervalSince(then)
        return age >= 0 && age < interval
    }
}
