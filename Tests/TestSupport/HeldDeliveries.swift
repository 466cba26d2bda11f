import RaceData
import Synchronization

/// Deliveries to the main actor kept for the test to run when it chooses (an interactor's `deliver:`).
public final class HeldDeliveries: Sendable {
    private let held = Mutex<[@MainActor @Sendable () -> Void]>([])

    public init() {}

    public var deliver: MainDelivery { { work in self.held.withLock { $0.append(work) } } }

    @MainActor public func runAll() {
        for work in held.withLock({ list in
            defer { list = [] }
            return list
        }) {
            work()
        }
    }
}
