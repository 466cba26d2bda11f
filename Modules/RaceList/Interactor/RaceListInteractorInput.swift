import Core
import RaceData

/// What the race list's presenter may ask of its interactor.
public protocol RaceListInteractorInput: AnyObject, Sendable {
    /// Names the data source in messages.
    var sourceDescription: String { get }

    /// Fetches the current races and calls `completion` on the main actor.
    ///
    /// Requests made while a fetch is in flight join it: they all receive
    /// that fetch's result, and no second fetch starts alongside it.
    func refresh(completion: @escaping RaceListFetchCompletion)

    /// Reads the saved favourites (answers on the main actor).
    func loadFavourites(completion: @escaping FavouritesCompletion)

    /// Adds the race to the favourites, or removes it if it is one.
    func toggleFavourite(_ favourite: FavouriteRace, completion: @escaping FavouritesCompletion)

    /// The races a card has said were abandoned (read at each draw).
    var abandonedRaceIDs: Set<String> { get }
}

extension RaceListInteractorInput {
    public var abandonedRaceIDs: Set<String> { [] }
}

public typealias RaceListFetchCompletion = @MainActor @Sendable (Result<RaceFeed, RaceDataError>) -> Void
