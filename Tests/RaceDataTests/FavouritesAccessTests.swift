import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// `FavouritesAccess` on the main actor, with and without gathering a script's changes (group commit).
@Suite("Favourites access")
@MainActor
struct FavouritesAccessTests {
    private func favourite(_ id: String) -> FavouriteRace {
        FavouriteRace(
            id: id, meetingName: "Casino", number: 10, category: .greyhound,
            advertisedStart: Date(timeIntervalSince1970: 1_748_310_300), name: "Race 10")
    }

    /// The ids a call answered with, answered before it returned.
    private func answer(_ call: (@escaping FavouritesCompletion) -> Void) -> Result<[String], FavouritesError>? {
        var answer: Result<[String], FavouritesError>?
        call { result in answer = result.map { $0.favourites.map(\.id) } }
        return answer
    }

    @Test("gathering: the first change is saved at once, the rest answered from memory and saved at the commit")
    func gathersChanges() throws {
        let store = FakeFavourites()
        let access = FavouritesAccess(store: store, execution: .mainActor(deferringWrites: true))
        #expect(try answer { access.toggle(favourite("a"), completion: $0) }?.get() == ["a"])
        #expect(store.toggled == ["a"], "saved at once: a store that cannot save says so on this command")
        #expect(try answer { access.toggle(favourite("b"), completion: $0) }?.get() == ["a", "b"])
        #expect(try answer { access.toggle(favourite("a"), completion: $0) }?.get() == ["b"])
        #expect(try answer { access.load(completion: $0) }?.get() == ["b"])
        #expect(store.toggled == ["a"], "kept in memory until the commit")

        #expect(access.commitDeferred() == nil)
        #expect(store.toggled == ["a", "b", "a"])
        #expect(store.ids == ["b"])
        #expect(access.commitDeferred() == nil, "nothing left to save")
        // After a commit the next change is saved at once again.
        #expect(try answer { access.toggle(favourite("c"), completion: $0) }?.get() == ["b", "c"])
        #expect(store.toggled == ["a", "b", "a", "c"])
    }

    @Test("gathering: at the cap, a change answered from memory is refused as the store would refuse it")
    func gatheredChangeAtTheCap() throws {
        let store = FakeFavourites()
        let access = FavouritesAccess(store: store, execution: .mainActor(deferringWrites: true))
        let most = FavouritesChange.maximumFavourites
        // The first change is saved at once and the store held; the next ones are answered from memory.
        for index in 0..<most {
            #expect(throws: Never.self) { try answer { access.toggle(favourite("f\(index)"), completion: $0) }?.get() }
        }
        #expect(store.toggled == ["f0"], "only the first reached the store before the commit")
        let refused = try #require(answer { access.toggle(favourite("one-too-many"), completion: $0) })
        #expect(throws: FavouritesError.self) { try refused.get() }
        if case .failure(let error) = refused { #expect(error.reason.hasPrefix("it holds 1000 favourites")) }
        // Taking one away is never refused, and makes room again.
        #expect(try answer { access.toggle(favourite("f0"), completion: $0) }?.get().count == most - 1)
        #expect(try answer { access.toggle(favourite("one-too-many"), completion: $0) }?.get().count == most)
        #expect(access.commitDeferred() == nil)
        #expect(store.ids.count == most)
        #expect(store.ids.contains("one-too-many"))
        #expect(!store.ids.contains("f0"))
    }

    @Test("a commit that fails says how many changes were lost, and the store is read again after it")
    func failedCommit() throws {
        let store = FakeFavourites()
        let access = FavouritesAccess(store: store, execution: .mainActor(deferringWrites: true))
        _ = answer { access.toggle(favourite("a"), completion: $0) }
        _ = answer { access.toggle(favourite("b"), completion: $0) }
        _ = answer { access.toggle(favourite("c"), completion: $0) }
        let failure = FavouritesError.unavailable(location: "memory", reason: "disk full")
        store.fail(with: failure)
        #expect(
            access.commitDeferred()
                == .unavailable(location: "memory", reason: "disk full; the last 2 favourite changes were not saved"))
        store.fail(with: nil)
        #expect(try answer { access.load(completion: $0) }?.get() == ["a"], "what the store holds, not memory")
    }

    @Test("without gathering, every change is saved before it answers")
    func savesEachChange() throws {
        let store = FakeFavourites()
        let access = FavouritesAccess(store: store, execution: .mainActor(deferringWrites: false))
        _ = answer { access.toggle(favourite("a"), completion: $0) }
        _ = answer { access.toggle(favourite("b"), completion: $0) }
        _ = answer { access.remove(ids: ["a"], completion: $0) }
        #expect(store.toggled == ["a", "b"])
        #expect(store.removed == [["a"]])
        #expect(store.ids == ["b"])
        #expect(access.commitDeferred() == nil)
    }

    @Test("while one process holds the file, another's change waits, then lands on top: answers stay true")
    func holdKeepsOthersOut() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock(1_748_310_000)
        let holder = FileFavouritesStore(directory: directory.url, clock: clock)
        // Another descriptor of the lock file: to flock, as good as another process.
        let other = FileFavouritesStore(directory: directory.url, clock: clock)
        try holder.hold()
        _ = try holder.apply([.toggle(favourite("a"))])
        let otherDone = LockedValue<[String]?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let change = FavouritesChange.toggle(favourite("a"))
        Thread.detachNewThread {
            let ids = try? other.apply([change]).favourites.map(\.id)
            otherDone.update { $0 = ids }
            finished.signal()
        }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(otherDone.value == nil, "waits while the file is held")
        _ = try holder.apply([.toggle(favourite("b"))])
        holder.release()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(otherDone.value == ["b"], "its toggle of a applied after the holder's a and b")
    }

    @Test("the file store makes any number of changes in one write, and none for changes that change nothing")
    func fileStoreApply() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileFavouritesStore(directory: directory.url, clock: ManualClock(1_748_310_000))
        let state = try store.apply([.toggle(favourite("a")), .toggle(favourite("b")), .remove(["a"])])
        #expect(state.favourites.map(\.id) == ["b"])
        #expect(try store.load().favourites.map(\.id) == ["b"])
        let written = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        _ = try store.apply([.remove(["nope"])])
        #expect(
            try FileManager.default.attributesOfItem(atPath: store.fileURL.path)[.systemFileNumber] as? Int
                == written[.systemFileNumber] as? Int, "not written again")
    }
}
