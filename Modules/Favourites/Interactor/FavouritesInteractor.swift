import Core
import RaceData

/// What the favourites screen's presenter may ask of its interactor.
public protocol FavouritesInteractorInput: AnyObject, Sendable {
    func loadFavourites(completion: @escaping FavouritesCompletion)
    func removeFavourites(ids: Set<String>, completion: @escaping FavouritesCompletion)
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

    public func latestRace(id: String, completion: @escaping @MainActor @Sendable (Race?) -> Void) {
        latestRaces.race(id: id, completion: completion)
    }
}
