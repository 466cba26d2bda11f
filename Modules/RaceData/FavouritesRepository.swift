import Core

/// The favourites, as every module reaches them: synchronously, on the main actor, where commands run. Each
/// change is one transaction on the store beneath (read again only if someone else changed it, changed, written
/// once); in a turn that gathers changes (a piped script's read), the turn's changes are one transaction, saved
/// when the turn ends: the app ends it before it writes what the turn answered (`FileFavourites.endTurn`).
@MainActor
public protocol FavouritesRepository: AnyObject, Sendable {
    /// Names where favourites live, for messages.
    var location: String { get }
    /// The favourites now: read again only if someone else changed them since.
    func load() throws(FavouritesError) -> FavouritesState
    /// Makes the change. The state answered is saved, or, in a turn that gathers changes, held for this process
    /// alone and saved when the turn ends.
    func apply(_ change: FavouritesChange) throws(FavouritesError) -> FavouritesState
}

extension FavouritesRepository {
    /// Adds the race if it is not a favourite, removes it if it is.
    public func toggle(_ favourite: FavouriteRace) throws(FavouritesError) -> FavouritesState {
        try apply(.toggle(favourite))
    }

    public func remove(ids: Set<String>) throws(FavouritesError) -> FavouritesState {
        try apply(.remove(ids))
    }

    public func prune(ids: Set<String>) throws(FavouritesError) -> FavouritesState {
        try apply(.prune(ids))
    }

    /// The change made (nil: a load), as a result, for interactors that hand it to their presenter.
    public func result(of change: FavouritesChange?) -> Result<FavouritesState, FavouritesError> {
        Result { () throws(FavouritesError) in
            guard let change else { return try load() }
            return try apply(change)
        }
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
