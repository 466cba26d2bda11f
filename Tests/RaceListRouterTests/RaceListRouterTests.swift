import CommandKit
import Core
import Foundation
import RaceData
import RaceListInteractor
import RaceListPresenter
import RaceListTestSupport
import TestSupport
import Testing

@testable import RaceListRouter

@MainActor
@Suite("Race list router and screen")
struct RaceListRouterTests {
    let clock = ManualClock(1_748_310_000)

    @Test("the router turns the presenter's requests into routes for the shell, and holds the shell weakly")
    func navigation() {
        var navigator: RecordingNavigator? = RecordingNavigator()
        let router = RaceListRouter(navigator: navigator!)
        let race = Race.make("r1", startsIn: 60, from: clock)
        let log = CompletionLog()
        navigator?.expectNavigation()
        router.openRaceDetail(race, completion: log.callback)
        router.openFavourites(completion: log.callback)
        #expect(navigator?.opened == [.raceDetail(race), .favourites])
        #expect(log.results == [.success, .success])
        weak let gone = navigator
        navigator = nil
        #expect(gone == nil, "the shell owns the screens, not the router")
        router.openFavourites(completion: log.callback)
    }

    @Test(
        "the screen hands each typed command to the presenter call it means",
        arguments: [
            (Command("list"), "showList"),
            (Command("list", [.word("all")]), "showAll"),
            (Command("all"), "showAll"),
            (
                Command("filter", [.categories([.greyhound, .horse])]),
                "change(toggle([Core.RaceCategory.greyhound, Core.RaceCategory.horse]))"
            ),
            (Command("filter", [.word("clear")]), "change(clearFilter)"),
            (Command("filter", [.word("only"), .categories([.harness])]), "change(only([Core.RaceCategory.harness]))"),
            (Command("search", [.text("Happy Valley")]), #"change(search(Optional("Happy Valley")))"#),
            (Command("search"), "change(search(nil))"),
            (Command("region", [.word("nz")]), "change(region(Optional(Core.RaceRegion.newZealand)))"),
            (Command("region", [.word("all")]), "change(region(nil))"),
            (Command("count", [.number(7)]), "change(size(7))"),
            (Command("refresh"), "refresh"),
            (Command("show", [.position(2)]), "openRace(2)"),
            (Command("fav", [.position(3)]), "toggleFavourite(3)"),
            (Command("favs"), "openFavourites"),
            (Command("alert", [.minutes(10)]), "setAlert(10)"),
            (Command("alert", [.word("off")]), "setAlert(off)"),
            (Command("alert"), "setAlert()"),
            (Command("watch", [.seconds(5)]), "watch(5)"),
            (Command("save"), "saveSettings"),
        ])
    func commands(command: Command, call: String) {
        let presenter = RecordingRaceListPresenter()
        let screen = RaceListModule.screen(presenter: presenter, view: FakeRaceListView())
        let log = CompletionLog()
        #expect(screen.handle(command, completion: log.callback))
        #expect(presenter.calls == [call])
        #expect(log.results == [.success])
    }

    @Test("a command the race list does not take is left to the shell, and nothing is called")
    func otherCommands() {
        let presenter = RecordingRaceListPresenter()
        let screen = RaceListModule.screen(presenter: presenter, view: FakeRaceListView())
        for command in [Command("unfav", [.position(1)]), Command("fav"), Command("show"), Command("back")] {
            #expect(!screen.handle(command) { _ in Issue.record("completed \(command)") })
        }
        #expect(presenter.calls.isEmpty)
        #expect(screen.kind == .raceList && screen.presentation == .fullScreen)
        presenter.drawnCount = 4
        #expect(screen.numberedRows == 4)
        screen.renderLive()
        screen.render { _ in }
        #expect(presenter.calls == ["redrawLive", "redraw"])
    }

    @Test("makeScreen assembles a working module: the first fetch is drawn, and `show 1` opens that race's sheet")
    func assembly() async throws {
        let races = [Race.make("a", startsIn: 120, from: clock), Race.make("b", startsIn: 240, from: clock)]
        let navigator = RecordingNavigator()
        let view = FakeRaceListView()
        let screen = RaceListModule.makeScreen(
            service: FakeRaceService(result: .success(RaceFeed(races: races))), favourites: FakeFavourites(),
            latestRaces: LatestRaces(), clock: clock, refreshInterval: 0, alertLead: nil, view: view,
            navigator: navigator)
        navigator.expectNavigation()
        await withCheckedContinuation { continuation in
            screen.presenter.start()
            _ = screen.handle(Command("show", [.position(1)])) { _ in continuation.resume() }
        }
        #expect(navigator.opened == [.raceDetail(races[0])])
    }

    @Test("the module assembles on an interactor of the test's own: the fake answers, the board is drawn")
    func assemblyOnAFake() {
        let interactor = FakeRaceListInteractor()
        let view = FakeRaceListView()
        let screen = RaceListModule.makeScreen(
            interactor: interactor, clock: clock, refreshInterval: 0, alertLead: nil, board: BoardSettings(count: 3),
            view: view,
            navigator: RecordingNavigator())
        let log = CompletionLog()
        screen.presenter.start()
        _ = screen.handle(Command("list"), completion: log.callback)
        interactor.answer((1...5).map { Race.make("r\($0)", startsIn: Double($0) * 60, from: clock) })
        #expect(view.lastRows.count == 3)
        #expect(log.results == [.success])
    }

    @Test("fakes fail the test on navigation it did not expect, and not once it is expected")
    func strictNavigation() {
        let router = FakeRaceListRouter()
        withKnownIssue("the fake says so") {
            router.openFavourites { _ in }
        }
        let navigator = RecordingNavigator()
        withKnownIssue("the shell's side too") {
            navigator.close { _ in }
        }
        router.expectNavigation()
        router.openFavourites { _ in }
        #expect(router.favouritesOpened == 2)
    }
}
