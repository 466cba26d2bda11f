import Core
import Platform

/// What the board does by itself, and when: the next automatic fetch (the refresh interval, or the backoff
/// while fetches fail) and a wake-up when the next race leaves the board. At most one of each is pending.
@MainActor
final class RaceListTimers {
    private let scheduler: any Scheduler
    private let policy: RefreshPolicy
    private var nextFetch: (any ScheduledWork)?
    private var nextExpiry: (any ScheduledWork)?
    private var nextTick: (any ScheduledWork)?

    init(scheduler: any Scheduler, policy: RefreshPolicy) {
        self.scheduler = scheduler
        self.policy = policy
    }

    /// Replaces any pending automatic fetch; none while automatic fetches are off.
    func scheduleFetch(afterConsecutiveFailures failures: Int, _ fetch: @escaping @MainActor () -> Void) {
        nextFetch?.cancel()
        nextFetch = policy.delay(afterConsecutiveFailures: failures).map { scheduler.schedule(after: $0, fetch) }
    }

    /// Replaces any pending expiry wake-up with one at `expiry` (at least a second from now), so a board that
    /// runs short is refilled at once, not only at the next command. None while automatic fetches are off.
    func scheduleExpiry(at expiry: Date?, now: Date, _ wake: @escaping @MainActor () -> Void) {
        nextExpiry?.cancel()
        nextExpiry = nil
        guard policy.isEnabled, let expiry else { return }
        nextExpiry = scheduler.schedule(after: max(1, expiry.timeIntervalSince(now)), wake)
    }

    /// Just after the clock's next whole second (a second when the clock stands still), so a countdown shown
    /// moves when the second does. Replaces the tick pending.
    func scheduleTick(now: Date, _ tick: @escaping @MainActor () -> Void) {
        nextTick?.cancel()
        nextTick = scheduler.schedule(after: ClockTime.untilNextSecond(from: now), tick)
    }

    /// `draw` now, then `count` more times just after each following second turns (told it is a follow-up), so
    /// each frame's countdowns are new; until one fails. Counted in frames, not by the clock, so a pinned
    /// `--now` still ends.
    func frames(
        _ count: Int, now: @escaping @MainActor () -> Date,
        draw: @escaping @MainActor (_ isFollowUp: Bool, _ done: @escaping CommandCompletion) -> Void,
        completion: @escaping CommandCompletion, isFollowUp: Bool = false
    ) {
        WatchFrames(scheduler: scheduler, now: now).run(
            count + 1, draw: draw, completion: completion, isFollowUp: isFollowUp)
    }
}
