import Core
import FavouritesInteractor
import FavouritesPresenter
import FavouritesView
import Foundation
import RaceData
import TestSupport
import Testing

public final class FakeFavouritesInteractor: FavouritesInteractorInput, @unchecked Sendable {
    public let favourites: FakeFavourites
    /// Races "in the feed"; touched from the main actor only.
    public var latest: [String: Race] = [:]

    public init(_ favourites: [FavouriteRace]) { self.favourites = FakeFavourites(favourites) }

    @MainActor public func loadFavourites() -> Result<FavouritesState, FavouritesError> { favourites.result(of: nil) }

    @MainActor public func removeFavourites(ids: Set<String>) -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: .remove(ids))
    }

    /// Prunes, as the store does them (a removal that keeps a copy first), recorded apart from removals.
    public private(set) var pruned: [Set<String>] = []

    @MainActor
    public func pruneFavourites(ids: Set<String>) -> Result<FavouritesState, FavouritesError> {
        pruned.append(ids)
        return favourites.result(of: .remove(ids))
    }

    public func latestRace(id: String, completion: @escaping @MainActor @Sendable (Race?) -> Void) {
        let race = latest[id]
        MainActor.assumeIsolated { completion(race) }
    }
}

@MainActor
public final class FakeFavouritesView: FavouritesViewInput {
    public init() {}

    public private(set) var displayed: [FavouritesViewModel] = []
    public private(set) var errors: [String] = []
    public private(set) var warnings: [String] = []

    public var rows: [String] {
        guard case .races(let rows)? = displayed.last?.content else { return [] }
        return rows.map { "\($0.position) \($0.meetingName) R\($0.raceNumber.dropFirst()) \($0.status)" }
    }

    public func display(_ viewModel: FavouritesViewModel) { displayed.append(viewModel) }
    public func displayCommandError(_ message: String) { errors.append(message) }
    public func displayWarning(_ message: String) { warnings.append(message) }
}

/// Records where the presenter asked to go, and finishes at once. Navigation the test did not say to expect
/// (`expectNavigation()`) fails the test.
@MainActor
public final class FakeFavouritesRouter: RaceOpeningRecorder, FavouritesRouterInput {}

/// The favourites screen's presenter as its screen drives it: records each call, in words, and finishes at once.
@MainActor
public final class RecordingFavouritesPresenter: CallRecorder, FavouritesModuleInput {
    public var drawnCount = 0

    public func show(completion: @escaping CommandCompletion) { record("show", completion) }
    public func showLive() { record("showLive") }
    public func unfavourite(position: Int, completion: @escaping CommandCompletion) {
        record("unfavourite(\(position))", completion)
    }
    public func openRace(position: Int, completion: @escaping CommandCompletion) {
        record("openRace(\(position))", completion)
    }
}

/// The favourites screen's interactor as failing values: each call fails the test until the test gives it a body.
public final class FailingFavouritesInteractor: FavouritesInteractorInput, @unchecked Sendable {
    // Set and called on the main actor only.
    public var onLoadFavourites: @MainActor () -> Result<FavouritesState, FavouritesError> = {
        unexpectedFavouritesCall("loadFavourites")
    }
    public var onRemoveFavourites: @MainActor (Set<String>) -> Result<FavouritesState, FavouritesError> = {
        unexpectedFavouritesCall("removeFavourites(\($0.sorted()))")
    }
    public var onPruneFavourites: @MainActor (Set<String>) -> Result<FavouritesState, FavouritesError> = {
        unexpectedFavouritesCall("pruneFavourites(\($0.sorted()))")
    }
    public var onLatestRace: @MainActor (String, @escaping @MainActor @Sendable (Race?) -> Void) -> Void = { id, _ in
        unexpectedCall("latestRace(\(id))")
    }

    public init() {}

    @MainActor
    public func loadFavourites() -> Result<FavouritesState, FavouritesError> { onLoadFavourites() }

    @MainActor
    public func removeFavourites(ids: Set<String>) -> Result<FavouritesState, FavouritesError> {
        onRemoveFavourites(ids)
    }

    @MainActor
    public func pruneFavourites(ids: Set<String>) -> Result<FavouritesState, FavouritesError> {
        onPruneFavourites(ids)
    }

    public func latestRace(id: String, completion: @escaping @MainActor @Sendable (Race?) -> Void) {
        MainActor.assumeIsolated { onLatestRace(id, completion) }
    }
}
