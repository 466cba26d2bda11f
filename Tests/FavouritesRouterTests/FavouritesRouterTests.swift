import CommandKit
import Core
import FavouritesTestSupport
import Foundation
import RaceData
import TestSupport
import Testing

@testable import FavouritesRouter

@MainActor
@Suite("Favourites router and screen")
struct FavouritesRouterTests {
    @Test("the router opens a race's sheet through the shell")
    func navigation() {
        let navigator = RecordingNavigator()
        let router = FavouritesRouter(navigator: navigator)
        let race = Race.make("r1", startsIn: 60, from: ManualClock(1_748_310_000))
        navigator.expectNavigation()
        router.openRaceDetail(race) { _ in }
        #expect(navigator.opened == [.raceDetail(race)])
    }

    @Test(
        "the screen hands each command to the presenter call it means",
        arguments: [
            (Command("favs"), "show"), (Command("show", [.position(2)]), "openRace(2)"),
            (Command("unfav", [.position(1)]), "unfavourite(1)"),
        ])
    func commands(command: Command, call: String) {
        let presenter = RecordingFavouritesPresenter()
        let screen = FavouritesModule.screen(presenter: presenter, view: FakeFavouritesView())
        #expect(screen.handle(command) { _ in })
        #expect(presenter.calls == [call])
    }

    @Test("commands of other screens are left to the shell; the rows are the presenter's")
    func otherCommands() {
        let presenter = RecordingFavouritesPresenter()
        let screen = FavouritesModule.screen(presenter: presenter, view: FakeFavouritesView())
        for command in [Command("fav", [.position(1)]), Command("filter", [.word("clear")]), Command("show")] {
            #expect(!screen.handle(command) { _ in Issue.record("completed \(command)") })
        }
        #expect(presenter.calls.isEmpty)
        presenter.drawnCount = 3
        #expect(screen.numberedRows == 3 && screen.kind == .favourites && screen.presentation == .fullScreen)
    }
}
