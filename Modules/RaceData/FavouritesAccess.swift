import Core
import Dispatch
import Synchronization

public typealias FavouritesCompletion = @MainActor @Sendable (Result<FavouritesState, FavouritesError>) -> Void

/// The one way interactors reach the favourites store: calls one at a time, answers on the main actor. Every
/// interactor that touches favourites goes through one, so they all see the same favourites.
public final class FavouritesAccess: Sendable {
    /// Where store calls run.
    public enum Execution: Sendable {
        /// On a serial queue of their own (never behind a slow race fetch), answered on the main actor later.
        case serialQueue(DispatchQueue)
        /// On the main actor, answered before the call returns, so the commands of a piped script settle in the
        /// turn they are read in: the favourites file is local and answers in microseconds. Callers must be on
        /// the main actor. With `deferringWrites`, see `commitDeferred()`.
        case mainActor(deferringWrites: Bool)
    }

    private let store: any FavouritesStore
    private let execution: Execution
    private let deliver: MainDelivery
    private let deferred = Mutex(DeferredChanges())
    private let reportFailedCommit: @MainActor @Sendable (FavouritesError) -> Void

    /// - Parameter reportFailedCommit: told when a commit this access makes by itself (at the end of a main-queue
    ///   turn that deferred changes) fails; a commit the caller asks for returns its error instead.
    public init(
        store: any FavouritesStore,
        execution: Execution = .serialQueue(DispatchQueue(label: "NextToGo.Favourites")),
        deliver: @escaping MainDelivery = deliverOnMain,
        reportFailedCommit: @escaping @MainActor @Sendable (FavouritesError) -> Void = { _ in }
    ) {
        self.store = store
        self.execution = execution
        self.deliver = deliver
        self.reportFailedCommit = reportFailedCommit
    }

    public func load(completion: @escaping FavouritesCompletion) {
        run(completion, change: nil)
    }

    public func toggle(_ favourite: FavouriteRace, completion: @escaping FavouritesCompletion) {
        run(completion, change: .toggle(favourite))
    }

    public func remove(ids: Set<String>, completion: @escaping FavouritesCompletion) {
        run(completion, change: .remove(ids))
    }

    public func prune(ids: Set<String>, completion: @escaping FavouritesCompletion) {
        run(completion, change: .prune(ids))
    }

    /// Saves the changes kept in memory (`Execution.mainActor(deferringWrites: true)`), in one read-modify-write
    /// of the store; nil when there were none or they are saved.
    ///
    /// Deferring is group commit: the first change after a commit takes the store for this process alone
    /// (`FavouritesStore.hold()`) and is saved at once, so a store that cannot save says so on that command, as
    /// without deferring; the ones after it until the next commit are applied in memory and answered at once,
    /// and stay true because no other process can change the favourites meanwhile. The commit saves them and
    /// lets the store go. The app commits before any output is written, so no command's answer is seen before
    /// the change it reports is saved, and this access commits by itself at the end of the main-queue turn
    /// anyway; a script's thousand toggles cost a few writes. On failure the kept changes are dropped (the
    /// store is read again next time) and the error says how many.
    @MainActor
    public func commitDeferred() -> FavouritesError? {
        let (changes, wasHeld) = deferred.withLock { deferred in
            defer { deferred = DeferredChanges() }
            return (deferred.changes, deferred.isHeld)
        }
        defer { if wasHeld { store.release() } }
        guard !changes.isEmpty else { return nil }
        do {
            _ = try store.apply(changes)
            return nil
        } catch {
            let count = changes.count
            return .unavailable(
                location: store.location,
                reason:
                    "\(error.reason); the last \(count) favourite \(count == 1 ? "change was" : "changes were") not saved"
            )
        }
    }

    private func run(_ completion: @escaping FavouritesCompletion, change: FavouritesChange?) {
        switch execution {
        case .serialQueue(let queue):
            queue.async { [self] in
                let result = saved(change)
                deliver { completion(result) }
            }
        case .mainActor(let deferringWrites):
            MainActor.assumeIsolated {
                completion(deferringWrites ? runDeferring(change) : saved(change))
            }
        }
    }

    /// The change made in the store and the favourites after it; nil is a load.
    private func saved(_ change: FavouritesChange?) -> Result<FavouritesState, FavouritesError> {
        Result { () throws(FavouritesError) in try store.apply(change.map { [$0] } ?? []) }
    }

    /// A load answers with the changes kept in memory applied; a change is saved at once if it is the first since
    /// the last commit (the store then held), else kept.
    @MainActor
    private func runDeferring(_ change: FavouritesChange?) -> Result<FavouritesState, FavouritesError> {
        let kept = deferred.withLock { $0 }
        switch (change, kept.state) {
        case (nil, let state?):
            return .success(state)
        case (let change?, let state?) where kept.isHeld:
            if let reason = change.refusal(given: state.favourites) {
                return .failure(.unavailable(location: store.location, reason: reason))
            }
            let changed = change.applied(to: state)
            deferred.withLock {
                $0.changes.append(change)
                $0.state = changed
            }
            return .success(changed)
        case (nil, nil):
            let result = saved(nil)
            if case .success(let state) = result {
                deferred.withLock { $0.state = FavouritesState(favourites: state.favourites) }
            }
            return result
        case (let change?, _):
            let result = Result { () throws(FavouritesError) in
                try store.hold()
                return try store.apply([change])
            }
            guard case .success(let state) = result else {
                store.release()
                deferred.withLock { $0 = DeferredChanges() }
                return result
            }
            deferred.withLock {
                $0.state = FavouritesState(favourites: state.favourites)
                $0.isHeld = true
            }
            DispatchQueue.main.async { [self] in
                MainActor.assumeIsolated {
                    if let error = commitDeferred() { reportFailedCommit(error) }
                }
            }
            return result
        }
    }
}

/// What `FavouritesAccess` holds between commits when it defers writes.
private struct DeferredChanges: Sendable {
    /// The favourites as this process last read or saved them, with `changes` applied.
    var state: FavouritesState?
    /// Applied in memory, not yet saved.
    var changes: [FavouritesChange] = []
    /// The store is held for this process (`FavouritesStore.hold()`) until the commit.
    var isHeld = false
}
