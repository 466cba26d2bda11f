import BlackbookTestSupport
import CommandKit
import Core
import Foundation
import RaceData
import TestSupport
import Testing

@testable import BlackbookRouter

@MainActor
@Suite("Blackbook router and screen")
struct BlackbookRouterTests {
    @Test("the router opens a race's sheet through the shell")
    func navigation() {
        let navigator = RecordingNavigator()
        let race = Race.make("r1", startsIn: 60, from: ManualClock(1_748_310_000))
        navigator.expectNavigation()
        BlackbookRouter(navigator: navigator).openRaceDetail(race) { _ in }
        #expect(navigator.opened == [.raceDetail(race)])
    }

    @Test(
        "the screen hands each command to the presenter call it means",
        arguments: [
            (Command("show", [.position(2)]), "openNextRun(2)"), (Command("unfollow", [.position(1)]), "unfollow(1)"),
            (Command("note", [.text("3  loves the wet ")]), "note(3  loves the wet )"),
        ])
    func commands(command: Command, call: String) {
        let presenter = RecordingBlackbookPresenter()
        let screen = BlackbookModule.screen(presenter: presenter, view: FakeBlackbookView())
        #expect(screen.handle(command) { _ in })
        #expect(presenter.calls == [call])
    }

    @Test("commands of other screens are left to the shell; the rows are the presenter's")
    func otherCommands() {
        let presenter = RecordingBlackbookPresenter()
        let screen = BlackbookModule.screen(presenter: presenter, view: FakeBlackbookView())
        for command in [Command("fav", [.position(1)]), Command("follow"), Command("note")] {
            #expect(!screen.handle(command) { _ in Issue.record("completed \(command)") })
        }
        #expect(presenter.calls.isEmpty)
        presenter.drawnCount = 4
        #expect(screen.numberedRows == 4 && screen.kind == .blackbook && screen.presentation == .fullScreen)
    }

    @Test("follow and unfollow work on a race's card, and book from anywhere")
    func entries() {
        #expect(BlackbookModule.actions.map(\.entry.name) == ["follow", "unfollow"])
        #expect(BlackbookModule.actions.allSatisfy { $0.entry.screens == [ScreenKind("raceDetail", title: "")] })
        #expect(BlackbookModule.feature.commands.first?.name == "book")
        #expect(BlackbookModule.feature.commands.first?.opens == Destination("blackbook"))
    }
}
