import Core
import RaceData
import Synchronization

/// Favourites in memory, for presenters' fake interactors (which answer at
/// once, on the calling main actor) and for interactors (as a store).
public final class FakeFavourites: FavouritesStore {
    private struct State {
        var favourites: [FavouriteRace] = []
        var failure: FavouritesError?
        var pendingWarning: String?
        var toggled: [String] = []
        var removed: [Set<String>] = []
    }

    private let state = Mutex(State())

    public init(_ favourites: [FavouriteRace] = []) {
        state.withLock { $0.favourites = favourites }
    }

    public var location: String { "memory" }
    public var favourites: [FavouriteRace] { state.withLock { $0.favourites } }
    public var ids: Set<String> { Set(favourites.map(\.id)) }
    /// Ids passed to `toggle`, in order.
    public var toggled: [String] { state.withLock { $0.toggled } }
    /// Id sets passed to `remove`, in order.
    public var removed: [Set<String>] { state.withLock { $0.removed } }

    /// Every call fails with this until it is set back to nil.
    public func fail(with error: FavouritesError?) { state.withLock { $0.failure = error } }
    /// The next call reports this warning, as a store does after setting a damaged file aside.
    public func warnOnce(_ warning: String) { state.withLock { $0.pendingWarning = warning } }

    public func load() throws(FavouritesError) -> FavouritesState {
        try step { _ in }
    }

    public func toggle(_ favourite: FavouriteRace) throws(FavouritesError) -> FavouritesState {
        try step { state in
            state.toggled.append(favourite.id)
            if let index = state.favourites.firstIndex(where: { $0.id == favourite.id }) {
                state.favourites.remove(at: index)
            } else {
                state.favourites.append(favourite)
            }
        }
    }

    public func remove(ids: Set<String>) throws(FavouritesError) -> FavouritesState {
        try step { state in
            state.removed.append(ids)
            state.favourites.removeAll { ids.contains($0.id) }
        }
    }

    private func step(_ change: (inout State) -> Void) throws(FavouritesError) -> FavouritesState {
        let outcome: Result<FavouritesState, FavouritesError> = state.withLock { state in
            if let failure = state.failure { return .failure(failure) }
            change(&state)
            defer { state.pendingWarning = nil }
            return .success(FavouritesState(favourites: state.favourites, warning: state.pendingWarning))
        }
        return try outcome.get()
    }

    // MARK: - Answering fake interactors' completions at once

    public func answerLoad(_ completion: @escaping FavouritesCompletion) {
        answer(completion) { () throws(FavouritesError) in try load() }
    }

    public func answerToggle(_ favourite: FavouriteRace, _ completion: @escaping FavouritesCompletion) {
        answer(completion) { () throws(FavouritesError) in try toggle(favourite) }
    }

    public func answerRemove(_ ids: Set<String>, _ completion: @escaping FavouritesCompletion) {
        answer(completion) { () throws(FavouritesError) in try remove(ids: ids) }
    }

    private func answer(
        _ completion: @escaping FavouritesCompletion, _ work: () throws(FavouritesError) -> FavouritesState
    ) {
        let result = Result { () throws(FavouritesError) in try work() }
        MainActor.assumeIsolated { completion(result) }
    }
}
