import Core
import Dispatch
import RaceData
import Synchronization
import SystemCalls

/// What a card source is owed, shared by everything that asks it for cards (a sheet, the meetings' results):
/// one request at a time, at least `spacing` apart and at most `perMinute` in any minute, and after a refusal
/// (429) or a server's failure (5xx) a wait that doubles up to `longestWait` until it answers again. A caller
/// blocks until its turn: callers are the interactors' own serial queues, never the main thread.
public final class CardRequestBudget: Sendable {
    public static let spacing: TimeInterval = 2
    public static let perMinute = 30
    public static let longestWait: TimeInterval = 64

    private struct State {
        /// When each request of the last minute was let go, oldest first.
        var recent: [Date] = []
        /// No request before this (after a refusal or a failure).
        var notBefore: Date?
        var wait: TimeInterval = 0
    }

    private let state = Mutex(State())
    /// One caller at a time waits for its turn and makes its request.
    private let turn = DispatchSemaphore(value: 1)
    private let clock: any WallClock
    private let sleep: @Sendable (TimeInterval) -> Void

    /// - Parameter sleep: how a caller waits (the thread sleeps; tests move a clock instead).
    public init(
        clock: any WallClock = SystemClock(),
        sleep: @escaping @Sendable (TimeInterval) -> Void = { SystemThread.sleep($0) }
    ) {
        self.clock = clock
        self.sleep = sleep
    }

    /// Runs `request` in its turn, and learns from how it went.
    public func spend<Value>(_ request: () throws(RaceDataError) -> Value) throws(RaceDataError) -> Value {
        turn.wait()
        defer { turn.signal() }
        return try spendInTurn(request)
    }

    private func spendInTurn<Value>(_ request: () throws(RaceDataError) -> Value) throws(RaceDataError) -> Value {
        if let delay = delay(at: clock.now()), delay > 0 { sleep(delay) }
        state.withLock { $0.recent.append(clock.now()) }
        do {
            let value = try request()
            state.withLock { state in
                state.wait = 0
                state.notBefore = nil
            }
            return value
        } catch {
            if error.asksToWait {
                let now = clock.now()
                state.withLock { state in
                    state.wait = min(max(state.wait * 2, Self.spacing * 2), Self.longestWait)
                    state.notBefore = now.addingTimeInterval(state.wait)
                }
            }
            throw error
        }
    }

    /// How long the next request must wait from `now`; nil for not at all.
    private func delay(at now: Date) -> TimeInterval? {
        state.withLock { state in
            state.recent.removeAll { now.timeIntervalSince($0) >= 60 }
            var until = state.notBefore ?? .distantPast
            if let last = state.recent.last { until = max(until, last.addingTimeInterval(Self.spacing)) }
            if state.recent.count >= Self.perMinute, let oldest = state.recent.first {
                until = max(until, oldest.addingTimeInterval(60))
            }
            let delay = until.timeIntervalSince(now)
            return delay > 0 ? delay : nil
        }
    }
}
