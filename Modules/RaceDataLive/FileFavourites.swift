import Core
import Files
import Platform
import RaceData

/// Favourites kept in `favourites.json` inside a data directory, and in memory between changes.
///
/// Nothing is ever lost:
/// - every change is a transaction: take the exclusive lock (`favourites.lock`), read the file again only if it
///   changed since this process last read or wrote it, apply, write once, let go. Two processes changing the
///   favourites at once both land; one that cannot have the lock within a few seconds (another copy stopped with
///   Ctrl-Z) saves nothing and says who holds it;
/// - a write goes to a temporary file, synced to the disk, renamed over the old one, and the folder synced, all
///   before the change is answered: a crash or a power cut leaves the old file or the new, never half of either.
///   A `favourites.json` that is a symbolic link is written through, so the file it points at stays the one in use;
/// - the file is input like any other: one that does not parse, is too large, or holds entries that make no
///   sense is kept aside byte for byte (`favourites.json.<why>-<time>`) before anything is written in its place,
///   what can be kept is kept, and the user is told once;
/// - reading needs no lock and writes nothing unless the file needs repair, so a read-only data folder still
///   shows its favourites.
///
/// With `gathersChanges`, a piped script's turn (`beginTurn()` to `endTurn()`: the lines one read brought) is
/// one transaction: the first change takes the lock (and says at once if it cannot), the rest are made in memory,
/// where they stay true because no other process can change the file meanwhile, and `endTurn()` writes them all
/// once and lets go. The input loop ends the turn before the batch's answers are written, so no answer is seen
/// before its change is saved. Between turns (a `watch` redrawn each second, a prune on a timer) every look reads
/// the file as it is and every change is saved at once, as without gathering.
@MainActor
public final class FileFavourites: FavouritesRepository {
    public nonisolated static let fileName = "favourites.json"
    /// Favourites are pruned a day after their race, so a real file holds a few dozen. Past these the file is
    /// not what this app wrote, and reading it whole on every command would make the board crawl.
    public nonisolated static let maximumFavourites = FavouritesChange.maximumFavourites
    public nonisolated static let maximumFileBytes = 4 * 1024 * 1024
    /// The copies kept aside before prunes, newest first: a daily user makes about one a day.
    public nonisolated static let keptPruneCopies = 5
    private nonisolated static let pruneTag = "before-prune"

    private let file: FavouritesFile
    private let gathersChanges: Bool
    /// The favourites as this process last read or wrote them, and the file's identity then.
    private var known: (favourites: [FavouriteRace], identity: FileIdentity?)?
    /// The turn gathering changes, while one is open.
    private var openTurn: OpenTurn?
    /// Between `beginTurn()` and `endTurn()`.
    private var isInTurn = false
    /// With `gathersChanges`, the favourites as this turn first read them: a turn looks at the file once, as a
    /// script's ten thousand commands in one read would otherwise stat it ten thousand times.
    private var readThisTurn: [FavouriteRace]?
    /// The last "could not be repaired" warning given, so a board redrawn every second says it once.
    private var lastUnrepairedWarning: String?
    /// The file as it was when a repair last failed: while it stays so, a look does not try again (and wait for
    /// the lock) at every draw.
    private var unrepairable: FileIdentity?

    private struct OpenTurn {
        let lockDescriptor: Int32
        /// As the file holds them.
        let saved: [FavouriteRace]
        /// With the turn's changes made.
        var favourites: [FavouriteRace]
        var changes = 0
    }

    isolated deinit {
        if let openTurn { file.unlock(openTurn.lockDescriptor) }
    }

    /// - Parameter lockPatience: how long a change waits for another copy of the app to let the favourites go.
    /// - Parameter gathersChanges: a turn's changes are saved together at its end (`endTurn()`).
    public init(
        directory: URL, clock: any WallClock, lockPatience: Duration = .seconds(3), gathersChanges: Bool = false
    ) {
        file = FavouritesFile(directory: directory, clock: clock, lockPatience: lockPatience)
        self.gathersChanges = gathersChanges
    }

    /// `--data-dir` if given, else `$XDG_DATA_HOME/next-to-go`, else `~/.local/share/next-to-go`.
    public nonisolated static func defaultDirectory(environment: [String: String]) -> URL {
        XDGDirectory.resolve("XDG_DATA_HOME", homeFallback: ".local/share", environment: environment)
    }

    public var directory: URL { file.directory }
    public var fileURL: URL { file.fileURL }
    public var location: String { file.location }

    /// Reading creates nothing: with no data directory yet there are simply no favourites. A file that needs
    /// repair is repaired under the lock when the folder can be written; otherwise what could be read is shown,
    /// with a warning, and the file is left exactly as it is.
    public func load() throws(FavouritesError) -> FavouritesState {
        if let openTurn { return FavouritesState(favourites: openTurn.favourites) }
        if let readThisTurn { return FavouritesState(favourites: readThisTurn) }
        guard FileManager.default.fileExists(atPath: file.directory.path) else {
            known = nil
            return readInThisTurn([])
        }
        // Taken before the read: a change made while reading then shows as a new identity next time.
        let identity = FileIdentity(path: file.path)
        if let favourites = unchanged(since: identity) { return readInThisTurn(favourites) }
        let reading = try file.read()
        guard let problem = reading.problem else {
            remember(reading.favourites, identity: identity)
            return readInThisTurn(reading.favourites)
        }
        if let identity, identity == unrepairable { return FavouritesState(favourites: reading.favourites) }
        do {
            return try transaction { current throws(FavouritesError) in current }
        } catch {
            unrepairable = identity
            let warning =
                "Warning: \(problem.describe(location)); it could not be repaired (\(error.reason)), so it is left as it is."
            defer { lastUnrepairedWarning = warning }
            return FavouritesState(
                favourites: reading.favourites, warning: warning == lastUnrepairedWarning ? nil : warning)
        }
    }

    /// A clean read, the answer to every look until the turn ends when a turn gathers changes.
    private func readInThisTurn(_ favourites: [FavouriteRace]) -> FavouritesState {
        if gathersChanges && isInTurn { readThisTurn = favourites }
        return FavouritesState(favourites: favourites)
    }

    public func apply(_ change: FavouritesChange) throws(FavouritesError) -> FavouritesState {
        guard gathersChanges && isInTurn else {
            return try transaction { current throws(FavouritesError) in try saved(change, on: current) }
        }
        var warning: String?
        if openTurn == nil {
            let descriptor = try file.lock()
            do {
                let current = try currentUnderLock()
                warning = current.warning
                openTurn = OpenTurn(
                    lockDescriptor: descriptor, saved: current.favourites, favourites: current.favourites)
            } catch {
                file.unlock(descriptor)
                throw error
            }
        }
        guard var turn = openTurn else { return FavouritesState(favourites: []) }
        if case .prune = change {
            // Saved at once, with the turn's changes before it: its note names the copy of the file kept first.
            let state = try saved(change, on: FavouritesState(favourites: turn.favourites))
            // A prune that removed nothing wrote nothing: the turn's changes still wait for its end.
            if state.favourites != turn.favourites {
                openTurn = OpenTurn(
                    lockDescriptor: turn.lockDescriptor, saved: state.favourites, favourites: state.favourites)
            }
            return state
        }
        if let reason = change.refusal(given: turn.favourites) {
            throw .unavailable(location: location, reason: reason)
        }
        turn.favourites = change.applied(to: turn.favourites)
        turn.changes += 1
        openTurn = turn
        return FavouritesState(favourites: turn.favourites, warning: warning)
    }

    /// Starts a turn: from now until `endTurn()`, looks read the file once and changes are gathered.
    public func beginTurn() {
        isInTurn = true
    }

    /// Writes the turn's changes, once, and lets the lock go. On failure the changes are dropped (the file is read
    /// again next time) and the error says how many.
    public func endTurn() -> FavouritesError? {
        isInTurn = false
        readThisTurn = nil
        guard let turn = openTurn else { return nil }
        openTurn = nil
        defer { file.unlock(turn.lockDescriptor) }
        guard turn.favourites != turn.saved else { return nil }
        do {
            try file.write(turn.favourites)
            remember(turn.favourites, identity: FileIdentity(path: file.path))
            return nil
        } catch {
            known = nil
            let count = turn.changes
            return .unavailable(
                location: location,
                reason:
                    "\(error.reason); the last \(count) favourite \(count == 1 ? "change was" : "changes were") not saved"
            )
        }
    }

    // MARK: - Transactions

    /// `body` on the favourites as the file holds them, with the lock held throughout.
    private func transaction(
        _ body: (FavouritesState) throws(FavouritesError) -> FavouritesState
    ) throws(FavouritesError) -> FavouritesState {
        let descriptor = try file.lock()
        defer { file.unlock(descriptor) }
        return try body(try currentUnderLock())
    }

    /// The favourites as the file holds them, read again only if it changed since; repaired if it needs it.
    private func currentUnderLock() throws(FavouritesError) -> FavouritesState {
        let identity = FileIdentity(path: file.path)
        if let favourites = unchanged(since: identity) { return FavouritesState(favourites: favourites) }
        let reading = try file.read()
        let state = try file.repaired(reading)
        // A repair wrote a new file, under the lock: its identity is the one to remember.
        remember(state.favourites, identity: reading.problem == nil ? identity : FileIdentity(path: file.path))
        return state
    }

    /// The change made to `current` and written; nothing is written when it changes nothing. A prune that
    /// removes anything keeps the file as it was aside first, and says where.
    private func saved(
        _ change: FavouritesChange, on current: FavouritesState
    ) throws(FavouritesError) -> FavouritesState {
        if let reason = change.refusal(given: current.favourites) {
            throw .unavailable(location: location, reason: reason)
        }
        let favourites = change.applied(to: current.favourites)
        guard favourites != current.favourites else { return current }
        var prunedCount = 0
        if case .prune(let stale) = change {
            prunedCount = current.favourites.filter { stale.contains($0.id) && !favourites.contains($0) }.count
        }
        var notes = current.warning.map { [$0] } ?? []
        if prunedCount > 0 {
            let aside = try file.replaceKeepingAside(tag: Self.pruneTag, with: favourites)
            AsideCopy.removeOlder(
                of: file.fileURL, tag: Self.pruneTag, keepingNewest: Self.keptPruneCopies, keepingAlways: aside)
            notes.append(
                "Removed \(prunedCount) \(prunedCount == 1 ? "favourite" : "favourites") of races that jumped over a day ago; the file as it was is kept at \(aside.path) (the newest \(Self.keptPruneCopies) such copies are kept)."
            )
        } else {
            try file.write(favourites)
        }
        remember(favourites, identity: FileIdentity(path: file.path))
        return FavouritesState(favourites: favourites, warning: notes.isEmpty ? nil : notes.joined(separator: "\n"))
    }

    // MARK: - What this process knows of the file

    /// The favourites as last read or written, if the file (`identity`, as it is now) is provably the same file.
    private func unchanged(since identity: FileIdentity?) -> [FavouriteRace]? {
        guard let known, let identity, identity == known.identity else { return nil }
        return known.favourites
    }

    /// - Parameter identity: the file's, taken before it was read (or after this process wrote it, under the lock).
    private func remember(_ favourites: [FavouriteRace], identity: FileIdentity?) {
        // Changed within the file system's coarsest time step: a later change could look the same, so the
        // next look reads the file.
        let trusted = identity.map { !$0.isRacy(now: Int(Date().timeIntervalSince1970)) } ?? false
        known = (favourites, trusted ? identity : nil)
    }
}
