import Core
import Dispatch
import RaceData
import Synchronization

/// Fetches races on one serial queue, so fetches never run side by side, and
/// folds overlapping refresh requests into the fetch already under way.
///
/// It keeps no race data of its own: the presenter owns the state. Each
/// good fetch is also published to `latestRaces` for the other modules.
/// Favourites and settings go through their stores, on the main actor: local
/// files that answer in microseconds, never behind a slow fetch.
public final class RaceListInteractor: RaceListInteractorInput {
    private let service: any RaceService
    private let favourites: any FavouritesRepository
    private let settings: (any SettingsStore)?
    private let latestRaces: LatestRaces
    private let statusBook: RaceStatusBook
    private let queue: DispatchQueue
    private let deliver: MainDelivery
    private let pending = Mutex(PendingRequests())

    private struct PendingRequests {
        var waiters: [RaceListFetchCompletion] = []
        var fetchScheduled = false
    }

    /// - Parameter deliver: how results reach the main actor; the default hops
    ///   onto the main queue.
    public init(
        service: any RaceService,
        favourites: any FavouritesRepository,
        settings: (any SettingsStore)? = nil,
        latestRaces: LatestRaces = LatestRaces(),
        statusBook: RaceStatusBook = RaceStatusBook(),
        queue: DispatchQueue = DispatchQueue(label: "NextToGo.RaceListInteractor"),
        deliver: @escaping MainDelivery = deliverOnMain
    ) {
        self.service = service
        self.favourites = favourites
        self.settings = settings
        self.latestRaces = latestRaces
        self.statusBook = statusBook
        self.queue = queue
        self.deliver = deliver
    }

    public var sourceDescription: String { service.sourceDescription }

    public var abandonedRaceIDs: Set<String> { statusBook.abandonedRaceIDs }

    public func refresh(completion: @escaping RaceListFetchCompletion) {
        let mustSchedule = pending.withLock { requests in
            requests.waiters.append(completion)
            defer { requests.fetchScheduled = true }
            return !requests.fetchScheduled
        }
        guard mustSchedule else { return }
        queue.async { [self] in runFetch() }
    }

    /// Runs on `queue`. Waiters are taken after the fetch, so every request
    /// that arrived while it ran gets its result.
    private func runFetch() {
        latestRaces.fetchStarted()
        let result = Result { () throws(RaceDataError) in try service.fetchRaces() }
        latestRaces.fetchFinished(with: try? result.get().races)
        let waiters = pending.withLock { requests in
            defer { requests = PendingRequests() }
            return requests.waiters
        }
        deliver {
            for waiter in waiters { waiter(result) }
        }
    }

    @MainActor
    public func loadFavourites() -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: nil)
    }

    @MainActor
    public func toggleFavourite(_ favourite: FavouriteRace) -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: .toggle(favourite))
    }

    @MainActor
    public func saveSettings(_ board: BoardSettings) -> Result<SavedSettings, SettingsError> {
        guard let settings else { return .failure(SettingsError("this board keeps no settings")) }
        return Result { () throws(SettingsError) in try settings.save(board) }
    }
}
