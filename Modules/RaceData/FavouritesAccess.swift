import Core
import Dispatch

public typealias FavouritesCompletion = @MainActor @Sendable (Result<FavouritesState, FavouritesError>) -> Void

/// Runs favourites store calls off the main thread, one at a time on a serial
/// queue of their own (never behind a slow race fetch), and answers on the
/// main actor. Every interactor that touches favourites goes through one.
public final class FavouritesAccess: Sendable {
    private let store: any FavouritesStore
    private let queue: DispatchQueue
    private let deliver: MainDelivery

    public init(
        store: any FavouritesStore,
        queue: DispatchQueue = DispatchQueue(label: "NextToGo.Favourites"),
        deliver: @escaping MainDelivery = deliverOnMain
    ) {
        self.store = store
        self.queue = queue
        self.deliver = deliver
    }

    public func load(completion: @escaping FavouritesCompletion) {
        run(completion) { (store) throws(FavouritesError) in try store.load() }
    }

    public func toggle(_ favourite: FavouriteRace, completion: @escaping FavouritesCompletion) {
        run(completion) { (store) throws(FavouritesError) in try store.toggle(favourite) }
    }

    public func remove(ids: Set<String>, completion: @escaping FavouritesCompletion) {
        run(completion) { (store) throws(FavouritesError) in try store.remove(ids: ids) }
    }

    private func run(
        _ completion: @escaping FavouritesCompletion,
        _ work: @escaping @Sendable (any FavouritesStore) throws(FavouritesError) -> FavouritesState
    ) {
        queue.async { [store, deliver] in
            let result = Result { () throws(FavouritesError) in try work(store) }
            deliver { completion(result) }
        }
    }
}
