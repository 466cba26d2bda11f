import Core
import Synchronization

/// The races of the last successful fetch, by id, shared by the modules so
/// a favourite opened from the favourites screen shows everything the feed
/// has for it.
public final class LatestRaces: Sendable {
    private let races = Mutex<[String: Race]>([:])

    public init() {}

    public func replace(with newRaces: [Race]) {
        let byID = Dictionary(newRaces.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        races.withLock { $0 = byID }
    }

    public func race(id: String) -> Race? {
        races.withLock { $0[id] }
    }
}
