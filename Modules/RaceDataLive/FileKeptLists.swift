import Core
import Files
import Platform
import RaceData

/// The app's kept lists, each a file in one data directory, made the first time a feature asks for it and kept
/// for the run; a piped script's turn begins and ends for all of them together.
@MainActor
public final class FileKeptLists: KeptListStore {
    public let directory: URL
    private let clock: any WallClock
    private let lockPatience: Duration
    private let gathersChanges: Bool
    /// By kind name; each a `FileKeptList` of its own item type.
    private var lists: [String: any TurnTaking] = [:]
    private var isInTurn = false

    /// - Parameters: as `FileKeptList`'s, for every list.
    public init(
        directory: URL, clock: any WallClock, lockPatience: Duration = .seconds(3), gathersChanges: Bool = false
    ) {
        self.directory = directory
        self.clock = clock
        self.lockPatience = lockPatience
        self.gathersChanges = gathersChanges
    }

    public func list<Item: KeptItem>(of type: Item.Type) -> any KeptList<Item> {
        fileList(of: type)
    }

    /// The list itself, for the app's own use of it (the favourites it hands every feature).
    public func fileList<Item: KeptItem>(of type: Item.Type) -> FileKeptList<Item> {
        if let made = lists[Item.keptList.name] as? FileKeptList<Item> { return made }
        let list = FileKeptList<Item>(
            directory: directory, clock: clock, lockPatience: lockPatience, gathersChanges: gathersChanges)
        if isInTurn { list.beginTurn() }
        lists[Item.keptList.name] = list
        return list
    }

    public var favourites: FileFavourites { fileList(of: FavouriteRace.self) }

    /// Starts a turn for every list (`FileKeptList.beginTurn()`), and for any made during it.
    public func beginTurn() {
        isInTurn = true
        for list in lists.values { list.beginTurn() }
    }

    /// Ends every list's turn; what failed to save, in the lists' name order.
    public func endTurn() -> [KeptListError] {
        isInTurn = false
        return lists.keys.sorted().compactMap { lists[$0]?.endTurn() }
    }

    /// `--data-dir` if given, else `$XDG_DATA_HOME/next-to-go`, else `~/.local/share/next-to-go`.
    public nonisolated static func defaultDirectory(environment: [String: String]) -> URL {
        XDGDirectory.resolve("XDG_DATA_HOME", homeFallback: ".local/share", environment: environment)
    }
}

/// A list whose changes a turn gathers.
@MainActor
protocol TurnTaking: AnyObject {
    func beginTurn()
    func endTurn() -> KeptListError?
}

extension FileKeptList: TurnTaking {}
