import Core
import FavouritesInteractor
import FavouritesPresenter
import FavouritesTestSupport
import FavouritesView
import Foundation
import RaceData
import TestSupport
import Testing

@MainActor
@Suite("Favourites presenter")
struct FavouritesPresenterTests {
    let clock = ManualClock(1_748_310_000)
    let view = FakeFavouritesView()
    let router = FakeFavouritesRouter()

    private func favourite(_ id: String, _ seconds: TimeInterval, meeting: String? = nil, number: Int = 1)
        -> FavouriteRace
    {
        FavouriteRace(
            id: id, meetingName: meeting ?? id, number: number, category: .horse,
            advertisedStart: clock.now().addingTimeInterval(seconds))
    }

    private func make(_ favourites: [FavouriteRace], clock: (any WallClock)? = nil)
        -> (FavouritesPresenter, FakeFavouritesInteractor)
    {
        let interactor = FakeFavouritesInteractor(favourites)
        return (
            FavouritesPresenter(interactor: interactor, router: router, view: view, clock: clock ?? self.clock),
            interactor
        )
    }

    private func run(_ command: (@escaping CommandCompletion) -> Void) -> [CommandResult] {
        var results: [CommandResult] = []
        command { results.append($0) }
        return results
    }

    @Test("sorted by start, with the countdown or how long ago the race jumped")
    func ordering() {
        let (presenter, _) = make([
            favourite("later", 245), favourite("jumped", -185), favourite("soon", 22), favourite("ages", -7300),
            favourite("tie-b", 22, meeting: "b"), favourite("tie-a", 22, meeting: "a", number: 2),
        ])
        #expect(run(presenter.show) == [.success])
        #expect(
            view.rows == [
                "1 ages R1 jumped 2h 1m ago", "2 jumped R1 jumped 3m ago", "3 a R2 22s", "4 b R1 22s",
                "5 soon R1 22s", "6 later R1 4m 5s",
            ])
    }

    @Test(
        "jumped wording at the boundaries",
        arguments: [
            (0, "jumped 0s ago"), (-59, "jumped 59s ago"), (-60, "jumped 1m ago"), (-3599, "jumped 59m ago"),
            (-3600, "jumped 1h 0m ago"), (1, "1s"),
        ])
    func jumpedWording(seconds: Int, expected: String) {
        let (presenter, _) = make([favourite("a", TimeInterval(seconds))])
        _ = run(presenter.show)
        #expect(view.rows == ["1 a R1 \(expected)"])
    }

    @Test("favourites that jumped more than 24 h ago are pruned for good; exactly 24 h is kept")
    func pruning() {
        let (presenter, interactor) = make([
            favourite("day", -86_400), favourite("dayAndASecond", -86_401), favourite("old", -200_000),
            favourite("new", 100),
        ])
        #expect(run(presenter.show) == [.success])
        #expect(interactor.pruned == [["dayAndASecond", "old"]], "a prune: the store keeps a copy first")
        #expect(interactor.favourites.ids == ["day", "new"])
        #expect(view.rows.count == 2)
        #expect(view.displayed.count == 1)
    }

    @Test(
        "by a clock set by hand (--now, --start-at) nothing is pruned, however old it looks: it says nothing of today")
    func pinnedClockPrunesNothing() {
        let (presenter, interactor) = make(
            [favourite("old", -200_000), favourite("new", 100)], clock: FixedClock(clock.now()))
        #expect(run(presenter.show) == [.success])
        #expect(interactor.pruned.isEmpty && interactor.favourites.removed.isEmpty)
        #expect(view.rows == ["1 old R1 jumped 2d 7h ago", "2 new R1 1m 40s"])

        let started = StartedClock(startingAt: clock.now(), base: ManualClock())
        let (running, itsInteractor) = make([favourite("old", -200_000)], clock: started)
        #expect(run(running.show) == [.success])
        #expect(itsInteractor.pruned.isEmpty)
    }

    @Test("nothing is removed when nothing is stale")
    func noPruning() {
        let (presenter, interactor) = make([favourite("a", -3600)])
        _ = run(presenter.show)
        #expect(interactor.favourites.removed.isEmpty)
    }

    @Test("empty: says how to add one")
    func empty() {
        let (presenter, _) = make([])
        _ = run(presenter.show)
        #expect(view.displayed.last?.content == .empty(message: FavouritesPresenter.emptyMessage))
    }

    @Test("unfav N removes the favourite shown at N and redraws")
    func unfavourite() {
        let (presenter, interactor) = make([favourite("b", 200), favourite("a", 100)])
        _ = run(presenter.show)
        #expect(run { presenter.unfavourite(position: 2, completion: $0) } == [.success])
        #expect(interactor.favourites.ids == ["a"])
        #expect(view.rows == ["1 a R1 1m 40s"])
    }

    @Test("bad N is a usage error naming the range")
    func badPosition() {
        let (presenter, interactor) = make([favourite("a", 100), favourite("b", 200)])
        _ = run(presenter.show)
        #expect(run { presenter.unfavourite(position: 3, completion: $0) } == [.failure(.usage)])
        #expect(run { presenter.openRace(position: 0, completion: $0) } == [.failure(.usage)])
        #expect(
            view.errors == [
                "There is no race 3 on the favourites list; choose 1 to 2.",
                "There is no race 0 on the favourites list; choose 1 to 2.",
            ])
        #expect(interactor.favourites.removed.isEmpty)
    }

    @Test("show N opens the race as the feed has it, or as saved once it has left the feed")
    func openRace() {
        let (presenter, interactor) = make([favourite("a", 100), favourite("b", 200)])
        let full = Race(
            id: "b", number: 1, name: "Full", meetingName: "b", category: .horse,
            advertisedStart: clock.now().addingTimeInterval(200), form: RaceForm(comment: "From the feed"))
        interactor.latest = ["b": full]
        _ = run(presenter.show)
        router.expectNavigation()
        _ = run { presenter.openRace(position: 2, completion: $0) }
        _ = run { presenter.openRace(position: 1, completion: $0) }
        #expect(router.opened.map(\.form.comment) == ["From the feed", nil])
        #expect(router.opened.last == favourite("a", 100).race)
    }

    @Test("store failures and warnings reach the user")
    func failures() {
        let (presenter, interactor) = make([favourite("a", 100)])
        interactor.favourites.warnOnce("Warning: set aside")
        _ = run(presenter.show)
        #expect(view.warnings == ["Warning: set aside"])
        interactor.favourites.fail(with: .unavailable(location: "f", reason: "disk full"))
        #expect(run { presenter.unfavourite(position: 1, completion: $0) } == [.failure(.cannotSave)])
        #expect(view.errors == ["Could not update favourites in f: disk full. Nothing saved was lost."])
    }

    @Test("drawn live: at once with the countdowns moved on; a favourite added elsewhere shows a second later")
    func live() throws {
        let (presenter, interactor) = make([favourite("a", 90)])
        #expect(run(presenter.show) == [.success])
        clock.advance(by: 1)
        presenter.showLive()
        #expect(view.rows == ["1 a R1 1m 29s"])
        // Another copy adds one: the next live draw has it, and `show 1` means what that draw showed.
        _ = try interactor.favourites.toggle(favourite("b", 30))
        clock.advance(by: 1)
        presenter.showLive()
        #expect(view.rows == ["1 a R1 1m 28s"], "the store is read for the next second, not waited for")
        clock.advance(by: 1)
        presenter.showLive()
        #expect(view.rows == ["1 b R1 28s", "2 a R1 1m 27s"])
        router.expectNavigation()
        #expect(run { presenter.openRace(position: 1, completion: $0) } == [.success])
        #expect(router.opened.map(\.id) == ["b"])
    }
}
