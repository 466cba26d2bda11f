import Core
import Dispatch
import Foundation
import RaceData
import RaceListInteractor
import TestSupport
import Testing

@Suite("Race list interactor")
struct RaceListInteractorTests {
    private static func interactor(
        _ service: FakeRaceService, favourites: FakeFavourites = FakeFavourites(), latest: LatestRaces = LatestRaces()
    ) -> RaceListInteractor {
        RaceListInteractor(service: service, favourites: favourites, latestRaces: latest)
    }

    private static func feed(_ count: Int) -> RaceFeed {
        let clock = ManualClock()
        return RaceFeed(races: (0..<count).map { Race.make("r\($0)", startsIn: Double($0) * 60, from: clock) })
    }

    @Test("a refresh delivers the service's races on the main actor")
    @MainActor
    func deliversOnMain() async throws {
        let service = FakeRaceService(result: .success(Self.feed(3)))
        let interactor = Self.interactor(service)
        let result = await withCheckedContinuation { continuation in
            interactor.refresh { result in
                MainActor.assertIsolated()
                continuation.resume(returning: result)
            }
        }
        #expect(try result.get().races.count == 3)
        #expect(service.fetchCount == 1)
    }

    @Test("service errors reach the caller unchanged")
    @MainActor
    func deliversErrors() async {
        let error = RaceDataError.unavailable(source: "the fake service", reason: "no such file")
        let interactor = Self.interactor(FakeRaceService(result: .failure(error)))
        let result = await withCheckedContinuation { continuation in
            interactor.refresh { continuation.resume(returning: $0) }
        }
        #expect(throws: error) { try result.get() }
    }

    @Test(
        "100 concurrent refreshes against a slow service: at most 2 fetches, never side by side, every caller answered")
    func coalescesConcurrentRefreshes() async {
        let service = FakeRaceService(result: .success(Self.feed(5)), delay: 0.1, gated: true)
        let interactor = Self.interactor(service)
        let answered = LockedValue(0)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for _ in 0..<100 { group.enter() }
            DispatchQueue.concurrentPerform(iterations: 100) { _ in
                interactor.refresh { result in
                    if case .success = result { answered.update { $0 += 1 } }
                    group.leave()
                }
            }
            // Every call has been made while the first fetch is held open.
            service.waitForFetchToStart()
            service.openGate()
            group.notify(queue: .global()) { done.resume() }
        }
        #expect(answered.value == 100)
        #expect(service.fetchCount <= 2)
        // All 100 arrived while one fetch was in flight, so they all joined it.
        #expect(service.fetchCount == 1)
        #expect(service.maximumConcurrentFetches == 1)
    }

    @Test("a refresh after a fetch has finished fetches again")
    @MainActor
    func sequentialRefreshesFetchAgain() async {
        let service = FakeRaceService(result: .success(Self.feed(1)))
        let interactor = Self.interactor(service)
        for _ in 0..<3 {
            await withCheckedContinuation { continuation in
                interactor.refresh { _ in continuation.resume() }
            }
        }
        #expect(service.fetchCount == 3)
    }

    @Test("requests made during a fetch join it and get its result")
    @MainActor
    func joinsInFlightFetch() async {
        let service = FakeRaceService(result: .success(Self.feed(2)), gated: true)
        let interactor = Self.interactor(service)
        let counts = await withCheckedContinuation { (continuation: CheckedContinuation<[Int], Never>) in
            let counts = LockedValue<[Int]>([])
            interactor.refresh { result in
                counts.update { $0.append((try? result.get().races.count) ?? -1) }
            }
            DispatchQueue.global().async {
                service.waitForFetchToStart()
                // The first fetch is under way; this one must not start a second.
                service.answer(.success(Self.feed(4)))
                interactor.refresh { result in
                    counts.update { $0.append((try? result.get().races.count) ?? -1) }
                    continuation.resume(returning: counts.value)
                }
                service.openGate()
            }
        }
        #expect(counts == [2, 2])
        #expect(service.fetchCount == 1)
    }

    @Test("each good fetch is published for the other modules")
    @MainActor
    func publishesLatestRaces() async {
        let latest = LatestRaces()
        let interactor = Self.interactor(FakeRaceService(result: .success(Self.feed(3))), latest: latest)
        await withCheckedContinuation { continuation in
            interactor.refresh { _ in continuation.resume() }
        }
        #expect(latest.race(id: "r2")?.id == "r2")
        #expect(latest.race(id: "r3") == nil)
    }

    @Test("a favourite toggles while a slow fetch is still out")
    @MainActor
    func favouritesDoNotWaitForFetches() async throws {
        let service = FakeRaceService(result: .success(Self.feed(1)), gated: true)
        let favourites = FakeFavourites()
        let interactor = Self.interactor(service, favourites: favourites)
        interactor.refresh { _ in }
        let race = Self.feed(1).races[0]
        #expect(try interactor.toggleFavourite(FavouriteRace(race)).get().ids == ["r0"], "answered at once")
        #expect(service.fetchCount <= 1)
        service.openGate()
        #expect(try favourites.load().ids == ["r0"])
    }

    @Test("the favourites mark their races whole, through the marks the interactor is given")
    @MainActor
    func favouritesAreMarks() throws {
        let favourites = FakeFavourites()
        let interactor = RaceListInteractor(
            service: FakeRaceService(result: .success(Self.feed(2))), favourites: favourites,
            raceMarks: RaceMarks(FavouritesMarker(favourites: favourites)))
        let race = Self.feed(2).races[1]
        _ = try interactor.toggleFavourite(FavouriteRace(race)).get()
        #expect(interactor.markedRaces().isEmpty, "read at the next look, as another copy's change is")
        #expect(interactor.reloadMarks() == nil)
        #expect(interactor.markedRaces().map(\.id) == ["r1"])
        #expect(interactor.marks(inRace: "r1").isEmpty, "a favourite marks no runner")
    }
}

@Suite("Board settings")
struct BoardSettingsTests {
    @Test("kept as the settings file spells them, in its order; an alert nobody chose is not kept")
    func entries() {
        let chosen = BoardSettings(
            categories: [.harness, .greyhound], region: .australia, count: 3, alert: .minutes(10))
        #expect(chosen.summary == "filter greyhound harness, region aus, count 3, alert 10")
        #expect(BoardSettings().summary == "filter all, region all, count 5")
        #expect(BoardSettings(alert: .off).entries.last?.value == "off")
    }
}
