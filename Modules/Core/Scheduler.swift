import Dispatch
import Platform

/// Runs work later on the main actor. Injected wherever something happens
/// by itself (auto-refresh, expiry), so tests move time by hand.
@MainActor
public protocol Scheduler: AnyObject {
    func schedule(after seconds: TimeInterval, _ work: @escaping @MainActor () -> Void) -> any ScheduledWork
}

@MainActor
public protocol ScheduledWork: AnyObject {
    func cancel()
}

/// The real scheduler: the main dispatch queue.
@MainActor
public final class MainQueueScheduler: Scheduler {
    public init() {}

    public func schedule(after seconds: TimeInterval, _ work: @escaping @MainActor () -> Void) -> any ScheduledWork {
        let item = DispatchWorkItem { MainActor.assumeIsolated { work() } }
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, seconds), execute: item)
        return DispatchScheduledWork(item: item)
    }
}

private final class DispatchScheduledWork: ScheduledWork {
    private let item: DispatchWorkItem

    init(item: DispatchWorkItem) { self.item = item }

    func cancel() { item.cancel() }
}
