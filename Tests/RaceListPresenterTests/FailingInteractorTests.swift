import Core
import RaceData
import RaceListPresenter
import RaceListTestSupport
import TestSupport
import Testing

/// The presenter on an interactor of failing values: each test says what it expects the presenter to ask for.
@MainActor
@Suite("Race list presenter on a failing interactor")
struct FailingInteractorTests {
    let clock = ManualClock(1_748_310_000)
    let interactor = FailingRaceListInteractor()
    let view = FakeRaceListView()

    func presenter() -> RaceListPresenter {
        RaceListPresenter(
            interactor: interactor, router: FakeRaceListRouter(), view: view, clock: clock,
            scheduler: ManualScheduler(clock: clock), refreshPolicy: .standard)
    }

    @Test("a board asks for the races and the marks, and for nothing else")
    func asksForWhatItDraws() {
        var asked: [String] = []
        interactor.onRefresh = { [clock] completion in
            asked.append("refresh")
            completion(.success(RaceFeed(races: [Race.make("a", meeting: "Ascot", startsIn: 65, from: clock)])))
        }
        interactor.onReloadMarks = {
            asked.append("marks")
            return nil
        }
        let presenter = presenter()
        presenter.start()
        presenter.showList { _ in }
        #expect(view.lastRows == ["R1 Ascot 1m 5s"])
        #expect(asked.first == "refresh" && Set(asked) == ["refresh", "marks"])
    }

    @Test("a call the test did not expect fails it: here the toggle `fav 1` makes")
    func unexpectedCallFails() {
        interactor.onRefresh = { [clock] completion in
            completion(.success(RaceFeed(races: [Race.make("a", startsIn: 65, from: clock)])))
        }
        interactor.onReloadMarks = { nil }
        let presenter = presenter()
        presenter.start()
        presenter.showList { _ in }
        withKnownIssue("toggleFavourite was not set up") {
            presenter.toggleFavourite(position: 1) { _ in }
        }
    }
}
