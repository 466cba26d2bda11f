import Core
import Files
import Platform
import RaceData

/// `favourites.json` in a data directory, and its lock: reading it as input (whatever is found there), repairing
/// it with the original kept aside, writing it atomically and durably. It keeps nothing in memory; `FileFavourites`
/// does, and decides when to read and write.
struct FavouritesFile: Sendable {
    static let lockName = "favourites.lock"
    /// The lock's turnstile (`FileLock`): held by the next copy in line while it waits.
    static let queueName = "favourites.queue"

    let directory: URL
    let fileURL: URL
    /// Worked out once: every command looks at the file.
    let path: String
    private let clock: any WallClock
    private let fileLock: FileLock

    init(directory: URL, clock: any WallClock, lockPatience: Duration) {
        self.directory = directory
        self.clock = clock
        fileURL = directory.appendingPathComponent(FileFavourites.fileName)
        path = fileURL.path
        fileLock = FileLock(
            path: directory.appendingPathComponent(Self.lockName).path,
            queuePath: directory.appendingPathComponent(Self.queueName).path, patience: lockPatience)
    }

    var location: String { path }

    /// What is wrong with the file as found, if anything.
    enum Problem: Equatable {
        case unparseable
        case tooLarge
        case notRegularFile
        case senselessEntries(count: Int, firstReason: String)
        case tooManyEntries(count: Int)
        /// The list written more than once: a reader takes one copy (an empty first one hid the rest).
        case repeatedList(copies: Int)

        /// Kept-aside files are named for the problem.
        var asideTag: String {
            switch self {
            case .unparseable, .notRegularFile: "corrupt"
            case .tooLarge: "too-large"
            case .senselessEntries, .tooManyEntries, .repeatedList: "before-repair"
            }
        }

        func describe(_ location: String) -> String {
            switch self {
            case .unparseable: "\(location) could not be read"
            case .notRegularFile: "\(location) is not a regular file"
            case .tooLarge:
                "\(location) is larger than \(FileFavourites.maximumFileBytes / (1024 * 1024)) MB, far more than favourites ever take"
            case .senselessEntries(let count, let reason):
                "\(count) \(count == 1 ? "entry" : "entries") in \(location) made no sense (\(reason))"
            case .tooManyEntries(let count):
                "\(location) holds \(count) favourites, more than the \(FileFavourites.maximumFavourites) kept"
            case .repeatedList(let copies):
                "\(location) holds \(copies) lists of favourites where there should be one (the longest is kept)"
            }
        }
    }

    struct Reading {
        /// The favourites that make sense; the latest `maximumFavourites` of them.
        var favourites: [FavouriteRace]
        var problem: Problem?
    }

    /// The file as it is on disk.
    func read() throws(FavouritesError) -> Reading {
        let data: Data
        do {
            data = try RegularFile.read(path, maximumBytes: FileFavourites.maximumFileBytes)
        } catch {
            switch error {
            case .missing: return Reading(favourites: [])
            case .tooLarge: return Reading(favourites: [], problem: .tooLarge)
            case .notRegular: return Reading(favourites: [], problem: .notRegularFile)
            case .unreadable(let reason):
                throw .unavailable(location: location, reason: "the file could not be read (\(reason))")
            }
        }
        guard var document = try? Self.decoder().decode(Document.self, from: data) else {
            return Reading(favourites: [], problem: .unparseable)
        }
        let copies = JSONByteReader.topLevelMembers(named: "favourites", in: data)
        if copies.count > 1 {
            let lists = copies.compactMap { try? Self.decoder().decode([Entry].self, from: $0) }
            let longest = lists.map { list in (list, list.count(where: \.isSensible)) }.max { $0.1 < $1.1 }
            document.favourites = longest?.0 ?? document.favourites
        }
        var favourites: [FavouriteRace] = []
        var senseless: [String] = []
        for entry in document.favourites {
            switch entry.validated() {
            case .success(let favourite): favourites.append(favourite)
            case .failure(let problem): senseless.append(problem.reason)
            }
        }
        if copies.count > 1 {
            return Reading(favourites: Self.latest(favourites), problem: .repeatedList(copies: copies.count))
        }
        if let firstReason = senseless.first {
            return Reading(
                favourites: Self.latest(favourites),
                problem: .senselessEntries(count: senseless.count, firstReason: firstReason))
        }
        if favourites.count > FileFavourites.maximumFavourites {
            return Reading(favourites: Self.latest(favourites), problem: .tooManyEntries(count: favourites.count))
        }
        return Reading(favourites: favourites)
    }

    /// The `maximumFavourites` with the latest starts, in the file's order.
    private static func latest(_ favourites: [FavouriteRace]) -> [FavouriteRace] {
        guard favourites.count > FileFavourites.maximumFavourites else { return favourites }
        let cutoff = favourites.map(\.advertisedStart).sorted(by: >)[FileFavourites.maximumFavourites - 1]
        var room = FileFavourites.maximumFavourites
        return favourites.filter { favourite in
            guard favourite.advertisedStart >= cutoff, room > 0 else { return false }
            room -= 1
            return true
        }
    }

    // MARK: - Format

    private struct Document: Decodable {
        var favourites: [Entry]
    }

    private struct Written: Encodable {
        var version = 1
        var favourites: [FavouriteRace]
    }

    /// One entry as found: decoded alone, so one bad entry costs only itself.
    private struct Entry: Decodable {
        let favourite: Result<FavouriteRace, EntryProblem>

        init(from decoder: any Decoder) {
            do {
                favourite = .success(try FavouriteRace(from: decoder))
            } catch {
                favourite = .failure(EntryProblem(reason: "a field is missing or of the wrong kind"))
            }
        }

        var isSensible: Bool { (try? validated().get()) != nil }

        func validated() -> Result<FavouriteRace, EntryProblem> {
            favourite.flatMap { favourite in
                if let reason = favourite.implausibility { return .failure(EntryProblem(reason: reason)) }
                return .success(favourite)
            }
        }
    }

    private struct EntryProblem: Error {
        let reason: String
    }

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    // MARK: - Changing the file, with the lock held

    /// The reading as it can be used, with the file repaired first if it needed it (the lock held): the file as it was is
    /// kept aside, then what makes sense is written in its place. If it cannot be kept aside, nothing is
    /// written and the call fails: a file is never replaced that has not been kept.
    func repaired(_ reading: Reading) throws(FavouritesError) -> FavouritesState {
        guard let problem = reading.problem else { return FavouritesState(favourites: reading.favourites) }
        if problem == .notRegularFile {
            throw .unavailable(location: location, reason: "it is not a regular file; move it away to save favourites")
        }
        let aside = try replaceKeepingAside(tag: problem.asideTag, with: reading.favourites)
        let outcome =
            reading.favourites.isEmpty
            ? "started with no favourites"
            : "kept the \(reading.favourites.count) that do"
        return FavouritesState(
            favourites: reading.favourites,
            warning: "Warning: \(problem.describe(location)); the file as it was is kept at \(aside.path); \(outcome).")
    }

    /// Keeps the file as it is aside, then writes `favourites` in its place. If that write fails (a full disk),
    /// the file is as it was, so the copy is taken back: a copy kept at every failed try would pile up, one a
    /// command, for as long as the disk stays full.
    func replaceKeepingAside(
        tag: String, with favourites: [FavouriteRace]
    ) throws(FavouritesError) -> URL {
        let aside: URL
        do {
            aside = try AsideCopy.keep(fileURL, tag: tag, at: clock.now())
        } catch {
            throw .unavailable(
                location: location,
                reason: "the copy of it that is kept before any repair could not be made (\(error.reason))")
        }
        do {
            try write(favourites) { failure in
                "the repaired file could not be written (\(failure.cause))"
            }
        } catch {
            PathText.remove(aside.path)
            throw error
        }
        return aside
    }

    /// Replaces the file with these favourites, on the disk itself before it returns.
    /// - Parameter failed: the words for a write that failed.
    func write(
        _ favourites: [FavouriteRace], failed: (AtomicFile.Failure) -> String = \.description
    ) throws(FavouritesError) {
        let data: Data
        do {
            data = try Self.encoder().encode(Written(favourites: favourites))
        } catch {
            throw .unavailable(location: location, reason: "could not encode favourites")
        }
        do {
            try AtomicFile.write(data, to: AtomicFile.followingLinks(fileURL))
        } catch {
            throw .unavailable(location: location, reason: failed(error))
        }
    }

    /// Releases a lock `lock()` took.
    func unlock(_ descriptor: Int32) {
        fileLock.unlock(descriptor)
    }

    /// The lock file, open and locked: waited for a bounded time (`FileLock`), never for another process forever.
    func lock() throws(FavouritesError) -> Int32 {
        do {
            return try fileLock.lock { () throws(FileLock.Failure) in
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                } catch {
                    throw FileLock.Failure(reason: "could not create \(directory.path)")
                }
            }
        } catch {
            throw .unavailable(location: location, reason: error.reason)
        }
    }
}
