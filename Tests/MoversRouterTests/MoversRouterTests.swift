import Core
import Foundation
import MoversPresenter
import MoversTestSupport
import MoversView
import TestSupport
import Testing

@testable import MoversRouter

@MainActor
@Suite("Movers router and screen")
struct MoversRouterTests {
    @Test("`movers` opens the movers from any screen; its screen draws through the presenter")
    func wayIn() {
        #expect(MoversModule.wayIn.opens == Destination("movers") && MoversModule.wayIn.screens == nil)
        #expect(MoversModule.feature.commands.map(\.name) == ["movers"])
        let screen = MoversModule.screen(presenter: RecordingMoversPresenter(), view: FakeMoversView())
        #expect(screen.kind == .movers && screen.presentation == .fullScreen)
    }
}

@MainActor
final class RecordingMoversPresenter: MoversModuleInput {
    var calls: [String] = []
    func show(completion: @escaping CommandCompletion) {
        calls.append("show")
        completion(.success)
    }
    func showLive() { calls.append("showLive") }
}
