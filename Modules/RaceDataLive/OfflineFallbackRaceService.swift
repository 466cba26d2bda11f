import Core
import Platform
import RaceData
import Synchronization

/// Wraps any race service for a board left running: every good answer with races is saved to the `FeedCache`, and if the very first fetch fails, the copy saved earlier stands in, marked offline
/// with its age and the reason. Any failure: a maintenance page in HTML, a captive portal's login, a body that is
/// not JSON or JSON that is not the feed are exactly when the copy is wanted, as much as a refused connection. An
/// answer that decodes but has no race to show is not saved over a copy that has some. After one live success a
/// failure is a failure: the board keeps its own last good races.
public final class OfflineFallbackRaceService: RaceService {
    private let service: any RaceService
    private let cache: FeedCache?
    private let cacheKey: URL
    private let offlineCopy: CachedFeed?
    private let clock: any WallClock
    private let hasFetchedLive = LockedFlag()

    /// - Parameters:
    ///   - cacheKey: what the copy is saved under (the service's URL).
    ///   - offlineCopy: the copy saved by an earlier run, looked up at start.
    public init(
        wrapping service: any RaceService, cache: FeedCache?, cacheKey: URL, offlineCopy: CachedFeed?,
        clock: any WallClock
    ) {
        self.service = service
        self.cache = cache
        self.cacheKey = cacheKey
        self.offlineCopy = offlineCopy
        self.clock = clock
    }

    public var sourceDescription: String { service.sourceDescription }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        let feed: RaceFeed
        do {
            feed = try service.fetchRaces()
        } catch {
            guard !hasFetchedLive.isSet, let offlineCopy else { throw error }
            return offlineCopy.feed.offline(savedAt: offlineCopy.savedAt, because: error)
        }
        hasFetchedLive.set()
        if !feed.races.isEmpty { cache?.save(feed, for: cacheKey, at: clock.now()) }
        return feed
    }
}

/// A flag threads may set and read.
final class LockedFlag: Sendable {
    private let value = Mutex(false)

    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
