import Core
import RaceData

/// A kept list in memory, for interactors and presenters' fakes: answers at once, makes changes as a store
/// does, and fails every call while told to.
@MainActor
public final class FakeKeptList<Item: KeptItem>: KeptList {
    public private(set) var items: [Item]
    /// Every change asked for, in order.
    public private(set) var changes: [KeptListChange<Item>] = []
    private var failure: KeptListError?

    public nonisolated init(_ items: [Item] = []) {
        self.items = items
    }

    public nonisolated var location: String { "memory" }

    /// Every call fails with this until it is set back to nil.
    public func fail(with error: KeptListError?) { failure = error }

    public func load() throws(KeptListError) -> KeptListState<Item> {
        if let failure { throw failure }
        return KeptListState(items: items)
    }

    public func apply(_ change: KeptListChange<Item>) throws(KeptListError) -> KeptListState<Item> {
        if let failure { throw failure }
        if let reason = change.refusal(given: items) {
            throw KeptListError(things: Item.keptList.plural, location: location, reason: reason)
        }
        changes.append(change)
        items = change.applied(to: items)
        return KeptListState(items: items)
    }
}
