import Core
import Dispatch
import Foundation
import RaceData
import RaceDetailInteractor
import TestSupport
import Testing

@MainActor
@Suite("Race detail interactor")
struct RaceDetailInteractorTests {
    private static func interactor(cards: (any RaceCardService)?) -> RaceDetailInteractor {
        RaceDetailInteractor(raceID: "r1", cards: cards, favourites: FakeFavourites())
    }

    @Test("toggles and loads through the favourites repository, answering at once")
    func togglesThroughStore() throws {
        let store = FakeFavourites()
        let interactor = RaceDetailInteractor(raceID: "r1", cards: nil, favourites: store)
        let favourite = FavouriteRace(
            id: "r1", meetingName: "Casino", number: 1, category: .horse, advertisedStart: Date())
        #expect(try interactor.toggleFavourite(favourite).get().ids == ["r1"])
        #expect(interactor.reloadMarks() == nil, "the favourites are read as marks")
        #expect(interactor.isFavourite(raceID: "r1") && !interactor.isFavourite(raceID: "r2"))
        #expect(try store.load().favourites == [favourite])
        #expect(store.toggled == ["r1"])
    }

    @Test("store errors come back as results and warnings, not crashes")
    func errors() {
        let store = FakeFavourites()
        store.fail(with: .unavailable(location: "x", reason: "disk full"))
        let interactor = RaceDetailInteractor(raceID: "r1", cards: nil, favourites: store)
        let favourite = FavouriteRace(
            id: "r1", meetingName: "Casino", number: 1, category: .horse, advertisedStart: Date())
        #expect(throws: FavouritesError.unavailable(location: "x", reason: "disk full")) {
            try interactor.toggleFavourite(favourite).get()
        }
        #expect(interactor.reloadMarks() == FavouritesError.unavailable(location: "x", reason: "disk full").description)
        #expect(!interactor.isFavourite(raceID: "r1"))
    }

    @Test("the card comes from the card service on the interactor's queue, answered on the main actor")
    func fetchesCard() async throws {
        let cards = SlowCardService(delay: 0)
        let interactor = Self.interactor(cards: cards)
        let result = await withCheckedContinuation { continuation in
            interactor.fetchCard { result in
                MainActor.assertIsolated()
                continuation.resume(returning: result)
            }
        }
        #expect(try result.get()?.raceID == "r1")
        #expect(interactor.cardSourceDescription == "slow cards")
        #expect(cards.asked == ["r1"])
    }

    @Test("requests made while a card fetch is out join it: never two side by side, every caller answered")
    func coalesces() async throws {
        let cards = SlowCardService(delay: 0.2)
        let interactor = Self.interactor(cards: cards)
        let answers = await withCheckedContinuation { continuation in
            var results: [Result<RaceCard?, RaceDataError>] = []
            for _ in 0..<20 {
                interactor.fetchCard { result in
                    results.append(result)
                    if results.count == 20 { continuation.resume(returning: results) }
                }
            }
        }
        #expect(answers.count == 20)
        #expect(cards.asked.count == 1)
        #expect(cards.mostAtOnce == 1)
    }

    @Test("without a card source the answer is no card, at once")
    func noSource() async throws {
        let interactor = Self.interactor(cards: nil)
        let result = await withCheckedContinuation { continuation in
            interactor.fetchCard { continuation.resume(returning: $0) }
        }
        #expect(try result.get() == nil)
        #expect(interactor.cardSourceDescription == nil)
    }
}

/// A card service that takes `delay` seconds, counting requests and how many ran at once.
final class SlowCardService: RaceCardService, @unchecked Sendable {
    private let delay: TimeInterval
    private let lock = NSLock()
    private var running = 0
    private var _asked: [String] = []
    private var _mostAtOnce = 0

    init(delay: TimeInterval) { self.delay = delay }

    var sourceDescription: String { "slow cards" }
    var asked: [String] { lock.withLock { _asked } }
    var mostAtOnce: Int { lock.withLock { _mostAtOnce } }

    func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        lock.withLock {
            _asked.append(id)
            running += 1
            _mostAtOnce = max(_mostAtOnce, running)
        }
        Thread.sleep(forTimeInterval: delay)
        lock.withLock { running -= 1 }
        return RaceCard(raceID: id, runners: [Runner(number: 1, name: "One")])
    }
}
