import Core
import RaceData

/// What the detail sheet's presenter may ask of its interactor.
public protocol RaceDetailInteractorInput: AnyObject, Sendable {
    func loadFavourites(completion: @escaping FavouritesCompletion)
    func toggleFavourite(_ favourite: FavouriteRace, completion: @escaping FavouritesCompletion)
}

/// The sheet shows a race it was handed; the only data it fetches is the
/// favourites, through the shared serial favourites queue.
public final class RaceDetailInteractor: RaceDetailInteractorInput {
    private let favourites: FavouritesAccess

    public init(favourites: FavouritesAccess) {
        self.favourites = favourites
    }

    public func loadFavourites(completion: @escaping FavouritesCompletion) {
        favourites.load(completion: completion)
    }

    public func toggleFavourite(_ favourite: FavouriteRace, completion: @escaping FavouritesCompletion) {
        favourites.toggle(favourite, completion: completion)
    }
}
