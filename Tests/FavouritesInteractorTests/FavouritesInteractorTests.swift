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
        let interactor = FavouritesInteractor(favourites: store, latestRaces: latest)

        #expect(try interactor.removeFavourites(ids: ["a"]).get().ids == ["b"])
        let found = await withCheckedContinuation { continuation in
            interactor.latestRace(id: "b") { continuation.resume(returning: $0) }
        }
        #expect(found == favourites[1].race)
    }

    @Test("a lookup made while a fetch is out waits for that fetch")
    func lookupWaitsForFetch() async {
        let latest = LatestRaces()
        let interactor = FavouritesInteractor(
            favourites: FakeFavourites(), latestRaces: latest)
        let race = Race(id: "r", number: 1, meetingName: "M", category: .horse, advertisedStart: Date())
        latest.fetchStarted()
        let found = await withCheckedContinuation { continuation in
            interactor.latestRace(id: "r") { continuation.resume(returning: $0) }
            latest.fetchFinished(with: [race])
        }
        #expect(found == race)
    }
}
