import Core
import Synchronization

/// What the card source has said of each race's status, shared by the modules: its statuses asked beside each
/// feed fetch (`StatusMarkingRaceService`), and each card opened on a sheet. The `nextraces` feed says nothing
/// of status, so this is how the board learns a race was abandoned.
public final class RaceStatusBook: Sendable {
    private let statuses = Mutex<[String: RaceStatus]>([:])
    /// A session opens few sheets; a bound keeps a hostile source from growing it without end.
    static let maximumEntries = 10_000

    public init() {}

    public func record(_ status: RaceStatus, forRace id: String) {
        statuses.withLock { statuses in
            if statuses.count >= Self.maximumEntries, statuses[id] == nil { statuses.removeAll() }
            statuses[id] = status
        }
    }

    public func status(ofRace id: String) -> RaceStatus? {
        statuses.withLock { $0[id] }
    }

    /// The races whose last card said they were abandoned.
    public var abandonedRaceIDs: Set<String> {
        statuses.withLock { Set($0.filter { $0.value == .abandoned }.keys) }
    }
}
