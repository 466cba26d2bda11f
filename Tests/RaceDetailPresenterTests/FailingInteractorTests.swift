import Core
import Foundation
import Platform
import RaceData
import RaceDetailPresenter
import RaceDetailTestSupport
import TestSupport
import Testing

/// The sheet's presenter on an interactor of failing values.
@MainActor
@Suite("Race detail presenter on a failing interactor")
struct RaceDetailFailingInteractorTests {
    @Test("a sheet with no card source asks for the marks and a card, and `fav` toggles this race")
    func asksForTheCardAndFavourites() {
        let clock = ManualClock(1_748_310_000)
        let race = Race.make("r1", startsIn: 300, from: clock)
        let interactor = FailingRaceDetailInteractor()
        interactor.onReloadMarks = { nil }
        interactor.onIsFavourite = { _ in false }
        interactor.onFetchCard = { completion in completion(.success(nil)) }
        var toggled: [String] = []
        interactor.onToggleFavourite = { favourite in
            toggled.append(favourite.id)
            return .success(FavouritesState(favourites: [favourite]))
        }
        let view = FakeRaceDetailView()
        let presenter = RaceDetailPresenter(
            race: race, interactor: interactor, router: FakeRaceDetailRouter(), view: view, clock: clock,
            timeZone: LocalZone(identifier: "UTC")!, scheduler: ManualScheduler(clock: clock))
        presenter.show { _ in }
        #expect(view.last != nil)
        presenter.toggleFavourite { _ in }
        #expect(toggled == ["r1"])
    }
}
