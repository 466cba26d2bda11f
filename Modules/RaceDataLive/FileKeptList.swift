import Core
import Files
import Platform
import RaceData

/// A kept list in `<name>.json` inside a data directory (`favourites.json`), and in memory between changes.
///
/// Nothing is ever lost:
/// - every change is a transaction: take the exclusive lock (`<name>.lock`), read the file again only if it
///   changed since this process last read or wrote it, apply, write once, let go. Two processes changing the
///   list at once both land; one that cannot have the lock within a few seconds (another copy stopped with
///   Ctrl-Z) saves nothing and says who holds it;
/// - a write goes to a temporary file, synced to the disk, renamed over the old one, and the folder synced, all
///   before the change is answered: a crash or a power cut leaves the old file or the new, never half of either.
///   A file that is a symbolic link is written through, so the file it points at stays the one in use;
/// - the file is input like any other: one that does not parse, is too large, or holds entries that make no
///   sense is kept aside byte for byte (`<name>.json.<why>-<time>`) before anything is written in its place,
///   what can be kept is kept, and the user is told once;
/// - reading needs no lock and writes nothing unless the file needs repair, so a read-only data folder still
///   shows what it holds.
///
/// With `gathersChanges`, a piped script's turn (`beginTurn()` to `endTurn()`: the lines one read brought) is
/// one transaction: the first change takes the lock (and says at once if it cannot), the rest are made in memory,
/// where they stay true because no other process can change the file meanwhile, and `endTurn()` writes them all
/// once and lets go. The input loop ends the turn before the batch's answers are written, so no answer is seen
/// before its change is saved. Between turns (a `watch` redrawn each second, a prune on a timer) every look reads
/// the file as it is and every change is saved at once, as without gathering.
@MainActor
public final class FileKeptList<Item: KeptItem>: KeptList {
    /// The copies kept aside before prunes, newest first: a daily user makes about one a day.
    public nonisolated static var keptPruneCopies: Int { 5 }
    private nonisolated static var pruneTag: String { "before-prune" }

    private let file: KeptListFile<Item>
    private let gathersChanges: Bool
    /// The items as this process last read or wrote them, and the file's identity then.
    private var known: (items: [Item], identity: FileIdentity?)?
    /// The turn gathering changes, while one is open.
    private var openTurn: OpenTurn?
    /// Between `beginTurn()` and `endTurn()`.
    private var isInTurn = false
    /// With `gathersChanges`, the items as this turn first read them: a turn looks at the file once, as a
    /// script's ten thousand commands in one read would otherwise stat it ten thousand times.
    private var readThisTurn: [Item]?
    /// The last "could not be repaired" warning given, so a board redrawn every second says it once.
    private var lastUnrepairedWarning: String?
    /// The file as it was when a repair last failed: while it stays so, a look does not try again (and wait for
    /// the lock) at every draw.
    private var unrepairable: FileIdentity?

    private struct OpenTurn {
        let lockDescriptor: Int32
        /// As the file holds them.
        let saved: [Item]
        /// With the turn's changes made.
        var items: [Item]
        var changes = 0
    }

    isolated deinit {
        if let openTurn { file.unlock(openTurn.lockDescriptor) }
    }

    /// - Parameter lockPatience: how long a change waits for another copy of the app to let the list go.
    /// - Parameter gathersChanges: a turn's changes are saved together at its end (`endTurn()`).
    public init(
        directory: URL, clock: any WallClock, lockPatience: Duration = .seconds(3), gathersChanges: Bool = false
    ) {
        file = KeptListFile(directory: directory, clock: clock, lockPatience: lockPatience)
        self.gathersChanges = gathersChanges
    }

    public var directory: URL { file.directory }
    public var fileURL: URL { file.fileURL }
    public var location: String { file.location }

    /// Reading creates nothing: with no data directory yet the list is simply empty. A file that needs
    /// repair is repaired under the lock when the folder can be written; otherwise what could be read is shown,
    /// with a warning, and the file is left exactly as it is.
    public func load() throws(KeptListError) -> KeptListState<Item> {
        if let openTurn { return KeptListState(items: openTurn.items) }
        if let readThisTurn { return KeptListState(items: readThisTurn) }
        guard FileManager.default.fileExists(atPath: file.directory.path) else {
            known = nil
            return readInThisTurn([])
        }
        // Taken before the read: a change made while reading then shows as a new identity next time.
        let identity = FileIdentity(path: file.path)
        if let items = unchanged(since: identity) { return readInThisTurn(items) }
        let reading = try file.read()
        guard let problem = reading.problem else {
            remember(reading.items, identity: identity)
            return readInThisTurn(reading.items)
        }
        if let identity, identity == unrepairable { return KeptListState(items: reading.items) }
        do {
            return try transaction { current throws(KeptListError) in current }
        } catch {
            unrepairable = identity
            let warning =
                "Warning: \(problem.describe(location, kind: Item.keptList)); it could not be repaired (\(error.reason)), so it is left as it is."
            defer { lastUnrepairedWarning = warning }
            return KeptListState(items: reading.items, warning: warning == lastUnrepairedWarning ? nil : warning)
        }
    }

    /// A clean read, the answer to every look until the turn ends when a turn gathers changes.
    private func readInThisTurn(_ items: [Item]) -> KeptListState<Item> {
        if gathersChanges && isInTurn { readThisTurn = items }
        return KeptListState(items: items)
    }

    public func apply(_ change: KeptListChange<Item>) throws(KeptListError) -> KeptListState<Item> {
        guard gathersChanges && isInTurn else {
            return try transaction { current throws(KeptListError) in try saved(change, on: current) }
        }
        var warning: String?
        if openTurn == nil {
            let descriptor = try file.lock()
            do {
                let current = try currentUnderLock()
                warning = current.warning
                openTurn = OpenTurn(lockDescriptor: descriptor, saved: current.items, items: current.items)
            } catch {
                file.unlock(descriptor)
                throw error
            }
        }
        guard var turn = openTurn else { return KeptListState(items: []) }
        if case .prune = change {
            // Saved at once, with the turn's changes before it: its note names the copy of the file kept first.
            let state = try saved(change, on: KeptListState(items: turn.items))
            // A prune that removed nothing wrote nothing: the turn's changes still wait for its end.
            if state.items != turn.items {
                openTurn = OpenTurn(lockDescriptor: turn.lockDescriptor, saved: state.items, items: state.items)
            }
            return state
        }
        if let reason = change.refusal(given: turn.items) { throw file.failure(reason) }
        turn.items = change.applied(to: turn.items)
        turn.changes += 1
        openTurn = turn
        return KeptListState(items: turn.items, warning: warning)
    }

    /// Starts a turn: from now until `endTurn()`, looks read the file once and changes are gathered.
    public func beginTurn() {
        isInTurn = true
    }

    /// Writes the turn's changes, once, and lets the lock go. On failure the changes are dropped (the file is read
    /// again next time) and the error says how many.
    public func endTurn() -> KeptListError? {
        isInTurn = false
        readThisTurn = nil
        guard let turn = openTurn else { return nil }
        openTurn = nil
        defer { file.unlock(turn.lockDescriptor) }
        guard turn.items != turn.saved else { return nil }
        do {
            try file.write(turn.items)
            remember(turn.items, identity: FileIdentity(path: file.path))
            return nil
        } catch {
            known = nil
            let count = turn.changes
            return file.failure(
                "\(error.reason); the last \(count) \(Item.keptList.singular) \(count == 1 ? "change was" : "changes were") not saved"
            )
        }
    }

    // MARK: - Transactions

    /// `body` on the items as the file holds them, with the lock held throughout.
    private func transaction(
        _ body: (KeptListState<Item>) throws(KeptListError) -> KeptListState<Item>
    ) throws(KeptListError) -> KeptListState<Item> {
        let descriptor = try file.lock()
        defer { file.unlock(descriptor) }
        return try body(try currentUnderLock())
    }

    /// The items as the file holds them, read again only if it changed since; repaired if it needs it.
    private func currentUnderLock() throws(KeptListError) -> KeptListState<Item> {
        let identity = FileIdentity(path: file.path)
        if let items = unchanged(since: identity) { return KeptListState(items: items) }
        let reading = try file.read()
        let state = try file.repaired(reading)
        // A repair wrote a new file, under the lock: its identity is the one to remember.
        remember(state.items, identity: reading.problem == nil ? identity : FileIdentity(path: file.path))
        return state
    }

    /// The change made to `current` and written; nothing is written when it changes nothing. A prune that
    /// removes anything keeps the file as it was aside first, and says where.
    private func saved(
        _ change: KeptListChange<Item>, on current: KeptListState<Item>
    ) throws(KeptListError) -> KeptListState<Item> {
        if let reason = change.refusal(given: current.items) { throw file.failure(reason) }
        let items = change.applied(to: current.items)
        guard items != current.items else { return current }
        var prunedCount = 0
        if case .prune(let stale) = change {
            prunedCount = current.items.filter { stale.contains($0.id) && !items.contains($0) }.count
        }
        var notes = current.warning.map { [$0] } ?? []
        if prunedCount > 0 {
            let aside = try file.replaceKeepingAside(tag: Self.pruneTag, with: items)
            AsideCopy.removeOlder(
                of: file.fileURL, tag: Self.pruneTag, keepingNewest: Self.keptPruneCopies, keepingAlways: aside)
            notes.append(
                "Removed \(Item.keptList.counted(prunedCount)) \(Item.keptList.pruned); the file as it was is kept at \(aside.path) (the newest \(Self.keptPruneCopies) such copies are kept)."
            )
        } else {
            try file.write(items)
        }
        remember(items, identity: FileIdentity(path: file.path))
        return KeptListState(items: items, warning: notes.isEmpty ? nil : notes.joined(separator: "\n"))
    }

    // MARK: - What this process knows of the file

    /// The items as last read or written, if the file (`identity`, as it is now) is provably the same file.
    private func unchanged(since identity: FileIdentity?) -> [Item]? {
        guard let known, let identity, identity == known.identity else { return nil }
        return known.items
    }

    /// - Parameter identity: the file's, taken before it was read (or after this process wrote it, under the lock).
    private func remember(_ items: [Item], identity: FileIdentity?) {
        // Changed within the file system's coarsest time step: a later change could look the same, so the
        // next look reads the file.
        let trusted = identity.map { !$0.isRacy(now: Int(Date().timeIntervalSince1970)) } ?? false
        known = (items, trusted ? identity : nil)
    }
}

/// The favourites: a kept list of favourite races, `favourites.json`.
public typealias FileFavourites = FileKeptList<FavouriteRace>

extension FileKeptList: FavouritesRepository where Item == FavouriteRace {}

extension FileKeptList where Item == FavouriteRace {
    public nonisolated static var fileName: String { FavouriteRace.keptList.fileName }
    public nonisolated static var maximumFavourites: Int { FavouriteRace.keptList.maximumItems }
    public nonisolated static var maximumFileBytes: Int { FavouriteRace.keptList.maximumFileBytes }

    public nonisolated static func defaultDirectory(environment: [String: String]) -> URL {
        FileKeptLists.defaultDirectory(environment: environment)
    }
}
