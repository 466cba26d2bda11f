import Core
import Platform
import RaceData
import RaceListInteractor

/// The race list's view of the favourites: read again from the store before each draw and each live second
/// (so changes made on other screens or by another process show), toggled for `fav N`, and the alerts they
/// call for. Tells the presenter what to say as `BoardEvent`s.
@MainActor
final class FavouriteMarkers {
    private let interactor: any RaceListInteractorInput
    private(set) var ids: Set<String> = []
    private var favourites: [FavouriteRace] = []
    /// Races the blackbook follows a runner in that have jumped: their results are told after they leave the
    /// board, as a favourite's are (`FavouriteAlerts.resultWindow`).
    private var followedAfterJump: [String: Race] = [:]
    var alerts: FavouriteAlerts
    /// Hears alerts that are due and the store's warnings.
    weak var events: (any BoardEventHandler)?

    init(interactor: any RaceListInteractorInput, alerts: FavouriteAlerts) {
        self.interactor = interactor
        self.alerts = alerts
    }

    /// Reads the favourites and what marks races; `racesNow` gives each favourite's race as the feed has it now,
    /// for alerts by its start, and the interactor how races stand, on the board or gone from it, for results.
    /// - Parameter boardRaces: the board's races: those the blackbook follows a runner in alert as favourites do.
    func reload(racesNow: (String) -> Race?, boardRaces: [Race] = [], at now: () -> Date) {
        if let warning = interactor.reloadMarks() { events?.handle(.warning(warning)) }
        // Only races an alert could be due for are asked whether they are followed: a draw in a script asked
        // every race of the feed, ten thousand times.
        var followed: [Race] = []
        if let lead = alerts.lead {
            let time = now()
            let due = (time.addingTimeInterval(-Race.boardExpiryDelay))...(time.addingTimeInterval(lead))
            followed = boardRaces.filter {
                due.contains($0.advertisedStart) && !interactor.marks(inRace: $0.id).isEmpty
            }
            for race in followed where race.advertisedStart <= time { followedAfterJump[race.id] = race }
            followedAfterJump = followedAfterJump.filter {
                time.timeIntervalSince($0.value.advertisedStart) < FavouriteAlerts.resultWindow
            }
            let onBoard = Set(followed.map(\.id))
            followed += followedAfterJump.values.filter { !onBoard.contains($0.id) }
        }
        switch interactor.loadFavourites() {
        case .success(let state):
            let time = now()
            apply(
                state, racesNow: racesNow, followed: followed, standings: interactor.raceStandings(at: time), now: time)
        case .failure(let error): events?.handle(.warning(error.description))
        }
    }

    /// Adds `race` to the favourites or takes it out; the error is the store's, for the user.
    func toggle(_ race: Race, racesNow: (String) -> Race?, at now: () -> Date) -> FavouritesError? {
        switch interactor.toggleFavourite(FavouriteRace(race)) {
        case .success(let state):
            apply(state, racesNow: racesNow, now: now())
            return nil
        case .failure(let error):
            return error
        }
    }

    private func apply(
        _ state: FavouritesState, racesNow: (String) -> Race?, followed: [Race] = [],
        standings: [String: RaceStanding] = [:], now: Date
    ) {
        favourites = state.favourites
        ids = state.ids
        if let warning = state.warning { events?.handle(.warning(warning)) }
        // A favourite still in the feed alerts by the feed's start, which may have moved since it was saved.
        let current = favourites.map { favourite in racesNow(favourite.id).map(FavouriteRace.init) ?? favourite }
        let alsoFollowed = followed.filter { !ids.contains($0.id) }.map(FavouriteRace.init)
        for alert in alerts.due(for: current + alsoFollowed, standings: standings, at: now) {
            events?.handle(.alert(alert))
        }
    }
}
