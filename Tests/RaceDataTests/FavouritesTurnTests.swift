import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// `FileFavourites` gathering a piped script's changes: one transaction a turn.
@Suite("Favourites turns")
@MainActor
struct FavouritesTurnTests {
    let directory: TemporaryDirectory
    let clock = ManualClock(1_748_310_000)

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func favourite(_ id: String) -> FavouriteRace {
        FavouriteRace(
            id: id, meetingName: "Casino", number: 10, category: .greyhound,
            advertisedStart: Date(timeIntervalSince1970: 1_748_310_300), name: "Race 10")
    }

    /// A gathering repository has its first turn begun, as the input loop begins one for each batch.
    private func repository(gathering: Bool, patience: Duration = .seconds(3)) -> FileFavourites {
        let repository = FileFavourites(
            directory: directory.url, clock: clock, lockPatience: patience, gathersChanges: gathering)
        if gathering { repository.beginTurn() }
        return repository
    }

    /// The ids the file holds, read by a repository of its own (as another process would).
    private func idsOnDisk() throws -> [String] {
        try repository(gathering: false).load().favourites.map(\.id)
    }

    private func inode() throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: directory.url.appendingPathComponent("favourites.json").path)[
            .systemFileNumber] as? Int
    }

    @Test("gathering: a turn's changes are answered from memory and written once, when the turn ends")
    func gathersChanges() throws {
        defer { directory.remove() }
        let favourites = repository(gathering: true)
        #expect(try favourites.toggle(favourite("a")).favourites.map(\.id) == ["a"])
        #expect(try favourites.toggle(favourite("b")).favourites.map(\.id) == ["a", "b"])
        #expect(try favourites.toggle(favourite("a")).favourites.map(\.id) == ["b"])
        #expect(try favourites.load().favourites.map(\.id) == ["b"])
        #expect(!FileManager.default.fileExists(atPath: favourites.fileURL.path), "nothing written within the turn")

        #expect(favourites.endTurn() == nil)
        favourites.beginTurn()
        #expect(try idsOnDisk() == ["b"])
        let written = try inode()
        #expect(favourites.endTurn() == nil, "nothing left to save")
        favourites.beginTurn()
        #expect(try inode() == written, "and nothing written again")

        // A turn whose changes cancel out writes nothing.
        _ = try favourites.toggle(favourite("c"))
        _ = try favourites.toggle(favourite("c"))
        #expect(favourites.endTurn() == nil)
        favourites.beginTurn()
        #expect(try inode() == written)
    }

    @Test("gathering: at the cap, a change answered from memory is refused as a saved one would be")
    func gatheredChangeAtTheCap() throws {
        defer { directory.remove() }
        let favourites = repository(gathering: true)
        let most = FavouritesChange.maximumFavourites
        for index in 0..<most {
            #expect(throws: Never.self) { try favourites.toggle(favourite("f\(index)")) }
        }
        #expect(throws: FavouritesError.self) { try favourites.toggle(favourite("one-too-many")) }
        do {
            _ = try favourites.toggle(favourite("one-too-many"))
        } catch {
            #expect(error.reason.hasPrefix("it holds 1000 favourites"))
        }
        // Taking one away is never refused, and makes room again.
        #expect(try favourites.toggle(favourite("f0")).favourites.count == most - 1)
        #expect(try favourites.toggle(favourite("one-too-many")).favourites.count == most)
        #expect(favourites.endTurn() == nil)
        favourites.beginTurn()
        let saved = try idsOnDisk()
        #expect(saved.count == most)
        #expect(saved.contains("one-too-many") && !saved.contains("f0"))
    }

    @Test("a turn that cannot be saved says how many changes were lost, and the file is read again after it")
    func failedTurn() throws {
        defer { directory.remove() }
        let favourites = repository(gathering: true)
        _ = try favourites.toggle(favourite("a"))
        #expect(favourites.endTurn() == nil)
        favourites.beginTurn()
        _ = try favourites.toggle(favourite("b"))
        _ = try favourites.toggle(favourite("c"))
        // A folder where the write's temporary file would go: the write fails, whoever runs the test.
        let blocker = directory.url.appendingPathComponent(".favourites.json.tmp-\(getpid())")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        let failure = try #require(favourites.endTurn())
        favourites.beginTurn()
        #expect(failure.reason.hasSuffix("; the last 2 favourite changes were not saved"), "\(failure.reason)")
        try FileManager.default.removeItem(at: blocker)
        #expect(try favourites.load().favourites.map(\.id) == ["a"], "what the file holds, not memory")
    }

    @Test("without gathering, every change is written before it answers")
    func savesEachChange() throws {
        defer { directory.remove() }
        let favourites = repository(gathering: false)
        _ = try favourites.toggle(favourite("a"))
        #expect(try idsOnDisk() == ["a"])
        _ = try favourites.toggle(favourite("b"))
        _ = try favourites.remove(ids: ["a"])
        #expect(try idsOnDisk() == ["b"])
        #expect(favourites.endTurn() == nil, "no turn to end")
        favourites.beginTurn()
    }

    @Test(
        "while a turn is open the file is this process's: another's change waits, fails past its patience, then lands on top"
    )
    func turnKeepsOthersOut() throws {
        defer { directory.remove() }
        let holder = repository(gathering: true)
        // Another descriptor of the lock file: to flock, as good as another process.
        let other = repository(gathering: false, patience: .milliseconds(300))
        _ = try holder.toggle(favourite("a"))
        _ = try holder.toggle(favourite("b"))
        #expect(throws: FavouritesError.self) { try other.toggle(favourite("a")) }
        #expect(holder.endTurn() == nil)
        holder.beginTurn()
        #expect(try other.toggle(favourite("a")).favourites.map(\.id) == ["b"], "its toggle of a after a and b")
        #expect(try holder.load().favourites.map(\.id) == ["b"], "the holder sees it on its next look")
    }

    @Test("gathering: a turn looks at the file once; the next turn sees what another process saved meanwhile")
    func oneLookATurn() throws {
        defer { directory.remove() }
        let favourites = repository(gathering: true)
        let other = repository(gathering: false)
        #expect(try favourites.load().favourites.isEmpty)
        _ = try other.toggle(favourite("a"))
        #expect(try favourites.load().favourites.isEmpty, "the turn's look stands until the turn ends")
        #expect(favourites.endTurn() == nil)
        favourites.beginTurn()
        #expect(try favourites.load().favourites.map(\.id) == ["a"])
    }

    @Test("gathering, between turns (a watch redrawn, a prune on a timer): each look reads, each change is saved")
    func betweenTurns() throws {
        defer { directory.remove() }
        let favourites = repository(gathering: true)
        #expect(favourites.endTurn() == nil)
        let other = repository(gathering: false)
        _ = try other.toggle(favourite("a"))
        #expect(try favourites.load().favourites.map(\.id) == ["a"])
        _ = try other.toggle(favourite("b"))
        #expect(try favourites.load().favourites.map(\.id) == ["a", "b"], "no look is kept between turns")
        _ = try favourites.toggle(favourite("c"))
        #expect(try idsOnDisk() == ["a", "b", "c"], "saved at once, the lock let go")
        _ = try other.toggle(favourite("d"))
        #expect(try idsOnDisk() == ["a", "b", "c", "d"])
    }
}
