import Core
import FavouritesRouter
import Foundation
import RaceData
import RaceDetailRouter
import RaceListRouter
import Shell

/// Resolves routes to screens by asking each feature's router to assemble
/// its module. The only place that knows every feature.
@MainActor
struct AppScreens: ScreenFactory {
    let service: any RaceService
    let cards: (any RaceCardService)?
    let statusBook: RaceStatusBook
    let refreshInterval: TimeInterval
    let alertMinutes: Int?
    let region: RaceRegion?
    let count: Int
    let offersShell: Bool
    /// At a live terminal, the most a sheet waits for its race card before it is drawn without it.
    let firstCardWait: TimeInterval?
    let favourites: any FavouritesRepository
    let latestRaces = LatestRaces()
    let clock: any WallClock
    let renderer: any ScreenRenderer

    /// The root screen; its first fetch starts at once, before any command.
    func makeRaceList(navigator: any Navigator) -> RaceListScreen {
        let screen = RaceListRouter.makeScreen(
            service: service, favourites: favourites, latestRaces: latestRaces, statusBook: statusBook, clock: clock,
            refreshInterval: refreshInterval, alertLead: alertMinutes.map { TimeInterval($0) * 60 }, region: region,
            count: count, offersShell: offersShell,
            view: renderer.raceListView(), navigator: navigator)
        screen.presenter.start()
        return screen
    }

    func makeScreen(for route: AppRoute, navigator: any Navigator) -> any Screen {
        switch route {
        case .raceDetail(let race):
            RaceDetailRouter.makeScreen(
                race: race, cards: cards, statusBook: statusBook, favourites: favourites, clock: clock,
                timeZone: .current, firstCardWait: firstCardWait,
                view: renderer.raceDetailView(),
                navigator: navigator)
        case .favourites:
            FavouritesRouter.makeScreen(
                favourites: favourites, latestRaces: latestRaces, clock: clock, view: renderer.favouritesView(),
                navigator: navigator)
        }
    }
}
