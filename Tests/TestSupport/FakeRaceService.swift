import Core
import Foundation
import RaceData
import Synchronization

/// A race service whose answer, speed and call count tests control. It also
/// records how many fetches ever ran at the same time.
public final class FakeRaceService: RaceService {
    private struct State {
        var result: Result<RaceFeed, RaceDataError>
        var delay: TimeInterval
        var fetchCount = 0
        var running = 0
        var maximumRunning = 0
    }

    private let state: Mutex<State>
    private let gate: DispatchSemaphore?
    private let started = DispatchSemaphore(value: 0)

    /// - Parameter gated: fetches wait for `openGate()` before they answer,
    ///   so tests decide exactly when a fetch is "in flight".
    public init(
        result: Result<RaceFeed, RaceDataError> = .success(RaceFeed(races: [])), delay: TimeInterval = 0,
        gated: Bool = false
    ) {
        state = Mutex(State(result: result, delay: delay))
        gate = gated ? DispatchSemaphore(value: 0) : nil
    }

    /// Blocks until a fetch has started (for gated services).
    public func waitForFetchToStart() { started.wait() }

    /// Lets every fetch, waiting or future, answer.
    public func openGate() { gate?.signal() }

    public var sourceDescription: String { "the fake service" }

    public var fetchCount: Int { state.withLock { $0.fetchCount } }
    public var maximumConcurrentFetches: Int { state.withLock { $0.maximumRunning } }

    public func answer(_ result: Result<RaceFeed, RaceDataError>) {
        state.withLock { $0.result = result }
    }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        let (delay, result) = state.withLock { state in
            state.fetchCount += 1
            state.running += 1
            state.maximumRunning = max(state.maximumRunning, state.running)
            return (state.delay, state.result)
        }
        started.signal()
        if let gate {
            gate.wait()
            // Pass the opening on to the next fetch, so an open gate stays open.
            gate.signal()
        }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        state.withLock { $0.running -= 1 }
        return try result.get()
    }
}
