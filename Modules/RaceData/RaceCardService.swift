import Core
import Platform

/// Something that can hand over a race's card: its field, prices and, once run, its result.
///
/// `card(forRace:)` blocks until it has an answer: callers run it on the detail interactor's serial queue,
/// never on the main thread.
public protocol RaceCardService: Sendable {
    /// Names the source in messages ("folder /tmp/cards", a URL, …).
    var sourceDescription: String { get }
    /// nil when the source has no card for the race (not published yet, or gone).
    func card(forRace id: String) throws(RaceDataError) -> RaceCard?
    /// A card of this source read by another reader (the board's) is handed to a screen: a source that keeps
    /// copies of the cards its screens opened, for a sheet opened offline, keeps this one too.
    func keepCopy(of card: RaceCard)
    /// The copy kept of the race's card, marked offline, without asking the source; nil where none is kept.
    func keptCopy(forRace id: String) -> RaceCard?
}

extension RaceCardService {
    public func keepCopy(of card: RaceCard) {}
    public func keptCopy(forRace id: String) -> RaceCard? { nil }
}

/// A card source that can also tell many races' statuses at once, so the board can mark the abandoned ones
/// without a card fetched for each (the affiliates API's meetings list; the snapshot's cards).
public protocol RaceStatusService: Sendable {
    /// The statuses it knows among `ids` (race ids as the board has them); blocks like `card(forRace:)`.
    func statuses(ofRaces ids: [String]) throws(RaceDataError) -> [String: RaceStatus]
    /// How long an answer holds before it is worth asking again.
    var statusLifetime: TimeInterval { get }
    /// Answers from what it holds, with no request to wait on (the snapshot's cards): asked in the feed's own
    /// fetch, so the board drawn from it already has them. A source that asks a server is asked beside the
    /// fetch instead, and never holds it up.
    var answersAtOnce: Bool { get }
    /// Each race's standings among `ids`, each from its time; by default its status as it stands now.
    func standings(ofRaces ids: [String]) throws(RaceDataError) -> [String: [RaceStanding]]
}

extension RaceStatusService {
    public var answersAtOnce: Bool { false }

    public func standings(ofRaces ids: [String]) throws(RaceDataError) -> [String: [RaceStanding]] {
        try statuses(ofRaces: ids).mapValues { [RaceStanding(status: $0)] }
    }
}

/// What a card source offers, each as its own value: cards, and where it has them, a meetings list, races'
/// statuses, its day's markets where it holds them whole, the cards the board's watch reads, and races' fields apart
/// from their cards. Handed to the
/// features as they are, so none has to guess what a service can do by casting it.
public struct CardServices: Sendable {
    public let cards: (any RaceCardService)?
    public let meetings: (any RaceMeetingsService)?
    public let statuses: (any RaceStatusService)?
    /// The day's markets whole (the embedded day): the book asks it instead of a card being read.
    public let marketIndex: (any RaceMarketIndex)?
    /// The cards the board's watch reads for its markets and results; nil where the index has them.
    public let boardCards: (any RaceCardService)?
    public let fields: (any RaceFieldService)?

    public init(
        cards: (any RaceCardService)?, meetings: (any RaceMeetingsService)? = nil,
        statuses: (any RaceStatusService)? = nil, marketIndex: (any RaceMarketIndex)? = nil,
        boardCards: (any RaceCardService)? = nil, fields: (any RaceFieldService)? = nil
    ) {
        self.cards = cards
        self.meetings = meetings
        self.statuses = statuses
        self.marketIndex = marketIndex
        self.boardCards = boardCards
        self.fields = fields
    }

    /// No card source.
    public static let none = CardServices(cards: nil)
}
