import Core
import FavouritesInteractor
import FavouritesView
import Platform
import RaceData

/// What the shell may ask of the favourites screen.
@MainActor
public protocol FavouritesModuleInput: AnyObject {
    /// Loads, prunes and draws the favourites.
    func show(completion: @escaping CommandCompletion)
    /// Draws the list again at once, countdowns moved on; what the store says now shows at the next second.
    func showLive()
    /// Favourites as last drawn: the numbers `show N` and `unfav N` reach.
    var drawnCount: Int { get }
    /// `unfav N`: removes favourite N.
    func unfavourite(position: Int, completion: @escaping CommandCompletion)
    /// `show N`: opens favourite N's detail sheet.
    func openRace(position: Int, completion: @escaping CommandCompletion)
}

/// The navigation the favourites screen needs; its router provides it.
@MainActor
public protocol FavouritesRouterInput: AnyObject {
    func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion)
}
