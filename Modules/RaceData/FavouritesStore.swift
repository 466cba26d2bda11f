import Core

/// Persistent favourites. Every call is a whole, atomic step: a toggle is one
/// read-modify-write that no other process can interleave with.
public protocol FavouritesStore: Sendable {
    /// Names where favourites live, for messages.
    var location: String { get }
    func load() throws(FavouritesError) -> FavouritesState
    /// Adds the race if it is not a favourite, removes it if it is.
    func toggle(_ favourite: FavouriteRace) throws(FavouritesError) -> FavouritesState
    func remove(ids: Set<String>) throws(FavouritesError) -> FavouritesState
    /// The changes in order, as one step: one read-modify-write for all of them. No changes is a load.
    func apply(_ changes: [FavouritesChange]) throws(FavouritesError) -> FavouritesState
    /// Keeps the favourites to this process (no other process changes them) until `release()`, so answers
    /// worked out in memory meanwhile stay true; `apply` works as usual while held.
    func hold() throws(FavouritesError)
    func release()
}

extension FavouritesStore {
    /// A store no other process shares has nothing to hold.
    public func hold() throws(FavouritesError) {}
    public func release() {}

    /// One call per change; a store that can do them in one step does.
    public func apply(_ changes: [FavouritesChange]) throws(FavouritesError) -> FavouritesState {
        var state = try load()
        for change in changes {
            switch change {
            case .toggle(let favourite): state = try toggle(favourite)
            case .remove(let ids), .prune(let ids): state = try remove(ids: ids)
            }
        }
        return state
    }
}

/// One change to the favourites.
public enum FavouritesChange: Sendable, Equatable {
    /// Adds the race if it is not a favourite, removes it if it is.
    case toggle(FavouriteRace)
    case remove(Set<String>)
    /// Removes favourites of races that jumped long ago, as `remove` does; a store that keeps a file keeps a
    /// copy of it as it was first, since the clock that judged them old may be wrong.
    case prune(Set<String>)

    /// The most favourites kept: they are pruned a day after their race, so a real list holds a few dozen.
    public static let maximumFavourites = 1_000

    /// Why this change cannot be made to these favourites, if it cannot: adding one past the most kept is
    /// refused before it is acknowledged (once it was acknowledged, and the next read dropped another).
    public func refusal(given favourites: [FavouriteRace]) -> String? {
        guard case .toggle(let favourite) = self, favourites.count >= Self.maximumFavourites,
            !favourites.contains(where: { $0.id == favourite.id })
        else { return nil }
        return
            "it holds \(Self.maximumFavourites) favourites, the most it keeps; remove one (`unfav N` on `favs`) before adding another"
    }

    /// The favourites with this change made, as a store makes it.
    public func applied(to favourites: [FavouriteRace]) -> [FavouriteRace] {
        switch self {
        case .toggle(let favourite):
            var changed = favourites
            if let index = changed.firstIndex(where: { $0.id == favourite.id }) {
                changed.remove(at: index)
            } else {
                changed.append(favourite)
            }
            return changed
        case .remove(let ids), .prune(let ids):
            return favourites.filter { !ids.contains($0.id) }
        }
    }

    func applied(to state: FavouritesState) -> FavouritesState {
        FavouritesState(favourites: applied(to: state.favourites))
    }
}

/// The favourites after a store call, and a warning to show once if the
/// call found a damaged file and set it aside.
public struct FavouritesState: Sendable, Equatable {
    public let favourites: [FavouriteRace]
    public let warning: String?

    public init(favourites: [FavouriteRace], warning: String? = nil) {
        self.favourites = favourites
        self.warning = warning
    }

    public func contains(_ id: String) -> Bool { favourites.contains { $0.id == id } }
    public var ids: Set<String> { Set(favourites.map(\.id)) }
}

public enum FavouritesError: Error, Sendable, Equatable, CustomStringConvertible {
    case unavailable(location: String, reason: String)

    public var description: String {
        switch self {
        case .unavailable(let location, let reason):
            "Could not update favourites in \(location): \(reason). Nothing saved was lost."
        }
    }

    /// The cause alone.
    public var reason: String {
        switch self {
        case .unavailable(_, let reason): reason
        }
    }
}
