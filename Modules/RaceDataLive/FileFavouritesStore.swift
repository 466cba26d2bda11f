import Core
import Files
import Foundation
import RaceData
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Favourites as JSON in `favourites.json` inside a data directory.
///
/// Nothing is ever lost:
/// - every read-modify-write holds an exclusive `flock` on `favourites.lock`,
///   so two processes toggling at once both land; one that cannot have it within
///   a few seconds (another copy stopped with Ctrl-Z) saves nothing and says who holds it;
/// - writes go to a temporary file that is renamed over the old one, so a crash
///   leaves the old file or the new one, never half of either. A repair is
///   fsynced (file and directory) before it returns; a toggle within
///   milliseconds, sharing its syncs with the toggles around it, and always
///   before the process exits (`AtomicFile.Durability.soon`); a `favourites.json` that is a symbolic
///   link is written through, so the file it points at stays the one in use;
/// - the file is input like any other: one that does not parse, is too large,
///   or holds entries that make no sense is kept aside byte for byte
///   (`favourites.json.<why>-<time>`) before anything is written in its place,
///   what can be kept is kept, and the user is told once;
/// - reading needs no lock and writes nothing unless the file needs repair, so
///   a read-only data folder still shows its favourites.
public struct FileFavouritesStore: FavouritesStore {
    public static let fileName = "favourites.json"
    static let lockName = "favourites.lock"
    /// Favourites are pruned a day after their race, so a real file holds a few dozen. Past these the file is
    /// not what this app wrote, and reading it whole on every command would make the board crawl.
    public static let maximumFavourites = FavouritesChange.maximumFavourites
    public static let maximumFileBytes = 4 * 1024 * 1024

    public let directory: URL
    private let clock: any WallClock
    /// The last "could not be repaired" warning given, so a board redrawn every second (`watch`) says it once,
    /// not once a frame, while the file stays as it is.
    private let unrepairedWarnings = SaidOnce()
    /// The favourites as last read cleanly, for as long as the file is the same file.
    private let cleanReading = ReadingCache<[FavouriteRace]>()

    /// - Parameter lockPatience: how long a change waits for another copy of the app to let the favourites go.
    public init(directory: URL, clock: any WallClock, lockPatience: Duration = .seconds(3)) {
        self.directory = directory
        self.clock = clock
        filePath = directory.appendingPathComponent(Self.fileName).path
        lock = FileLock(path: directory.appendingPathComponent(Self.lockName).path, patience: lockPatience)
    }

    /// `--data-dir` if given, else `$XDG_DATA_HOME/next-to-go`, else
    /// `~/.local/share/next-to-go`.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        XDGDirectory.resolve("XDG_DATA_HOME", homeFallback: ".local/share", environment: environment)
    }

    public var fileURL: URL { directory.appendingPathComponent(Self.fileName) }
    /// Paths worked out once: every command looks at the file.
    private let filePath: String
    private let lock: FileLock
    /// The lock's descriptor while `hold()` keeps it.
    private let heldLock = LockHolder()
    public var location: String { fileURL.path }

    /// Reading creates nothing: with no data directory yet there are simply
    /// no favourites. A file that needs repair is repaired under the lock when
    /// the folder can be written; otherwise what could be read is shown, with
    /// a warning, and the file is left exactly as it is.
    public func load() throws(FavouritesError) -> FavouritesState {
        guard FileManager.default.fileExists(atPath: directory.path) else { return FavouritesState(favourites: []) }
        let reading = try read()
        guard reading.problem != nil else { return FavouritesState(favourites: reading.favourites) }
        do {
            return try locked { () throws(FavouritesError) in try repaired(readFile()) }
        } catch {
            let warning =
                "Warning: \(reading.problem!.describe(location)); it could not be repaired (\(error.reason)), so it is left as it is."
            return FavouritesState(
                favourites: reading.favourites, warning: unrepairedWarnings.isNew(warning) ? warning : nil)
        }
    }

    public func toggle(_ favourite: FavouriteRace) throws(FavouritesError) -> FavouritesState {
        try apply([.toggle(favourite)])
    }

    public func remove(ids: Set<String>) throws(FavouritesError) -> FavouritesState {
        try apply([.remove(ids)])
    }

    /// One read-modify-write under the lock, whatever the number of changes; nothing is written when they
    /// change nothing. Saved `.soon` (a script may make thousands). A prune that removes anything keeps the
    /// file as it was aside first, as a repair does, and says where.
    public func apply(_ changes: [FavouritesChange]) throws(FavouritesError) -> FavouritesState {
        guard !changes.isEmpty else { return try load() }
        return try locked { () throws(FavouritesError) in
            let current = try repaired(readFile())
            var favourites = current.favourites
            for change in changes {
                if let reason = change.refusal(given: favourites) {
                    throw .unavailable(location: location, reason: reason)
                }
                favourites = change.applied(to: favourites)
            }
            guard favourites != current.favourites else { return current }
            let pruned = changes.reduce(into: Set<String>()) { ids, change in
                if case .prune(let stale) = change { ids.formUnion(stale) }
            }
            let remaining = Set(favourites.map(\.id))
            let prunedCount = current.favourites.filter { pruned.contains($0.id) && !remaining.contains($0.id) }.count
            var notes = current.warning.map { [$0] } ?? []
            if prunedCount > 0 {
                let aside = try replaceKeepingAside(tag: "before-prune", with: favourites, durability: .soon)
                notes.append(
                    "Removed \(prunedCount) \(prunedCount == 1 ? "favourite" : "favourites") of races that jumped over a day ago; the file as it was is kept at \(aside.path)."
                )
            } else {
                try write(favourites, durability: .soon)
            }
            return FavouritesState(
                favourites: favourites, warning: notes.isEmpty ? nil : notes.joined(separator: "\n"))
        }
    }

    // MARK: - Reading, which changes nothing

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
                "\(location) is larger than \(FileFavouritesStore.maximumFileBytes / (1024 * 1024)) MB, far more than favourites ever take"
            case .senselessEntries(let count, let reason):
                "\(count) \(count == 1 ? "entry" : "entries") in \(location) made no sense (\(reason))"
            case .tooManyEntries(let count):
                "\(location) holds \(count) favourites, more than the \(FileFavouritesStore.maximumFavourites) kept"
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

    /// The file as it is now, for showing: from the last clean reading while the file is the same file. A
    /// read-modify-write reads the file itself (`readFile`): an identity can come back (a freed inode reused, a
    /// file system with coarse times), and a change computed from a stale copy would undo another process's.
    private func read() throws(FavouritesError) -> Reading {
        // Taken before the read: a change made while reading then shows as a new identity next time.
        let identity = FileIdentity(path: filePath)
        if let favourites = cleanReading.value(for: identity) { return Reading(favourites: favourites) }
        let reading = try readFile()
        if reading.problem == nil { cleanReading.store(reading.favourites, for: identity) }
        return reading
    }

    /// The file as it is on disk; under the lock, with nothing cached, for every read-modify-write.
    private func readFile() throws(FavouritesError) -> Reading {
        let data: Data
        do {
            data = try RegularFile.read(filePath, maximumBytes: Self.maximumFileBytes)
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
        let copies = Self.listCopies(in: data)
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
        if favourites.count > Self.maximumFavourites {
            return Reading(favourites: Self.latest(favourites), problem: .tooManyEntries(count: favourites.count))
        }
        return Reading(favourites: favourites)
    }

    /// The `maximumFavourites` with the latest starts, in the file's order.
    private static func latest(_ favourites: [FavouriteRace]) -> [FavouriteRace] {
        guard favourites.count > maximumFavourites else { return favourites }
        let cutoff = favourites.map(\.advertisedStart).sorted(by: >)[maximumFavourites - 1]
        var room = maximumFavourites
        return favourites.filter { favourite in
            guard favourite.advertisedStart >= cutoff, room > 0 else { return false }
            room -= 1
            return true
        }
    }

    /// Each `favourites` member of the document's top level, as its bytes. JSON does not forbid a name twice,
    /// and a decoder keeps one of them: more than one is damage, never to be read as the first alone.
    private static func listCopies(in data: Data) -> [Data] {
        // The file this app writes names the list once: only a second mention is worth a second parse.
        let name = Data(#""favourites""#.utf8)
        guard let first = data.firstRange(of: name), data[first.upperBound...].firstRange(of: name) != nil else {
            return []
        }
        return data.withUnsafeBytes { bytes in
            var reader = JSONByteReader(bytes)
            var copies: [Data] = []
            do {
                guard try reader.nextKind() == .object else { return [] }
                try reader.readObject { reader, name throws(JSONSyntaxError) in
                    guard name.is("favourites") else { return try reader.skipValue() }
                    _ = try reader.nextKind()
                    let start = reader.offset
                    try reader.skipValue()
                    copies.append(Data(bytes[start..<reader.offset]))
                }
            } catch {
                return []
            }
            return copies
        }
    }

    // MARK: - File format

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

    // MARK: - Steps that change the file, all called with the lock held

    /// The reading as it can be used, with the file repaired first if it needed it: the file as it was is
    /// kept aside, then what makes sense is written in its place. If it cannot be kept aside, nothing is
    /// written and the call fails: a file is never replaced that has not been kept.
    private func repaired(_ reading: Reading) throws(FavouritesError) -> FavouritesState {
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
    private func replaceKeepingAside(
        tag: String, with favourites: [FavouriteRace], durability: AtomicFile.Durability = .now
    ) throws(FavouritesError) -> URL {
        let aside = try keepAside(tag: tag)
        do {
            try write(favourites, durability: durability) { failure in
                "the repaired file could not be written (\(failure.cause))"
            }
        } catch {
            unlink(aside.path)
            throw error
        }
        return aside
    }

    /// Copies the file's bytes to `favourites.json.<tag>-<time>` beside it. A copy, not a rename, so a
    /// `favourites.json` that is a symbolic link stays one.
    private func keepAside(tag: String) throws(FavouritesError) -> URL {
        let stamp = Self.stampFormatter.string(from: clock.now())
        var target = directory.appendingPathComponent("\(Self.fileName).\(tag)-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: target.path) {
            target = directory.appendingPathComponent("\(Self.fileName).\(tag)-\(stamp)-\(attempt)")
            attempt += 1
        }
        // The file the write will replace: through a symbolic link, the file it points at.
        let original = AtomicFile.followingLinks(fileURL)
        // A hard link: instant whatever the size, byte for byte, and durable once the directory is synced. The
        // write that follows renames a new file over the original, so the link keeps the old one.
        if link(original.path, target.path) == 0 {
            AtomicFile.syncDirectory(of: target)
            return target
        }
        // Across file systems (a link into another disk), a copy, made durable before anything replaces it.
        do {
            try FileManager.default.copyItem(at: original, to: target)
            try AtomicFile.sync(target)
        } catch {
            try? FileManager.default.removeItem(at: target)
            throw .unavailable(
                location: location,
                reason: "the copy of it that is kept before any repair could not be made (\(Self.reason(error)))")
        }
        return target
    }

    private static let stampFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter
    }()

    /// The system's words for why a copy failed ("No space left on device"). On Linux the underlying POSIX error
    /// is a Swift error in the user info, which `as? NSError` does not find.
    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey].flatMap { $0 as? any Error }
        guard let underlying, (underlying as NSError).domain == NSPOSIXErrorDomain else {
            return (error as NSError).code == CocoaError.fileWriteOutOfSpace.rawValue
                ? "No space left on device" : "the copy failed"
        }
        return String(cString: strerror(Int32((underlying as NSError).code)))
    }

    /// - Parameter durability: `.soon` for a toggle (a script may make thousands), `.now` for a repair.
    /// - Parameter failed: the words for a write that failed.
    private func write(
        _ favourites: [FavouriteRace], durability: AtomicFile.Durability = .now,
        failed: (AtomicFile.Failure) -> String = \.description
    ) throws(FavouritesError) {
        let data: Data
        do {
            data = try Self.encoder().encode(Written(favourites: favourites))
        } catch {
            throw .unavailable(location: location, reason: "could not encode favourites")
        }
        do {
            try AtomicFile.write(data, to: AtomicFile.followingLinks(fileURL), durability: durability)
        } catch {
            throw .unavailable(location: location, reason: failed(error))
        }
        // What was just written is what the next read would find, while no one else writes.
        cleanReading.store(favourites, for: FileIdentity(path: filePath))
    }

    /// Takes the lock and keeps it until `release()`: the same lock every read-modify-write takes, so other
    /// processes' changes wait (a piped script holds it for one turn of its main queue, milliseconds).
    public func hold() throws(FavouritesError) {
        guard heldLock.withLock({ $0 == nil }) else { return }
        let descriptor = try lockedDescriptor()
        heldLock.withLock { $0 = descriptor }
    }

    public func release() {
        guard
            let descriptor = heldLock.withLock({ held in
                defer { held = nil }; return held
            })
        else { return }
        lock.unlock(descriptor)
    }

    private func locked<T>(_ body: () throws(FavouritesError) -> T) throws(FavouritesError) -> T {
        // Held already (`hold()`): a second flock of our own would wait on ourselves.
        if heldLock.withLock({ $0 != nil }) { return try body() }
        let descriptor = try lockedDescriptor()
        defer { lock.unlock(descriptor) }
        return try body()
    }

    /// The lock file, open and locked: waited for a bounded time (`FileLock`), never for another process forever.
    private func lockedDescriptor() throws(FavouritesError) -> Int32 {
        do {
            return try lock.lock { () throws(FileLock.Failure) in
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

extension FavouriteRace {
    /// Why an entry loaded from disk cannot be a race this app saved, or nil if it can.
    var implausibility: String? {
        if id.isEmpty || id.count > Race.maximumIDLength {
            return "an id that is empty or over \(Race.maximumIDLength) characters"
        }
        // Feeds' text is cut to `Race.maximumTextLength` before it can be saved; the bound here is looser so
        // that only a file this app did not write can fail it.
        if meetingName.isEmpty || meetingName.count > 1_000 {
            return "a meeting name that is empty or over 1000 characters"
        }
        if let name, name.count > 1_000 { return "a race name over 1000 characters" }
        if !Race.plausibleNumbers.contains(number) { return "race number \(number)" }
        if !Race.plausibleStarts.contains(advertisedStart) { return "a start that is not between 2000 and 2100" }
        return nil
    }
}

/// Remembers the last message given, so the same one in a row is said once.
private final class SaidOnce: Sendable {
    private let last = Mutex<String?>(nil)

    func isNew(_ message: String) -> Bool {
        last.withLock { last in
            defer { last = message }
            return last != message
        }
    }
}

/// The descriptor of a lock held across calls; a class, so copies of the store share it.
private final class LockHolder: Sendable {
    private let descriptor = Mutex<Int32?>(nil)

    func withLock<Result>(_ body: (inout Int32?) -> Result) -> Result {
        descriptor.withLock { body(&$0) }
    }
}
