import Dispatch
import RaceData
import Synchronization

/// Fetches races on one serial queue, so fetches never run side by side, and
/// folds overlapping refresh requests into the fetch already under way.
///
/// It keeps no race data: the presenter owns the state.
public final class RaceListInteractor: RaceListInteractorInput {
    private let service: any RaceService
    private let queue: DispatchQueue
    private let deliver: @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void
    private let pending = Mutex(PendingRequests())

    private struct PendingRequests {
        var waiters: [RaceListFetchCompletion] = []
        var fetchScheduled = false
    }

    /// - Parameter deliver: how results reach the main actor; the default hops
    ///   onto the main queue.
    public init(
        service: any RaceService,
        queue: DispatchQueue = DispatchQueue(label: "NextToGo.RaceListInteractor"),
        deliver: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void = RaceListInteractor
            .deliverOnMain
    ) {
        self.service = service
        self.queue = queue
        self.deliver = deliver
    }

    public var sourceDescription: String { service.sourceDescription }

    public func refresh(completion: @escaping RaceListFetchCompletion) {
        let mustSchedule = pending.withLock { requests in
            requests.waiters.append(completion)
            defer { requests.fetchScheduled = true }
            return !requests.fetchScheduled
        }
        guard mustSchedule else { return }
        queue.async { [self] in runFetch() }
    }

    /// Runs on `queue`. Waiters are taken after the fetch, so every request
    /// that arrived while it ran gets its result.
    private func runFetch() {
        let result: Result<RaceFeed, RaceDataError>
        do {
            result = .success(try service.fetchRaces())
        } catch {
            result = .failure(error)
        }
        let waiters = pending.withLock { requests in
            defer { requests = PendingRequests() }
            return requests.waiters
        }
        deliver {
            for waiter in waiters { waiter(result) }
        }
    }

    public static let deliverOnMain: @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void = { work in
        DispatchQueue.main.async { MainActor.assumeIsolated { work() } }
    }
}
