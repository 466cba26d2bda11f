import Core
import Foundation

/// A scheduler that runs nothing until the test moves time on; it moves the
/// given clock with it.
@MainActor
public final class ManualScheduler: Scheduler {
    private final class Item: ScheduledWork {
        let due: Date
        let work: @MainActor () -> Void
        var isCancelled = false

        init(due: Date, work: @escaping @MainActor () -> Void) {
            self.due = due
            self.work = work
        }

        func cancel() { isCancelled = true }
    }

    private let clock: ManualClock
    private var items: [Item] = []

    public init(clock: ManualClock) {
        self.clock = clock
    }

    public func schedule(after seconds: TimeInterval, _ work: @escaping @MainActor () -> Void) -> any ScheduledWork {
        let item = Item(due: clock.now().addingTimeInterval(seconds), work: work)
        items.append(item)
        return item
    }

    /// Seconds from now to each piece of work still waiting, soonest first.
    public var pendingDelays: [TimeInterval] {
        items.filter { !$0.isCancelled }.map { $0.due.timeIntervalSince(clock.now()) }.sorted()
    }

    /// Moves the clock forward, running each piece of work when its time comes.
    public func advance(by seconds: TimeInterval) {
        let end = clock.now().addingTimeInterval(seconds)
        while let next = items.filter({ !$0.isCancelled && $0.due <= end }).min(by: { $0.due < $1.due }) {
            items.removeAll { $0 === next }
            if next.due > clock.now() { clock.set(next.due.timeIntervalSince1970) }
            next.work()
        }
        clock.set(end.timeIntervalSince1970)
        items.removeAll { $0.isCancelled }
    }
}
