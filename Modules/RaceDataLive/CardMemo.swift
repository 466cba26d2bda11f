import Core
import RaceData
import Synchronization

/// Cards as first decoded, by captured race id (nil: none made): a sheet is fetched again and again while open, a
/// script may open the same race a thousand times, and the blackbook looks through the whole day's fields at every
/// `book`. Bounded by the embedded day's races (359), the only ones it is asked for.
final class CardMemo: Sendable {
    private let cards = Mutex<[String: RaceCard?]>([:])

    func card(_ id: String, _ decode: (String) throws(RaceDataError) -> RaceCard?) throws(RaceDataError) -> RaceCard? {
        if let known = cards.withLock({ $0[id] }) { return known }
        let card = try decode(id)
        cards.withLock { $0[id] = .some(card) }
        return card
    }
}
