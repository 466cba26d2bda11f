import Core
import Foundation
import MoversInteractor
import MoversPresenter
import MoversTestSupport
import MoversView
import RaceData
import TestSupport
import Testing

@MainActor
@Suite("Movers presenter")
struct MoversPresenterTests {
    let clock = ManualClock(1_748_310_000)
    let interactor = FakeMoversInteractor()
    let view = FakeMoversView()

    private func presenter() -> MoversPresenter {
        MoversPresenter(interactor: interactor, router: FakeMoversRouter(), view: view, clock: clock)
    }

    private func market(_ id: String, startsIn: TimeInterval, _ runners: [Runner]?) -> MarketRace {
        MarketRace(
            race: Race.make(id, number: 3, meeting: "Flemington \(id)", startsIn: startsIn, from: clock),
            card: runners.map { RaceCard(raceID: id, runners: $0) })
    }

    @Test("the most backed and most eased since their markets opened, by percent; the rest left out")
    func ranks() throws {
        let presenter = presenter()
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        #expect(interactor.requests.count == 1)
        var timed = RunnerForm()
        timed.priceHistory = [PricePoint(price: 10, at: nil), PricePoint(price: 6, at: nil)]
        interactor.answer(
            .success([
                market(
                    "a", startsIn: 250,
                    [
                        Runner(number: 1, name: "Backed", fixedWin: 5, flucs: [8.5, 6, 5]),
                        Runner(number: 2, name: "Eased", fixedWin: 13, flucs: [9, 13]),
                        Runner(number: 3, name: "Steady", fixedWin: 4, flucs: [4]),
                        Runner(number: 4, name: "Gone", scratching: .scratched),
                        Runner(number: 5, name: "Opened On Card", fixedWin: 5, flucs: [6, 5], form: timed),
                    ]),
                market("b", startsIn: 600, nil),
            ]))
        #expect(results == [.success])
        let model = try #require(view.last)
        #expect(model.title == "Market movers - the next 2 races")
        #expect(model.firming.map(\.runner) == ["5 Opened On Card", "1 Backed"], "from the card's opening price")
        #expect(model.firming.map(\.change) == ["-50%", "-41%"])
        #expect(model.firming.last?.opened == "8.50" && model.firming.last?.now == "5.00")
        #expect(model.firming.last?.race == "Flemington a R3" && model.firming.last?.countdown == "4m 10s")
        #expect(model.drifting.map(\.runner) == ["2 Eased"] && model.drifting.first?.change == "+44%")
        #expect(model.footnote.hasSuffix("1 had no race card yet."))
        // Drawn again live: the countdowns move, nothing is fetched.
        clock.advance(by: 10)
        presenter.showLive()
        #expect(view.last?.firming.last?.countdown == "4m 0s" && interactor.requests.isEmpty)
    }

    @Test("at most five a side; a failed fetch is said, with the source's status")
    func limitsAndFailure() {
        let presenter = presenter()
        presenter.show { _ in }
        let runners = (1...12).map { Runner(number: $0, name: "R\($0)", fixedWin: 2, flucs: [Double($0) + 2, 2]) }
        interactor.answer(.success([market("a", startsIn: 100, runners)]))
        #expect(view.last?.firming.count == MoversPresenter.rowsEach)
        #expect(view.last?.firming.first?.runner == "12 R12", "the biggest move first")
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        interactor.answer(.failure(.unavailable(source: "x", reason: "down")))
        #expect(results == [.failure(.unavailable)] && view.errors.count == 1)
    }
}
