import Core
import Platform
import RaceData

/// Card requests for races' results, within the budget a card source is owed: one request at a time, at least
/// `spacing` apart, and after a refusal (429) or a server's failure (5xx) a wait that doubles up to `longestWait`.
/// Each race is asked for once while it waits its turn, and not again within `askAgainAfter` (a result that has
/// not come in yet is not asked for every second).
@MainActor
final class ResultRequests {
    static let spacing: TimeInterval = 2
    static let longestWait: TimeInterval = 64
    static let askAgainAfter: TimeInterval = 60

    typealias Request =
        @MainActor (_ id: String, _ answered: @escaping @MainActor (Result<Void, RaceDataError>) -> Void) -> Void

    private let scheduler: any Scheduler
    private var waiting: [String] = []
    private var request: Request?
    private var isBusy = false
    private var wait: TimeInterval = spacing
    private var pause: (any ScheduledWork)?
    private var lastAsked: [String: Date] = [:]

    init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// Puts the races not already waiting in line, and starts on them unless a request or a pause is under way.
    func ask(_ ids: [String], at now: Date, with request: @escaping Request) {
        self.request = request
        for id in ids where !waiting.contains(id) {
            if let asked = lastAsked[id], now >= asked, now.timeIntervalSince(asked) < Self.askAgainAfter { continue }
            lastAsked[id] = now
            waiting.append(id)
        }
        next()
    }

    private func next() {
        guard !isBusy, pause == nil, !waiting.isEmpty, let request else { return }
        isBusy = true
        let id = waiting.removeFirst()
        request(id) { [weak self] result in
            guard let self else { return }
            isBusy = false
            if case .failure(let error) = result, error.asksToWait {
                wait = min(wait * 2, Self.longestWait)
            } else {
                wait = Self.spacing
            }
            pause = scheduler.schedule(after: wait) { [weak self] in
                self?.pause = nil
                self?.next()
            }
        }
    }
}
