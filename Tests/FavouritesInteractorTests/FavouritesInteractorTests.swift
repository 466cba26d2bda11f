import Core
import FavouritesInteractor
import Foundation
import RaceData
import TestSupport
import Testing

@MainActor
@Suite("Favourites interactor")
struct FavouritesInteractorTests {
    @Test("removes through the store and finds races of the last fetch")
    func removeAndLatest() async throws {
        let start = Date(timeIntervalSince1970: 1_748_310_000)
        let favourites = ["a", "b"].map {
            FavouriteRace(id: $0, meetingName: "M", number: 1, category: .horse, advertisedStart: start)
        }
        let store = FakeFavourites(favourites)
        let latest = LatestRaces()
        latest.replace(with: [favourites[1].race])
        let interactor = FavouritesInteractor(favourites: FavouritesAccess(store: store), latestRaces: latest)

        let result = await withCheckedContinuation { continuation in
            interactor.removeFavourites(ids: ["a"]) { continuation.resume(returning: $0) }
        }
        #expect(try result.get().ids == ["b"])
        #expect(interactor.latestRace(id: "b") == favourites[1].race)
        #expect(interactor.latestRace(id: "a") == nil)
    }
}
