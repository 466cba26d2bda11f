import Core
import RaceData

/// What the favourites screen's presenter may ask of its interactor.
public protocol FavouritesInteractorInput: AnyObject, Sendable {
    func loadFavourites(completion: @escaping FavouritesCompletion)
    func removeFavourites(ids: Set<String>, completion: @escaping FavouritesCompletion)
    /// Removes favourites of races long gone; the store keeps a copy of what it had first.
    func pruneFavourites(ids: Set<String>, completion: @escaping FavouritesCompletion)
    /// The race as the feed has it, if it is still there (after any fetch
    /// in flight); answers on the main actor.
    func latestRace(id: String, completion: @escaping @MainActor @Sendable (Race?) -> Void)
}

public final class FavouritesInteractor: FavouritesInteractorInput {
    private let favourites: FavouritesAccess
    private let latestRaces: LatestRaces

    public init(favourites: FavouritesAccess, latestRaces: LatestRaces) {
        self.favourites = favourites
        self.latestRaces = latestRaces
    }

    public func loadFavourites(completion: @escaping FavouritesCompletion) {
        favourites.load(completion: completion)
    }

    public func removeFavourites(ids: Set<String>, completion: @escaping FavouritesCompletion) {
        favourites.remove(ids: ids, completion: completion)
    }

    public func pruneFavourites(ids: Set<String>, completion: @escaping FavouritesCompletion) {
        favourites.prune(ids: ids, completion: completion)
    }

    public func latestRace(id: String, completion: @escaping @MainActor @Sendable (Race?) -> Void) {
        latestRaces.race(id: id, completion: completion)
    }
}
