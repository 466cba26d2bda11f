import Core
import RaceData

/// What the favourites screen's presenter may ask of its interactor.
public protocol FavouritesInteractorInput: AnyObject, Sendable {
    @MainActor func loadFavourites() -> Result<FavouritesState, FavouritesError>
    @MainActor func removeFavourites(ids: Set<String>) -> Result<FavouritesState, FavouritesError>
    /// Removes favourites of races long gone; the store keeps a copy of what it had first.
    @MainActor func pruneFavourites(ids: Set<String>) -> Result<FavouritesState, FavouritesError>
    /// The race as the feed has it, if it is still there (after any fetch
    /// in flight); answers on the main actor.
    func latestRace(id: String, completion: @escaping @MainActor @Sendable (Race?) -> Void)
}

public final class FavouritesInteractor: FavouritesInteractorInput {
    private let favourites: any FavouritesRepository
    private let latestRaces: LatestRaces

    public init(favourites: any FavouritesRepository, latestRaces: LatestRaces) {
        self.favourites = favourites
        self.latestRaces = latestRaces
    }

    @MainActor
    public func loadFavourites() -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: nil)
    }

    @MainActor
    public func removeFavourites(ids: Set<String>) -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: .remove(ids))
    }

    @MainActor
    public func pruneFavourites(ids: Set<String>) -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: .prune(ids))
    }

    public func latestRace(id: String, completion: @escaping @MainActor @Sendable (Race?) -> Void) {
        latestRaces.race(id: id, completion: completion)
    }
}
