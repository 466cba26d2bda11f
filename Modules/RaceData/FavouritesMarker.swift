import Core
import Platform
import Synchronization

/// The favourites as marks: each favourite race is marked whole, for the board's marker and the alerts. Read
/// again from the store before each draw (another screen or copy may have changed it), as the blackbook's
/// entries are.
public final class FavouritesMarker: RaceMarker {
    private let favourites: any FavouritesRepository
    /// The favourites as last read on the main actor.
    private let races = Mutex<[Race]>([])

    public init(favourites: any FavouritesRepository) {
        self.favourites = favourites
    }

    /// Nothing to read ahead: a favourite is marked by its id alone.
    public func prepare(_ races: [Race]) {}

    /// A favourite marks its race, not a runner in it.
    public func marks(inRace id: String) -> [RaceMark] { [] }

    @MainActor public func markedRaces() -> [Race] { races.withLock { $0 } }

    /// The favourites as they are now; a damaged file set aside, or a store that cannot be read, is the board's to
    /// say (the races last read stay marked when it cannot be).
    @MainActor public func reload() -> String? {
        switch favourites.result(of: nil) {
        case .success(let state):
            races.withLock { $0 = state.favourites.map(\.race) }
            return state.warning
        case .failure(let error):
            return error.description
        }
    }
}
