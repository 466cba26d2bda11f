import Core
import Platform

/// The favourites, as every module reaches them: a kept list of favourite races.
@MainActor
public protocol FavouritesRepository: KeptList where Item == FavouriteRace {}

public typealias FavouritesChange = KeptListChange<FavouriteRace>
public typealias FavouritesState = KeptListState<FavouriteRace>
public typealias FavouritesError = KeptListError

extension FavouriteRace: KeptItem {
    public var keptOrder: Date { advertisedStart }

    /// Favourites are pruned a day after their race, so a real list holds a few dozen; past a thousand the file
    /// is not what this app wrote, and reading it whole on every command would make the board crawl.
    public static let keptList = KeptListKind(
        name: "favourites", singular: "favourite", plural: "favourites", maximumItems: 1_000,
        maximumFileBytes: 4 * 1024 * 1024, makingRoom: "`unfav N` on `favs`",
        pruned: "of races that jumped over a day ago")
}

extension FavouritesRepository {
    /// Adds the race if it is not a favourite, removes it if it is.
    public func toggle(_ favourite: FavouriteRace) throws(FavouritesError) -> FavouritesState {
        try apply(.toggle(favourite))
    }

    public func remove(ids: Set<String>) throws(FavouritesError) -> FavouritesState {
        try apply(.remove(ids))
    }

    public func prune(ids: Set<String>) throws(FavouritesError) -> FavouritesState {
        try apply(.prune(ids))
    }
}

extension KeptListChange where Item == FavouriteRace {
    /// The most favourites kept.
    public static var maximumFavourites: Int { FavouriteRace.keptList.maximumItems }
}

extension KeptListState where Item == FavouriteRace {
    @inlinable
    public init(favourites: [FavouriteRace], warning: String? = nil) {
        self.init(items: favourites, warning: warning)
    }

    @inlinable
    public var favourites: [FavouriteRace] { items }
}

extension KeptListError {
    /// The favourites could not be read or changed.
    public static func unavailable(location: String, reason: String) -> KeptListError {
        KeptListError(things: FavouriteRace.keptList.plural, location: location, reason: reason)
    }
}
