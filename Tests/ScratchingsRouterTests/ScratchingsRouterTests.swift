import CommandKit
import Core
import Foundation
import ScratchingsPresenter
import ScratchingsTestSupport
import ScratchingsView
import TestSupport
import Testing

@testable import ScratchingsRouter

@MainActor
@Suite("Scratchings router and screen")
struct ScratchingsRouterTests {
    @Test("`scratchings [WORDS]` opens the screen from any screen; `show N` there; the screen's numbered rows")
    func wayIn() {
        #expect(ScratchingsModule.wayIn.opens == Destination("scratchings") && ScratchingsModule.wayIn.screens == nil)
        #expect(ScratchingsModule.feature.commands.map(\.name) == ["scratchings", "show"])
        #expect(ScratchingsModule.feature.opens == [Destination("raceDetail")])
        let presenter = RecordingScratchingsPresenter()
        let screen = ScratchingsModule.screen(presenter: presenter, view: FakeScratchingsView())
        #expect(screen.kind == .scratchings && screen.presentation == .fullScreen)
    }

    @Test("the router opens a race's sheet as a route to the race detail")
    func opensTheSheet() {
        let navigator = RecordingNavigator()
        navigator.expectNavigation()
        let router = ScratchingsRouter(navigator: navigator)
        let race = Race(id: "r", number: 4, meetingName: "Randwick", category: .horse, advertisedStart: Date())
        var results: [CommandResult] = []
        router.openRaceDetail(race) { results.append($0) }
        #expect(navigator.opened == [AppRoute(Destination("raceDetail"), .race(race))])
        #expect(results == [.success])
    }
}

@MainActor
final class RecordingScratchingsPresenter: ScratchingsModuleInput {
    var calls: [String] = []
    var highestNumber: Int { 0 }
    func show(completion: @escaping CommandCompletion) {
        calls.append("show")
        completion(.success)
    }
    func showLive() { calls.append("showLive") }
    func openRace(number: Int, completion: @escaping CommandCompletion) {
        calls.append("open \(number)")
        completion(.success)
    }
}
