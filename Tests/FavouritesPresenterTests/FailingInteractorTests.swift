import Core
import FavouritesPresenter
import FavouritesTestSupport
import Foundation
import RaceData
import TestSupport
import Testing

/// The favourites presenter on an interactor of failing values.
@MainActor
@Suite("Favourites presenter on a failing interactor")
struct FavouritesFailingInteractorTests {
    @Test("drawing the favourites reads them and prunes none still to come; `unfav 1` removes exactly that one")
    func readsThenRemoves() {
        let clock = ManualClock(1_748_310_000)
        let saved = FavouriteRace(
            id: "a", meetingName: "Casino", number: 10, category: .greyhound,
            advertisedStart: Date(timeIntervalSince1970: 1_748_310_300))
        let interactor = FailingFavouritesInteractor()
        interactor.onLoadFavourites = { .success(FavouritesState(favourites: [saved])) }
        var removed: [Set<String>] = []
        interactor.onRemoveFavourites = { ids in
            removed.append(ids)
            return .success(FavouritesState(favourites: []))
        }
        let view = FakeFavouritesView()
        let presenter = FavouritesPresenter(
            interactor: interactor, router: FakeFavouritesRouter(), view: view, clock: clock)
        presenter.show { _ in }
        #expect(view.rows.count == 1, "a race still to come is not pruned: pruneFavourites would fail the test")
        presenter.unfavourite(position: 1) { _ in }
        #expect(removed == [["a"]])
    }
}
