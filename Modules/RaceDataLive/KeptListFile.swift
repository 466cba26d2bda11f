import Core
import Files
import Platform
import RaceData

/// A kept list's file in a data directory (`favourites.json`), and its lock: reading it as input (whatever is
/// found there), repairing it with the original kept aside, writing it atomically and durably. It keeps nothing
/// in memory; `FileKeptList` does, and decides when to read and write.
struct KeptListFile<Item: KeptItem>: Sendable {
    private var kind: KeptListKind { Item.keptList }

    let directory: URL
    let fileURL: URL
    /// Worked out once: every command looks at the file.
    let path: String
    private let clock: any WallClock
    private let fileLock: FileLock

    init(directory: URL, clock: any WallClock, lockPatience: Duration) {
        self.directory = directory
        self.clock = clock
        fileURL = directory.appendingPathComponent(Item.keptList.fileName)
        path = fileURL.path
        fileLock = FileLock(
            // The lock's turnstile (`FileLock`, `.queue`) is held by the next copy in line while it waits.
            path: directory.appendingPathComponent("\(Item.keptList.name).lock").path,
            queuePath: directory.appendingPathComponent("\(Item.keptList.name).queue").path, patience: lockPatience)
    }

    var location: String { path }

    /// What is wrong with the file as found, if anything.
    enum Problem: Equatable {
        case unparseable
        /// The file breaks off, or goes wrong, after the entries that were read.
        case damagedPartWay
        case tooLarge
        case notRegularFile
        case senselessEntries(count: Int, firstReason: String)
        case tooManyEntries(count: Int)
        /// The list written more than once: a reader takes one copy (an empty first one hid the rest).
        case repeatedList(copies: Int)

        /// Kept-aside files are named for the problem.
        var asideTag: String {
            switch self {
            case .unparseable, .damagedPartWay, .notRegularFile: "corrupt"
            case .tooLarge: "too-large"
            case .senselessEntries, .tooManyEntries, .repeatedList: "before-repair"
            }
        }

        func describe(_ location: String, kind: KeptListKind) -> String {
            switch self {
            case .unparseable: "\(location) could not be read"
            case .damagedPartWay: "\(location) is damaged part way through"
            case .notRegularFile: "\(location) is not a regular file"
            case .tooLarge:
                "\(location) is larger than \(KeptListFile.size(kind.largestReadableFile)), far more than \(kind.plural) ever take"
            case .senselessEntries(let count, let reason):
                "\(count) \(count == 1 ? "entry" : "entries") in \(location) made no sense (\(reason))"
            case .tooManyEntries(let count):
                "\(location) holds \(kind.counted(count)), more than the \(kind.maximumItems) kept"
            case .repeatedList(let copies):
                "\(location) holds \(copies) lists of \(kind.plural) where there should be one (the longest is kept)"
            }
        }
    }

    struct Reading {
        /// The items that make sense; the latest `maximumItems` of them.
        var items: [Item]
        var problem: Problem?
    }

    /// The file as it is on disk.
    func read() throws(KeptListError) -> Reading {
        let data: Data
        do {
            data = try RegularFile.read(path, maximumBytes: kind.largestReadableFile)
        } catch {
            switch error {
            case .missing: return Reading(items: [])
            case .tooLarge: return Reading(items: [], problem: .tooLarge)
            case .notRegular: return Reading(items: [], problem: .notRegularFile)
            case .unreadable(let reason):
                throw failure("the file could not be read (\(reason))")
            }
        }
        guard var document = try? Self.decoder().decode(Document.self, from: data) else {
            return Self.readBeforeDamage(data)
        }
        let copies = JSONByteReader.topLevelMembers(named: kind.name, in: data)
        if copies.count > 1 {
            let lists = copies.compactMap { try? Self.decoder().decode([Entry].self, from: $0) }
            let longest = lists.map { list in (list, list.count(where: \.isSensible)) }.max { $0.1 < $1.1 }
            document.items = longest?.0 ?? document.items
        }
        var items: [Item] = []
        var senseless: [String] = []
        for entry in document.items {
            switch entry.validated() {
            case .success(let item): items.append(item)
            case .failure(let problem): senseless.append(problem.reason)
            }
        }
        if copies.count > 1 {
            return Reading(items: Self.latest(items), problem: .repeatedList(copies: copies.count))
        }
        if let firstReason = senseless.first {
            return Reading(
                items: Self.latest(items),
                problem: .senselessEntries(count: senseless.count, firstReason: firstReason))
        }
        if items.count > kind.maximumItems {
            return Reading(items: Self.latest(items), problem: .tooManyEntries(count: items.count))
        }
        return Reading(items: items)
    }

    /// A file that does not parse: the entries whole before where it goes wrong (a write cut short, an edit by
    /// hand), each read alone; the rest are in the copy kept aside.
    private static func readBeforeDamage(_ data: Data) -> Reading {
        let items = JSONByteReader.elementsBeforeDamage(ofMember: Item.keptList.name, in: data).compactMap { element in
            try? decoder().decode(Entry.self, from: element).validated().get()
        }
        guard !items.isEmpty else { return Reading(items: [], problem: .unparseable) }
        return Reading(items: latest(items), problem: .damagedPartWay)
    }

    /// The `maximumItems` latest by `keptOrder`, in the file's order.
    private static func latest(_ items: [Item]) -> [Item] {
        let most = Item.keptList.maximumItems
        guard items.count > most else { return items }
        let cutoff = items.map(\.keptOrder).sorted(by: >)[most - 1]
        var room = most
        return items.filter { item in
            guard item.keptOrder >= cutoff, room > 0 else { return false }
            room -= 1
            return true
        }
    }

    // MARK: - Format

    /// `{"version": 1, "<name>": [...]}`: the list under the kind's name.
    private struct Document: Decodable {
        var items: [Entry]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ListKey.self)
            items = try container.decode([Entry].self, forKey: ListKey(Item.keptList.name))
        }
    }

    private struct Written: Encodable {
        var items: [Item]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ListKey.self)
            try container.encode(1, forKey: ListKey("version"))
            try container.encode(items, forKey: ListKey(Item.keptList.name))
        }
    }

    private struct ListKey: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// One entry as found: decoded alone, so one bad entry costs only itself.
    private struct Entry: Decodable {
        let item: Result<Item, EntryProblem>

        init(from decoder: any Decoder) {
            do {
                item = .success(try Item(from: decoder))
            } catch {
                item = .failure(EntryProblem(reason: "a field is missing or of the wrong kind"))
            }
        }

        var isSensible: Bool { (try? validated().get()) != nil }

        func validated() -> Result<Item, EntryProblem> {
            item.flatMap { item in
                if let reason = item.implausibility { return .failure(EntryProblem(reason: reason)) }
                return .success(item)
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
    func repaired(_ reading: Reading) throws(KeptListError) -> KeptListState<Item> {
        guard let problem = reading.problem else { return KeptListState(items: reading.items) }
        if problem == .notRegularFile {
            throw failure("it is not a regular file; move it away to save \(kind.plural)")
        }
        let aside = try replaceKeepingAside(tag: problem.asideTag, with: reading.items)
        let outcome =
            reading.items.isEmpty
            ? "started with no \(kind.plural)"
            : problem == .damagedPartWay
                ? "kept the \(kind.counted(reading.items.count)) before the damage"
                : "kept the \(reading.items.count) that do"
        return KeptListState(
            items: reading.items,
            warning:
                "Warning: \(problem.describe(location, kind: kind)); the file as it was is kept at \(aside.path); \(outcome)."
        )
    }

    /// Keeps the file as it is aside, then writes `items` in its place. If that write fails (a full disk),
    /// the file is as it was, so the copy is taken back: a copy kept at every failed try would pile up, one a
    /// command, for as long as the disk stays full.
    func replaceKeepingAside(
        tag: String, with items: [Item]
    ) throws(KeptListError) -> URL {
        let aside: URL
        do {
            aside = try AsideCopy.keep(fileURL, tag: tag, at: clock.now())
        } catch {
            throw failure("the copy of it that is kept before any repair could not be made (\(error.reason))")
        }
        do {
            try write(items) { failure in
                "the repaired file could not be written (\(failure.cause))"
            }
        } catch {
            PathText.remove(aside.path)
            throw error
        }
        return aside
    }

    /// Replaces the file with these items, on the disk itself before it returns.
    /// - Parameter failed: the words for a write that failed.
    func write(
        _ items: [Item], failed: (AtomicFile.Failure) -> String = \.description
    ) throws(KeptListError) {
        let data: Data
        do {
            data = try Self.encoder().encode(Written(items: items))
        } catch {
            throw failure("could not encode \(kind.plural)")
        }
        guard data.count <= kind.maximumFileBytes else {
            throw failure(
                "the file would be \(data.count) bytes, more than the \(Self.size(kind.maximumFileBytes)) it is kept within"
            )
        }
        do {
            try AtomicFile.write(data, to: AtomicFile.followingLinks(fileURL))
        } catch {
            throw failure(failed(error))
        }
    }

    /// Releases a lock `lock()` took.
    func unlock(_ descriptor: Int32) {
        fileLock.unlock(descriptor)
    }

    /// The lock file, open and locked: waited for a bounded time (`FileLock`), never for another process forever.
    func lock() throws(KeptListError) -> Int32 {
        do {
            return try fileLock.lock { () throws(FileLock.Failure) in
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                } catch {
                    throw FileLock.Failure(reason: "could not create \(directory.path)")
                }
            }
        } catch {
            throw failure(error.reason)
        }
    }

    /// A bound as messages say it: "16 MB", "4 KB".
    private static func size(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 ? "\(bytes / (1024 * 1024)) MB" : bytes >= 1024 ? "\(bytes / 1024) KB" : "\(bytes) bytes"
    }

    /// The list could not be read or changed, for this reason.
    func failure(_ reason: String) -> KeptListError {
        KeptListError(things: kind.plural, location: location, reason: reason)
    }
}
