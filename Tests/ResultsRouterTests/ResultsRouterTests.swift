import CommandKit
import Core
import Foundation
import ResultsPresenter
import ResultsTestSupport
import ResultsView
import TestSupport
import Testing

@testable import ResultsRouter

@MainActor
@Suite("Results router and screen")
struct ResultsRouterTests {
    @Test("`results [WORDS]` opens the results from any screen; the feature may open a race's sheet")
    func wayIn() {
        #expect(ResultsModule.wayIn.opens == Destination("results") && ResultsModule.wayIn.screens == nil)
        #expect(ResultsModule.wayIn.usage == "results [WORDS]")
        #expect(ResultsModule.feature.commands.map(\.name) == ["results", "show"])
        #expect(ResultsModule.feature.opens == [Destination("raceDetail")])
    }

    @Test("the router opens a race's sheet through the shell")
    func navigation() {
        let navigator = RecordingNavigator()
        let race = Race.make("r1", startsIn: -600, from: ManualClock(1_748_310_000))
        navigator.expectNavigation()
        ResultsRouter(navigator: navigator).openRaceDetail(race) { _ in }
        #expect(navigator.opened == [.raceDetail(race)])
    }

    @Test("the screen hands `show N` to the presenter and numbers its rows as drawn")
    func screen() {
        let presenter = RecordingResultsPresenter()
        let screen = ResultsModule.screen(presenter: presenter, view: FakeResultsView())
        #expect(screen.kind == .results && screen.presentation == .fullScreen)
        #expect(screen.handle(Command("show", [.position(3)])) { _ in })
        #expect(presenter.calls == ["openRace(3)"])
        presenter.highestNumber = 20
        #expect(screen.numberedRows == 20)
    }
}
