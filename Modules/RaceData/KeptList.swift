import Core
import Platform

/// Something the user keeps between runs in a list of its own (a favourite race, a blackbook entry): written to
/// disk as JSON, read back as input.
public protocol KeptItem: Codable, Sendable, Equatable {
    /// One item per id: adding an id that is there replaces it, or removes it when toggled.
    var id: String { get }
    /// Why an entry read from disk cannot be one this app saved, or nil if it can.
    var implausibility: String? { get }
    /// Where a file holds more than the most kept, the latest by this are kept.
    var keptOrder: Date { get }
    /// The list's name, limits and words.
    static var keptList: KeptListKind { get }
}

/// A kind of kept list: its file, its limits, and how messages name what it holds.
public struct KeptListKind: Sendable {
    /// The file's base name and the JSON member that holds the list (`favourites`: `favourites.json`).
    public let name: String
    /// What one item is called in messages ("favourite").
    public let singular: String
    /// And more than one ("favourites").
    public let plural: String
    /// Past this the file is not what the app wrote.
    public let maximumItems: Int
    /// The most the app writes: a change that would make the file larger is refused before it is acknowledged.
    public let maximumFileBytes: Int
    /// How the user makes room ("`unfav N` on `favs`").
    public let makingRoom: String
    /// What a prune removed, after the count ("of races that jumped over a day ago").
    public let pruned: String

    public init(
        name: String, singular: String, plural: String, maximumItems: Int, maximumFileBytes: Int,
        makingRoom: String, pruned: String
    ) {
        self.name = name
        self.singular = singular
        self.plural = plural
        self.maximumItems = maximumItems
        self.maximumFileBytes = maximumFileBytes
        self.makingRoom = makingRoom
        self.pruned = pruned
    }

    public var fileName: String { "\(name).json" }

    /// The most the app reads. Past `maximumFileBytes` (a file an older copy wrote, or one edited by hand) the
    /// file is still read, so an entry too large costs only itself; past this it is kept aside unread.
    public var largestReadableFile: Int { maximumFileBytes * 4 }

    @inlinable
    public func counted(_ count: Int) -> String { "\(count) \(count == 1 ? singular : plural)" }
}

/// A kept list as every module reaches it: synchronously, on the main actor, where commands run. Each change is
/// one transaction on the store beneath (read again only if someone else changed it, changed, written once); in
/// a turn that gathers changes (a piped script's read), the turn's changes are one transaction, saved when the
/// turn ends: the app ends it before it writes what the turn answered (`FileKeptList.endTurn`).
@MainActor
public protocol KeptList<Item>: AnyObject, Sendable {
    associatedtype Item: KeptItem
    /// Names where the list lives, for messages.
    var location: String { get }
    /// The items now: read again only if someone else changed them since.
    func load() throws(KeptListError) -> KeptListState<Item>
    /// Makes the change. The state answered is saved, or, in a turn that gathers changes, held for this process
    /// alone and saved when the turn ends.
    func apply(_ change: KeptListChange<Item>) throws(KeptListError) -> KeptListState<Item>
}

extension KeptList {
    /// The change made (nil: a load), as a result, for interactors that hand it to their presenter.
    @inlinable
    public func result(of change: KeptListChange<Item>?) -> Result<KeptListState<Item>, KeptListError> {
        Result { () throws(KeptListError) in
            guard let change else { return try load() }
            return try apply(change)
        }
    }
}

/// Makes the app's kept lists, one for each kind of item: a feature asks for its own (`list(of:)`) and never
/// learns where or how it is kept.
@MainActor
public protocol KeptListStore: AnyObject {
    func list<Item: KeptItem>(of type: Item.Type) -> any KeptList<Item>
}

/// One change to a kept list.
public enum KeptListChange<Item: KeptItem>: Sendable, Equatable {
    /// Adds the item if its id is not there, removes it if it is.
    case toggle(Item)
    /// Adds the item, or puts it in the place of the one with its id.
    case put(Item)
    /// Puts the item in the place of the one with its id, and does nothing when none has it: a change to an item
    /// as this copy last drew it (a note) never brings back one another copy removed since.
    case replace(Item)
    case remove(Set<String>)
    /// Removes items gone stale, as `remove` does; a store that keeps a file keeps a copy of it as it was
    /// first, since the clock that judged them stale may be wrong.
    case prune(Set<String>)

    /// Why this change cannot be made to these items, if it cannot: adding one past the most kept, or one the
    /// next read would find senseless, is refused before it is acknowledged (once both were acknowledged, and the
    /// next read dropped one).
    @inlinable
    public func refusal(given items: [Item]) -> String? {
        let kind = Item.keptList
        let added: Item
        switch self {
        case .toggle(let item) where items.contains(where: { $0.id == item.id }): return nil
        case .toggle(let item), .put(let item), .replace(let item): added = item
        case .remove, .prune: return nil
        }
        if let reason = added.implausibility {
            return "a \(kind.singular) with \(reason) would not be read back, so it is not kept"
        }
        if case .replace = self { return nil }
        guard items.count >= kind.maximumItems, !items.contains(where: { $0.id == added.id }) else { return nil }
        return
            "it holds \(kind.counted(kind.maximumItems)), the most it keeps; remove one (\(kind.makingRoom)) before adding another"
    }

    /// The items with this change made, as a store makes it.
    @inlinable
    public func applied(to items: [Item]) -> [Item] {
        var changed = items
        switch self {
        case .toggle(let item):
            if let index = changed.firstIndex(where: { $0.id == item.id }) {
                changed.remove(at: index)
            } else {
                changed.append(item)
            }
        case .put(let item):
            if let index = changed.firstIndex(where: { $0.id == item.id }) {
                changed[index] = item
            } else {
                changed.append(item)
            }
        case .replace(let item):
            if let index = changed.firstIndex(where: { $0.id == item.id }) { changed[index] = item }
        case .remove(let ids), .prune(let ids):
            changed.removeAll { ids.contains($0.id) }
        }
        return changed
    }
}

/// The items after a store call, and a warning to show once if the call found a damaged file and set it aside.
public struct KeptListState<Item: KeptItem>: Sendable, Equatable {
    public let items: [Item]
    public let warning: String?

    // Inlinable, so a caller's use is made for its own item type: a board asks at every draw.
    @inlinable
    public init(items: [Item], warning: String? = nil) {
        self.items = items
        self.warning = warning
    }

    @inlinable
    public func contains(_ id: String) -> Bool { items.contains { $0.id == id } }
    @inlinable
    public var ids: Set<String> { Set(items.lazy.map { $0.id }) }
}

/// A kept list could not be read or changed; what was saved is as it was.
public struct KeptListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the list holds, in messages ("favourites").
    public let things: String
    public let location: String
    /// The cause alone.
    public let reason: String

    public init(things: String, location: String, reason: String) {
        self.things = things
        self.location = location
        self.reason = reason
    }

    public var description: String {
        "Could not update \(things) in \(location): \(reason). Nothing saved was lost."
    }
}
