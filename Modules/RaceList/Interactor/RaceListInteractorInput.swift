import Core
import Platform
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

    /// The saved favourites, answered at once.
    @MainActor func loadFavourites() -> Result<FavouritesState, FavouritesError>

    /// Adds the race to the favourites, or removes it if it is one: saved (or gathered in the turn) when it returns.
    @MainActor func toggleFavourite(_ favourite: FavouriteRace) -> Result<FavouritesState, FavouritesError>

    /// Keeps the board's settings for the next start (`save`): saved when it returns.
    @MainActor func saveSettings(_ settings: BoardSettings) -> Result<SavedSettings, SettingsError>

    /// The races a card has said were abandoned (read at each draw).
    var abandonedRaceIDs: Set<String> { get }
    /// How each race the card source told of stands at `now` (`Closed`, `Interim 2-4-7`…), read at each draw.
    func raceStandings(at now: Date) -> [String: RaceStanding]
    /// The race's marked runners (followed in the blackbook), as known now.
    func marks(inRace id: String) -> [RaceMark]
    /// The race's market favourite and its price at `now`, as known without waiting; nil when unknown.
    func marketFavourite(ofRace id: String, at now: Date) -> MarketFavourite?
    /// Reads again what marks races, before a draw: another screen or copy may have changed it. Returns a
    /// warning to say once, if any.
    @MainActor func reloadMarks() -> String?
}

extension RaceListInteractorInput {
    public var abandonedRaceIDs: Set<String> { [] }
    public func raceStandings(at now: Date) -> [String: RaceStanding] { [:] }
    public func marks(inRace id: String) -> [RaceMark] { [] }
    public func marketFavourite(ofRace id: String, at now: Date) -> MarketFavourite? { nil }
    @MainActor public func reloadMarks() -> String? { nil }
}

public typealias RaceListFetchCompletion = @MainActor @Sendable (Result<RaceFeed, RaceDataError>) -> Void
