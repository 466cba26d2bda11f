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

    @Test("the most backed and most eased since their markets opened, by points of chance; the rest left out")
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
        #expect(model.firming.map(\.change) == ["+10.0 pts", "+8.2 pts"])
        #expect(model.firming.map(\.points) == [10, 8.2] && model.firming.map(\.percent) == [-50, -41])
        #expect(model.firming.last?.opened == "8.50" && model.firming.last?.now == "5.00")
        #expect(model.firming.last?.race == "Flemington a R3" && model.firming.last?.countdown == "4m 10s")
        #expect(model.drifting.map(\.runner) == ["2 Eased"] && model.drifting.first?.change == "-3.4 pts")
        #expect(model.footnote.hasSuffix("1 had no race card yet."))
        // Drawn again live: the countdowns move, nothing is fetched.
        clock.advance(by: 10)
        presenter.showLive()
        #expect(view.last?.firming.last?.countdown == "4m 0s" && interactor.requests.isEmpty)
    }

    @Test("ranked by the change in chance, not in price: a favourite 3.00 -> 2.60 (+5.1) over 34.00 -> 17.00 (+2.9)")
    func ranksByChance() throws {
        let presenter = presenter()
        presenter.show { _ in }
        interactor.answer(
            .success([
                market(
                    "a", startsIn: 250,
                    [
                        Runner(number: 1, name: "Outsider", fixedWin: 17, flucs: [34, 17]),
                        Runner(number: 2, name: "Favourite", fixedWin: 2.6, flucs: [3, 2.6]),
                        Runner(number: 3, name: "Long Drift", fixedWin: 101, flucs: [51, 101]),
                        Runner(number: 4, name: "Short Drift", fixedWin: 2.2, flucs: [2, 2.2]),
                        Runner(number: 5, name: "Barely", fixedWin: 201, flucs: [200, 201]),
                    ])
            ]))
        let model = try #require(view.last)
        #expect(model.firming.map(\.runner) == ["2 Favourite", "1 Outsider"])
        #expect(model.firming.map(\.change) == ["+5.1 pts", "+2.9 pts"])
        // 2.00 -> 2.20 is -4.5 points, 51 -> 101 only -1.0, though its price doubled.
        #expect(model.drifting.map(\.runner) == ["4 Short Drift", "3 Long Drift"], "a move under 0.05 points is none")
        #expect(model.drifting.map(\.change) == ["-4.5 pts", "-1.0 pts"])
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

    @Test("at a terminal the prompt is back after the first wait: what is read so far, then the rest as it comes")
    func drawsBeforeEveryCard() throws {
        let scheduler = ManualScheduler(clock: clock)
        var presenter: MoversPresenter? = MoversPresenter(
            interactor: interactor, router: FakeMoversRouter(), view: view, clock: clock, firstWait: 0.5,
            scheduler: scheduler)
        var results: [CommandResult] = []
        presenter?.show { results.append($0) }
        let backed = [Runner(number: 1, name: "Backed", fixedWin: 5, flucs: [8, 5])]
        interactor.soFar = [market("a", startsIn: 250, backed), market("b", startsIn: 600, nil)]
        scheduler.advance(by: 0.4)
        #expect(results.isEmpty && view.displayed.isEmpty, "still within the first wait")
        scheduler.advance(by: 0.1)
        #expect(results == [.success], "the prompt is back though a card is still out")
        #expect(view.last?.firming.map(\.runner) == ["1 Backed"])
        #expect(view.last?.footnote == "Reading race cards: 1 of 2 read so far...")
        // The rest comes: the live region draws it as the next second turns; the command is not finished twice.
        interactor.answer(.success([market("a", startsIn: 250, backed), market("b", startsIn: 600, backed)]))
        #expect(results == [.success] && view.displayed.count == 1)
        presenter?.showLive()
        #expect(view.last?.firming.count == 2 && view.last?.footnote.hasPrefix("From the fixed prices") == true)
        // Closed, it stops reading what no one will see.
        presenter = nil
        #expect(interactor.stops == 1)
    }

    @Test("at a terminal a fetch that fails after the first draw is said in the footnote; before it, as an error")
    func failureAfterFirstDraw() {
        let scheduler = ManualScheduler(clock: clock)
        let presenter = MoversPresenter(
            interactor: interactor, router: FakeMoversRouter(), view: view, clock: clock, firstWait: 0.5,
            scheduler: scheduler)
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        scheduler.advance(by: 0.5)
        #expect(results == [.success] && view.last?.footnote == "Reading the next races and their cards...")
        interactor.answer(.failure(.unavailable(source: "x", reason: "down")))
        presenter.showLive()
        #expect(view.last?.footnote.hasPrefix("The race cards could not be read: ") == true && view.errors.isEmpty)
        presenter.show { results.append($0) }
        interactor.answer(.failure(.unavailable(source: "x", reason: "down")))
        #expect(results == [.success, .failure(.unavailable)] && view.errors.count == 1)
        #expect(scheduler.pendingDelays.isEmpty, "the first wait's timer is let go with the answer")
    }
}
