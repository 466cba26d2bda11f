import Core
import RaceData

/// Favourites in memory, for presenters' fake interactors and for interactors: answers at once, records the
/// changes asked for, and fails every call while told to.
@MainActor
public final class FakeFavourites: FavouritesRepository {
    public private(set) var favourites: [FavouriteRace]
    /// Ids passed to `toggle`, in order.
    public private(set) var toggled: [String] = []
    /// Id sets passed to `remove` or `prune`, in order.
    public private(set) var removed: [Set<String>] = []
    private var failure: FavouritesError?
    private var pendingWarning: String?

    public nonisolated init(_ favourites: [FavouriteRace] = []) {
        self.favourites = favourites
    }

    public nonisolated var location: String { "memory" }
    public var ids: Set<String> { Set(favourites.map(\.id)) }

    /// Every call fails with this until it is set back to nil.
    public func fail(with error: FavouritesError?) { failure = error }
    /// The next call reports this warning, as a store does after setting a damaged file aside.
    public func warnOnce(_ warning: String) { pendingWarning = warning }

    public func load() throws(FavouritesError) -> FavouritesState {
        try answer()
    }

    public func apply(_ change: FavouritesChange) throws(FavouritesError) -> FavouritesState {
        if let failure { throw failure }
        switch change {
        case .toggle(let favourite), .put(let favourite), .replace(let favourite): toggled.append(favourite.id)
        case .remove(let ids), .prune(let ids): removed.append(ids)
        }
        favourites = change.applied(to: favourites)
        return try answer()
    }

    private func answer() throws(FavouritesError) -> FavouritesState {
        if let failure { throw failure }
        defer { pendingWarning = nil }
        return FavouritesState(favourites: favourites, warning: pendingWarning)
    }
}
