import Core
import Platform

/// The card source as every screen reads it: each card read, by whichever screen (a sheet, `movers`, the
/// blackbook, a meeting's results, the board's watch), is recorded in the day's book, so what one read learns the
/// others see at once and no caller feeds anything by hand. A card read from a server within `sharedFor` is
/// served again from the book: one request per race per look, whoever asks.
public final class CardReads: RaceCardService {
    private let cards: any RaceCardService
    private let book: RaceDayBook
    private let clock: any WallClock
    private let readClock: any WallClock
    private let sharedFor: TimeInterval

    /// How long a card read from a server serves every other asker: a look's length, no longer than a sheet
    /// waits between its own reads near the jump, so a sheet polling a card always has a fresh one.
    public static let serverLook: TimeInterval = 10

    /// - Parameters:
    ///   - clock: the run's, when a card is recorded as read.
    ///   - sharedFor: how long a card read serves other askers; 0 for a source that answers at once (a replayed
    ///     card moves with the clock, and reading it again costs no request).
    ///   - readClock: what `sharedFor` is measured by: the system's, as the request budget is (a run's clock may
    ///     be pinned, and a sheet must still read its card again).
    public init(
        wrapping cards: any RaceCardService, book: RaceDayBook, clock: any WallClock, sharedFor: TimeInterval,
        readClock: any WallClock = SystemClock()
    ) {
        self.cards = cards
        self.book = book
        self.clock = clock
        self.sharedFor = sharedFor
        self.readClock = readClock
    }

    public var sourceDescription: String { cards.sourceDescription }

    public func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        guard sharedFor > 0 else { return try readAndRecord(id) }
        let (card, readByAnother) = try book.readOnce(
            ofRace: id, sharedFor: sharedFor, clock: readClock, reader: ObjectIdentifier(self),
            read: { () throws(RaceDataError) in try readAndRecord(id) }, keptCopy: { cards.keptCopy(forRace: id) })
        // Read by another reader: this source keeps it as its own read would have.
        if readByAnother, let card { cards.keepCopy(of: card) }
        return card
    }

    private func readAndRecord(_ id: String) throws(RaceDataError) -> RaceCard? {
        let card = try cards.card(forRace: id)
        if let card { book.record(card, at: clock.now()) }
        return card
    }
}
