import Core
import Synchronization

/// The races of the last successful fetch, by id, shared by the modules so
/// a favourite opened from the favourites screen shows everything the feed
/// has for it.
///
/// Lookups made while a fetch is in flight wait for it, so what a command
/// shows never depends on how fast the source answered.
public final class LatestRaces: Sendable {
    private struct State {
        /// The feed's own list (shared, not copied) and where each id is in it: a 12,000-race feed held again in
        /// a dictionary of races was 3.4 MB more at the peak. The positions are made at the first lookup, not
        /// with every feed: a run that looks nothing up (a one-shot `list`) never holds them.
        var races: [Race] = []
        var positions: [String: Int]?
        var fetchesInFlight = 0
        var waiting: [@Sendable () -> Void] = []

        mutating func race(_ id: String) -> Race? {
            if positions == nil {
                positions = Dictionary(
                    zip(races.lazy.map(\.id), races.indices), uniquingKeysWith: { first, _ in first })
            }
            return positions?[id].map { races[$0] }
        }
    }

    private let state = Mutex(State())

    public init() {}

    public func fetchStarted() {
        state.withLock { $0.fetchesInFlight += 1 }
    }

    /// - Parameter races: the new races, or nil when the fetch failed (the
    ///   previous ones stay).
    public func fetchFinished(with races: [Race]?) {
        let ready = state.withLock { state -> [@Sendable () -> Void] in
            if let races {
                state.races = races
                state.positions = nil
            }
            state.fetchesInFlight = max(0, state.fetchesInFlight - 1)
            guard state.fetchesInFlight == 0 else { return [] }
            defer { state.waiting = [] }
            return state.waiting
        }
        for waiter in ready { waiter() }
    }

    /// Publishes races outside a fetch (tests, other sources).
    public func replace(with races: [Race]) {
        fetchStarted()
        fetchFinished(with: races)
    }

    /// The race as the last fetch had it, if it is in the feed: now, or when
    /// the fetch in flight has finished. Answers on the main actor.
    public func race(
        id: String, deliver: @escaping MainDelivery = deliverOnMain,
        completion: @escaping @MainActor @Sendable (Race?) -> Void
    ) {
        let lookUp: @Sendable () -> Void = { [self] in
            let race = state.withLock { $0.race(id) }
            deliver { completion(race) }
        }
        let mustWait = state.withLock { state in
            if state.fetchesInFlight > 0 { state.waiting.append(lookUp) }
            return state.fetchesInFlight > 0
        }
        if !mustWait { lookUp() }
    }

    /// Every race of the last fetch: now, or when the fetch in flight has finished. Answers on the caller's
    /// thread when nothing is in flight, else on the fetch's.
    public func races(completion: @escaping @Sendable ([Race]) -> Void) {
        let answer: @Sendable () -> Void = { [self] in completion(state.withLock { $0.races }) }
        let mustWait = state.withLock { state in
            if state.fetchesInFlight > 0 { state.waiting.append(answer) }
            return state.fetchesInFlight > 0
        }
        if !mustWait { answer() }
    }

    /// The race as the last finished fetch had it, without waiting.
    public func race(id: String) -> Race? {
        state.withLock { $0.race(id) }
    }
}
