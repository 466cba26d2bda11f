import Core
import Foundation
import Synchronization

/// A clock tests move by hand.
public final class ManualClock: WallClock {
    private let instant: Mutex<Date>

    public init(_ unixSeconds: TimeInterval = 1_748_310_000) {
        instant = Mutex(Date(timeIntervalSince1970: unixSeconds))
    }

    public func now() -> Date { instant.withLock { $0 } }

    public func advance(by seconds: TimeInterval) {
        instant.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    public func set(_ unixSeconds: TimeInterval) {
        instant.withLock { $0 = Date(timeIntervalSince1970: unixSeconds) }
    }
}
