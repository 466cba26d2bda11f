import Dispatch
import Synchronization

/// One fetch at a time on an interactor's serial queue, with the requests that come while one is out folded
/// into it: the fetch runs once, and every request made before it finished gets its answer, on the main actor.
/// The waiters are taken after the fetch, so a request that came while it ran is not left for another.
public final class CoalescedFetch<Answer: Sendable>: Sendable {
    public typealias Completion = @MainActor @Sendable (Answer) -> Void

    private let queue: DispatchQueue
    private let deliver: MainDelivery
    private let waiters = Mutex<[Completion]>([])

    public init(queue: DispatchQueue, deliver: @escaping MainDelivery) {
        self.queue = queue
        self.deliver = deliver
    }

    /// Runs `fetch` on the queue unless one is already out, and answers `completion` with its answer.
    public func request(_ fetch: @escaping @Sendable () -> Answer, completion: @escaping Completion) {
        let isFirst = waiters.withLock { waiting in
            waiting.append(completion)
            return waiting.count == 1
        }
        guard isFirst else { return }
        queue.async { [self] in
            let answer = fetch()
            let answered = waiters.withLock { waiting in
                defer { waiting = [] }
                return waiting
            }
            deliver {
                for waiter in answered { waiter(answer) }
            }
        }
    }
}
