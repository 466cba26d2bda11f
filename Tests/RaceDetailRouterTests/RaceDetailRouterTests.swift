import CommandKit
import Core
import Foundation
import RaceData
import RaceDetailTestSupport
import TestSupport
import Testing

@testable import RaceDetailRouter

@MainActor
@Suite("Race detail router and screen")
struct RaceDetailRouterTests {
    @Test(
        "the sheet hands `fav` and `show` to its presenter; it is a sheet with no numbered rows",
        arguments: [(Command("fav"), "toggleFavourite"), (Command("show"), "show")])
    func commands(command: Command, call: String) {
        let presenter = RecordingRaceDetailPresenter()
        let screen = RaceDetailModule.screen(presenter: presenter, view: FakeRaceDetailView())
        #expect(screen.handle(command) { _ in })
        #expect(presenter.calls == [call])
        #expect(screen.kind == .raceDetail && screen.presentation == .sheet && screen.numberedRows == 0)
    }

    @Test("commands of other screens are left to the shell")
    func otherCommands() {
        let presenter = RecordingRaceDetailPresenter()
        let screen = RaceDetailModule.screen(presenter: presenter, view: FakeRaceDetailView())
        for command in [Command("fav", [.position(1)]), Command("show", [.position(1)]), Command("favs")] {
            #expect(!screen.handle(command) { _ in Issue.record("completed \(command)") })
        }
        #expect(presenter.calls.isEmpty)
    }
}
