import RaceData

/// What the race list's presenter may ask of its interactor.
public protocol RaceListInteractorInput: AnyObject, Sendable {
    /// Names the data source in messages.
    var sourceDescription: String { get }

    /// Fetches the current races and calls `completion` on the main actor.
    ///
    /// Requests made while a fetch is in flight join it: they all receive
    /// that fetch's result, and no second fetch starts alongside it.
    func refresh(completion: @escaping RaceListFetchCompletion)
}

public typealias RaceListFetchCompletion = @MainActor @Sendable (Result<RaceFeed, RaceDataError>) -> Void
