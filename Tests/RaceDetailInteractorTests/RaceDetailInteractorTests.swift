import Core
import Foundation
import RaceData
import RaceDetailInteractor
import TestSupport
import Testing

@MainActor
@Suite("Race detail interactor")
struct RaceDetailInteractorTests {
    @Test("toggles and loads through the favourites store, answering on the main actor")
    func togglesThroughStore() async throws {
        let store = FakeFavourites()
        let interactor = RaceDetailInteractor(favourites: FavouritesAccess(store: store))
        let favourite = FavouriteRace(
            id: "r1", meetingName: "Casino", number: 1, category: .horse, advertisedStart: Date())
        let toggled = await withCheckedContinuation { continuation in
            interactor.toggleFavourite(favourite) { result in
                MainActor.assertIsolated()
                continuation.resume(returning: result)
            }
        }
        #expect(try toggled.get().ids == ["r1"])
        let loaded = await withCheckedContinuation { continuation in
            interactor.loadFavourites { continuation.resume(returning: $0) }
        }
        #expect(try loaded.get().favourites == [favourite])
        #expect(store.toggled == ["r1"])
    }

    @Test("store errors come back as results, not crashes")
    func errors() async {
        let store = FakeFavourites()
        store.fail(with: .unavailable(location: "x", reason: "disk full"))
        let interactor = RaceDetailInteractor(favourites: FavouritesAccess(store: store))
        let result = await withCheckedContinuation { continuation in
            interactor.loadFavourites { continuation.resume(returning: $0) }
        }
        #expect(throws: FavouritesError.unavailable(location: "x", reason: "disk full")) { try result.get() }
    }
}
