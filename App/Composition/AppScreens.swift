import Core
import FavouritesRouter
import Foundation
import RaceData
import RaceDetailRouter
import RaceListRouter
import Shell

/// Every feature's commands with the shell's own, in the order help lists them: each feature declares its
/// commands with its screen, and only this line knows them all.
enum AppCommands {
    static let table = CommandTable(
        RaceListModule.commands.map(\.entry) + RaceDetailModule.commands.map(\.entry)
            + FavouritesModule.commands.map(\.entry) + CommandTable.shellCommands)
}

/// Resolves routes to screens by asking each feature's router to assemble
/// its module. The only place that knows every feature.
@MainActor
struct AppScreens: ScreenFactory {
    let service: any RaceService
    let cards: (any RaceCardService)?
    let statusBook: RaceStatusBook
    let refreshInterval: TimeInterval
    let alertMinutes: Int?
    let alertIsDefault: Bool
    let region: RaceRegion?
    let count: Int
    /// The categories the board starts with (the `filter` setting); empty for all.
    let filter: [RaceCategory]
    let offersShell: Bool
    /// At a live terminal, the most a sheet waits for its race card before it is drawn without it.
    let firstCardWait: TimeInterval?
    let favourites: any FavouritesRepository
    /// Where `save` keeps the board's settings.
    let settings: any SettingsStore
    let latestRaces = LatestRaces()
    let clock: any WallClock
    let renderer: any ScreenRenderer
    /// With `--notify`: the race list's alerts go to the desktop too.
    let notifier: DesktopNotifier?

    /// The root screen; its first fetch starts at once, before any command.
    func makeRaceList(navigator: any Navigator) -> RaceListScreen {
        let screen = RaceListModule.makeScreen(
            service: service, favourites: favourites, settings: settings, latestRaces: latestRaces,
            statusBook: statusBook, clock: clock, refreshInterval: refreshInterval,
            alertLead: alertMinutes.map { TimeInterval($0) * 60 }, alertIsDefault: alertIsDefault, region: region,
            count: count, categories: filter, offersShell: offersShell,
            view: notifier.map { NotifyingRaceListView(renderer.raceListView(), notifier: $0) }
                ?? renderer.raceListView(),
            navigator: navigator)
        screen.presenter.start()
        return screen
    }

    func makeScreen(for route: AppRoute, navigator: any Navigator) -> any Screen {
        switch route {
        case .raceDetail(let race):
            RaceDetailModule.makeScreen(
                race: race, cards: cards, statusBook: statusBook, favourites: favourites, clock: clock,
                timeZone: .current, firstCardWait: firstCardWait,
                view: renderer.raceDetailView(),
                navigator: navigator)
        case .favourites:
            FavouritesModule.makeScreen(
                favourites: favourites, latestRaces: latestRaces, clock: clock, view: renderer.favouritesView(),
                navigator: navigator)
        }
    }
}
