import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

@Suite("Favourites file")
@MainActor
struct FileFavouritesTests {
    let directory: TemporaryDirectory
    let clock = ManualClock(1_748_310_000)
    let store: FileFavourites

    init() throws {
        directory = try TemporaryDirectory()
        store = FileFavourites(directory: directory.url.appendingPathComponent("data"), clock: clock)
    }

    private func favourite(_ id: String, start: TimeInterval = 1_748_310_300) -> FavouriteRace {
        FavouriteRace(
            id: id, meetingName: "Casino", number: 10, category: .greyhound,
            advertisedStart: Date(timeIntervalSince1970: start), name: "Race 10")
    }

    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.directory.path).sorted()
    }

    @Test("with no data directory there are no favourites, and nothing is created")
    func emptyWithoutDirectory() throws {
        defer { directory.remove() }
        #expect(try store.load() == FavouritesState(favourites: []))
        #expect(!FileManager.default.fileExists(atPath: store.directory.path))
    }

    @Test("a file read once is not read again until it changes: another process's write, or an edit in place, shows")
    func rereadOnlyWhenChanged() throws {
        defer { directory.remove() }
        _ = try store.toggle(favourite("a"))
        #expect(try store.load().ids == ["a"])
        #expect(try store.load().ids == ["a"])
        // Another process (another store on the same folder) writes: a new file is renamed into place.
        let other = FileFavourites(directory: store.directory, clock: clock)
        _ = try other.toggle(favourite("b"))
        #expect(try store.load().ids == ["a", "b"])
        // An edit in place, same size: the times move.
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        try text.replacingOccurrences(of: "\"b\"", with: "\"c\"").write(
            to: store.fileURL, atomically: false, encoding: .utf8)
        #expect(try store.load().ids == ["a", "c"])
        try FileManager.default.removeItem(at: store.fileURL)
        #expect(try store.load().ids.isEmpty)
    }

    @Test("toggle adds, toggles off, and everything survives a new store (a restart)")
    func roundTrip() throws {
        defer { directory.remove() }
        #expect(try store.toggle(favourite("a")).ids == ["a"])
        #expect(try store.toggle(favourite("b")).ids == ["a", "b"])
        #expect(try store.toggle(favourite("a")).ids == ["b"])

        let restarted = FileFavourites(directory: store.directory, clock: clock)
        #expect(try restarted.load().favourites == [favourite("b")])
        #expect(try restarted.remove(ids: ["b", "zzz"]).favourites.isEmpty)
        #expect(try store.load().favourites.isEmpty)
    }

    @Test("the file is readable JSON with what is needed to show a race later")
    func fileFormat() throws {
        defer { directory.remove() }
        _ = try store.toggle(favourite("a"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: store.fileURL)) as! [String: Any]
        #expect(json["version"] as? Int == 1)
        let saved = try #require((json["favourites"] as? [[String: Any]])?.first)
        #expect(saved["id"] as? String == "a")
        #expect(saved["meetingName"] as? String == "Casino")
        #expect(saved["number"] as? Int == 10)
        #expect(saved["category"] as? String == "greyhound")
        #expect(saved["advertisedStart"] as? Double == 1_748_310_300)
        #expect(
            try leftovers() == ["favourites.json", "favourites.lock", "favourites.queue"],
            "no temporary files left behind")
    }

    @Test("a file that does not parse is moved aside, reported once, and the store carries on empty")
    func corruptFileSetAside() throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let garbage = Data("{\"favourites\": [oops".utf8)
        try garbage.write(to: store.fileURL)

        let first = try store.load()
        let aside = store.directory.appendingPathComponent("favourites.json.corrupt-20250527T014000Z")
        #expect(first.favourites.isEmpty)
        #expect(
            first.warning
                == "Warning: \(store.fileURL.path) could not be read; the file as it was is kept at \(aside.path); started with no favourites."
        )
        #expect(try Data(contentsOf: aside) == garbage, "the damaged file is kept byte for byte")
        #expect(try store.load().warning == nil)
        #expect(try store.toggle(favourite("a")).ids == ["a"])
    }

    /// The file as a person or another program might have left it: `entries` are written as JSON values.
    private func writeFile(entries: [String]) throws -> Data {
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let data = Data("{\"version\": 1, \"favourites\": [\(entries.joined(separator: ","))]}".utf8)
        try data.write(to: store.fileURL)
        return data
    }

    private func entry(_ id: String, start: String = "1748310300", number: String = "10") -> String {
        "{\"id\": \"\(id)\", \"meetingName\": \"Casino\", \"number\": \(number), \"category\": \"greyhound\", \"advertisedStart\": \(start)}"
    }

    @Test("the temporary file is made new: a symbolic link at its name is not followed, a FIFO not waited on")
    func temporaryNeverFollowed() throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let temporary = store.directory.appendingPathComponent(".favourites.json.tmp-\(getpid())").path
        let victim = try directory.file("victim.txt", contents: Data("someone else's".utf8))
        #expect(symlink(victim.path, temporary) == 0)
        #expect(try store.toggle(favourite("a")).ids == ["a"])
        #expect(try String(contentsOf: victim, encoding: .utf8) == "someone else's", "the link was not followed")
        #expect(try FileFavourites(directory: store.directory, clock: clock).load().ids == ["a"])

        #expect(mkfifo(temporary, 0o600) == 0)
        #expect(try store.toggle(favourite("b")).ids == ["a", "b"], "done, not waiting on the FIFO")
        #expect(!(try leftovers().contains { $0.hasPrefix(".favourites.json.tmp-") }))
    }

    @Test(
        "a list of favourites written twice (an empty copy first) is damage: the longest is kept, the file set aside",
        arguments: [true, false])
    func repeatedList(emptyFirst: Bool) throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let full = "[\(entry("a")), \(entry("b"))]"
        let lists = emptyFirst ? ["[]", full] : [full, "[]"]
        let original = Data(#"{"version": 1, "favourites": \#(lists[0]), "favourites": \#(lists[1])}"#.utf8)
        try original.write(to: store.fileURL)

        let state = try store.load()
        #expect(state.ids == ["a", "b"])
        let aside = store.directory.appendingPathComponent("favourites.json.before-repair-20250527T014000Z")
        #expect(
            state.warning
                == "Warning: \(store.fileURL.path) holds 2 lists of favourites where there should be one (the longest is kept); the file as it was is kept at \(aside.path); kept the 2 that do."
        )
        #expect(try Data(contentsOf: aside) == original)
        #expect(try store.toggle(favourite("c")).ids == ["a", "b", "c"], "the next toggle loses nothing")
        #expect(try FileFavourites(directory: store.directory, clock: clock).load().ids == ["a", "b", "c"])
    }

    @Test(
        "entries that make no sense are dropped with a warning, the rest kept, the file as it was kept aside",
        arguments: [
            ("1e19", "10", "a start that is not between 2000 and 2100"),
            ("-1e308", "10", "a start that is not between 2000 and 2100"),
            ("1748310300", "1e19", "a field is missing or of the wrong kind"),
            ("1748310300", "0", "race number 0"),
            ("\"soon\"", "10", "a field is missing or of the wrong kind"),
        ])
    func senselessEntries(start: String, number: String, reason: String) throws {
        defer { directory.remove() }
        let original = try writeFile(entries: [entry("good"), entry("bad", start: start, number: number)])

        let state = try store.load()
        let aside = store.directory.appendingPathComponent("favourites.json.before-repair-20250527T014000Z")
        #expect(state.ids == ["good"])
        #expect(
            state.warning
                == "Warning: 1 entry in \(store.fileURL.path) made no sense (\(reason)); the file as it was is kept at \(aside.path); kept the 1 that do."
        )
        #expect(try Data(contentsOf: aside) == original, "kept byte for byte")
        let again = try store.load()
        #expect(again.ids == ["good"])
        #expect(again.warning == nil, "reported once")
    }

    @Test("a file that cannot be locked (a read-only folder) still shows its favourites, and is left as it is")
    func readOnlyFolder() throws {
        defer { directory.remove() }
        _ = try store.toggle(favourite("a"))
        let lock = store.directory.appendingPathComponent("favourites.lock")
        try FileManager.default.removeItem(at: lock)
        // A directory where the lock file goes: opening it for writing fails, as in a read-only folder (the
        // tests may run as root, which file modes do not stop).
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        #expect(try store.load().ids == ["a"])

        let original = try writeFile(entries: [entry("good"), entry("bad", start: "1e19")])
        let state = try store.load()
        #expect(state.ids == ["good"])
        #expect(state.warning?.contains("it could not be repaired (could not open the lock file") == true)
        #expect(state.warning?.hasSuffix("so it is left as it is.") == true)
        #expect(try store.load().warning == nil, "said once, not at every draw")
        #expect(try store.load().ids == ["good"])
        #expect(try Data(contentsOf: store.fileURL) == original)
        #expect(throws: FavouritesError.self) { try store.toggle(favourite("b")) }
        #expect(try Data(contentsOf: store.fileURL) == original, "a failed save changes nothing")
    }

    @Test("a lock held past the patience (another copy stopped) fails the change with who holds it; nothing changes")
    func lockHeldTooLong() throws {
        defer { directory.remove() }
        _ = try store.toggle(favourite("a"))
        let original = try Data(contentsOf: store.fileURL)
        // Another descriptor of the lock file: to flock, as good as another process.
        // A turn open: the lock is held until it ends (its two toggles cancel out).
        let holder = FileFavourites(directory: store.directory, clock: clock, gathersChanges: true)
        holder.beginTurn()
        _ = try holder.toggle(favourite("zz"))
        _ = try holder.toggle(favourite("zz"))
        let impatient = FileFavourites(directory: store.directory, clock: clock, lockPatience: .milliseconds(300))
        let started = Date()
        #expect {
            try impatient.toggle(favourite("b"))
        } throws: { error in
            let reason = (error as? FavouritesError)?.reason ?? ""
            return reason
                == "another copy of next-to-go is saving the favourites and has not finished in 300 ms; try again"
        }
        #expect(Date().timeIntervalSince(started) >= 0.3, "waited its patience first")
        // Soon after a wait ran out, another waits briefly: a script's thousand changes do not wait a thousand times.
        let again = Date()
        #expect(throws: FavouritesError.self) { try impatient.remove(ids: ["a"]) }
        #expect(Date().timeIntervalSince(again) < 0.3)
        #expect(try impatient.load().ids == ["a"], "reading needs no lock")
        #expect(try Data(contentsOf: store.fileURL) == original)
        let written = try String(contentsOf: store.directory.appendingPathComponent("favourites.lock"), encoding: .utf8)
        #expect(written == "\(getpid())\n", "the holder names itself for the message")

        #expect(holder.endTurn() == nil)
        #expect(try impatient.toggle(favourite("b")).ids == ["a", "b"], "once let go, changes land again")
    }

    @Test("a lock file that is not a regular file (a FIFO) is refused at once, never waited on")
    func lockFileNotRegular() throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let lock = store.directory.appendingPathComponent("favourites.lock")
        #expect(mkfifo(lock.path, 0o644) == 0)
        #expect {
            try store.toggle(favourite("a"))
        } throws: { error in
            (error as? FavouritesError)?.reason == "the lock file \(lock.path) is not a regular file; move it away"
        }
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    }

    /// `favourites.json` as a dotfile manager leaves it: a relative symbolic link to `dotfiles/favourites.json`,
    /// which holds `contents`. Returns the dotfiles folder.
    private func linkedToDotfiles(_ contents: Data) throws -> URL {
        let dotfiles = directory.url.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try contents.write(to: dotfiles.appendingPathComponent("favourites.json"))
        try FileManager.default.createSymbolicLink(
            atPath: store.fileURL.path, withDestinationPath: "../dotfiles/favourites.json")
        return dotfiles
    }

    @Test("a favourites.json that is a symbolic link is written through; the link stays a link")
    func symbolicLink() throws {
        defer { directory.remove() }
        let dotfiles = try linkedToDotfiles(Data("{\"version\": 1, \"favourites\": []}".utf8))

        _ = try store.toggle(favourite("a"))
        _ = try store.toggle(favourite("b"))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: store.fileURL.path)
                == "../dotfiles/favourites.json")
        #expect(try FileFavourites(directory: dotfiles, clock: clock).load().ids == ["a", "b"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path) == ["favourites.json"])
    }

    @Test("repairing a favourites.json that is a symbolic link keeps the file it points at aside, and the link")
    func repairThroughLink() throws {
        defer { directory.remove() }
        let original = Data(#"{"version": 1, "favourites": [\#(entry("good")), \#(entry("bad", start: "1e19"))]}"#.utf8)
        let dotfiles = try linkedToDotfiles(original)

        let state = try store.load()
        #expect(state.ids == ["good"])
        let aside = store.directory.appendingPathComponent("favourites.json.before-repair-20250527T014000Z")
        #expect(try Data(contentsOf: aside) == original, "the file the link points at, byte for byte")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: store.fileURL.path)
                == "../dotfiles/favourites.json")
        #expect(try FileFavourites(directory: dotfiles, clock: clock).load().ids == ["good"])
    }

    @Test("temporary files of writers killed mid-save are removed; a live writer's is not")
    func staleTemporaries() throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let dead = try ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "echo $$"], environment: [:])
        let deadPID = dead.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let stale = store.directory.appendingPathComponent(".favourites.json.tmp-\(deadPID)")
        let live = store.directory.appendingPathComponent(".favourites.json.tmp-1")
        try Data(count: 100).write(to: stale)
        try Data(count: 100).write(to: live)

        _ = try store.toggle(favourite("a"))
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: live.path), "pid 1 is alive")
    }

    @Test("a file over the most read is kept aside unread; over the count cap, the latest are kept")
    func caps() throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let huge = Data(count: FavouriteRace.keptList.largestReadableFile + 1)
        try huge.write(to: store.fileURL)
        let state = try store.load()
        #expect(state.favourites.isEmpty)
        #expect(state.warning?.contains("is larger than 16 MB, far more than favourites ever take") == true)
        let aside = store.directory.appendingPathComponent("favourites.json.too-large-20250527T014000Z")
        #expect(try Data(contentsOf: aside).count == huge.count)

        let count = FileFavourites.maximumFavourites + 5
        _ = try writeFile(entries: (0..<count).map { entry("r\($0)", start: "\(1_748_310_000 + $0)") })
        let capped = try store.load()
        #expect(capped.favourites.count == FileFavourites.maximumFavourites)
        #expect(capped.favourites.first?.id == "r5", "the five earliest starts go")
        #expect(capped.warning?.contains("holds \(count) favourites, more than the 1000 kept") == true)
    }

    @Test("a favourites.json that is a FIFO is never opened for a wait, and never replaced")
    func notARegularFile() throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try #require(mkfifo(store.fileURL.path, 0o600) == 0)
        let state = try store.load()
        #expect(state.favourites.isEmpty)
        #expect(state.warning?.contains("is not a regular file") == true)
        #expect(throws: FavouritesError.self) { try store.toggle(favourite("a")) }
        #expect(FileManager.default.fileExists(atPath: store.fileURL.path), "left where it is")
    }

    @Test("a second damaged file the same second gets its own aside name")
    func corruptTwice() throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: store.fileURL)
        _ = try store.load()
        try Data("y".utf8).write(to: store.fileURL)
        #expect(try store.load().warning?.contains("corrupt-20250527T014000Z-1") == true)
        #expect(try leftovers().filter { $0.contains("corrupt") }.count == 2)
    }

    @Test("a reader never sees a half-written file while another process writes")
    func atomicWrites() throws {
        defer { directory.remove() }
        _ = try store.toggle(favourite("seed"))
        let fileURL = store.fileURL
        let folder = store.directory.path
        let finished = LockedValue(false)
        let writer = LockedValue<ProcessRunner.Run?>(nil)
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            let run = try? ProcessRunner.run(
                executable: ProcessRunner.builtProduct("FavouritesStress"), arguments: [folder, "w", "200"],
                environment: [:], timeout: 120)
            writer.update { $0 = run }
            finished.update { $0 = true }
            group.leave()
        }
        // Read without the lock, as a crash-time observer would see the file.
        var reads = 0
        var unreadable = 0
        while !finished.value {
            guard let data = try? Data(contentsOf: fileURL) else { continue }
            reads += 1
            if (try? JSONSerialization.jsonObject(with: data)) == nil { unreadable += 1 }
        }
        group.wait()
        #expect(writer.value?.status == 0, "\(writer.value?.stderr ?? "did not run")")
        #expect(reads > 0)
        #expect(unreadable == 0)
        #expect(try store.load().favourites.count == 201)
    }

    @Test("the default location follows XDG_DATA_HOME, then HOME")
    func defaultDirectory() {
        #expect(
            FileFavourites.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"]).path
                == "/x/data/next-to-go")
        #expect(
            FileFavourites.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path
                == "/home/u/.local/share/next-to-go")
        #expect(
            FileFavourites.defaultDirectory(environment: ["HOME": "/home/u"]).path
                == "/home/u/.local/share/next-to-go")
    }

    @Test("a data directory that cannot be created is an error naming the file, not a crash")
    func unwritable() throws {
        defer { directory.remove() }
        let blocker = try directory.file("blocker", contents: Data())
        let store = FileFavourites(directory: blocker.appendingPathComponent("data"), clock: clock)
        #expect(throws: FavouritesError.self) { try store.toggle(favourite("a")) }
        do {
            _ = try store.toggle(favourite("a"))
        } catch {
            #expect(
                error.description.hasPrefix("Could not update favourites in \(store.fileURL.path): could not create"))
            #expect(error.description.hasSuffix("Nothing saved was lost."))
        }
    }

    @Test("the copies kept before prunes are bounded: the newest five stay, a repair's copy and other files never go")
    func pruneCopiesBounded() throws {
        defer { directory.remove() }
        _ = try store.toggle(favourite("first"))
        let folder = store.directory
        let repairCopy = Data("a damaged file, kept".utf8)
        try repairCopy.write(to: folder.appendingPathComponent("favourites.json.damaged-20250101T000000Z"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent("favourites.json.before-prune-notes"))
        var messages: [String] = []
        for day in 1...8 {
            clock.advance(by: 86_400)
            _ = try store.toggle(favourite("day\(day)"))
            let state = try store.prune(ids: [day == 1 ? "first" : "day\(day - 1)"])
            messages.append(state.warning ?? "")
        }
        let copies = try leftovers().filter { $0.hasPrefix("favourites.json.before-prune-2") }
        #expect(copies.count == FileFavourites.keptPruneCopies, "\(copies)")
        // The newest five: those of days 4 to 8, each holding the race that day's prune removed.
        for (copy, day) in zip(copies, 4...8) {
            let text = try String(contentsOf: folder.appendingPathComponent(copy), encoding: .utf8)
            #expect(text.contains("\"day\(day - 1)\""), "\(copy)")
        }
        #expect(try leftovers().contains("favourites.json.damaged-20250101T000000Z"))
        #expect(try leftovers().contains("favourites.json.before-prune-notes"))
        #expect(messages.last?.hasSuffix("(the newest 5 such copies are kept).") == true, "\(messages)")
    }
}
