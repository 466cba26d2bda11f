import Platform

/// `watch N` in a pipe: a frame now, then one just after each following second turns, `count` in all, until
/// one fails. Counted in frames, not by the clock, so a pinned `--now` still ends. The board and the meetings
/// screens draw their frames by it.
@MainActor
public struct WatchFrames {
    let scheduler: any Scheduler
    let now: @MainActor () -> Date

    public init(scheduler: any Scheduler, now: @escaping @MainActor () -> Date) {
        self.scheduler = scheduler
        self.now = now
    }

    public func run(
        _ count: Int, draw: @escaping @MainActor (_ isFollowUp: Bool, _ done: @escaping CommandCompletion) -> Void,
        completion: @escaping CommandCompletion, isFollowUp: Bool = false
    ) {
        draw(isFollowUp) { result in
            guard count > 1, result == .success else { return completion(result) }
            _ = scheduler.schedule(after: ClockTime.untilNextSecond(from: now())) {
                run(count - 1, draw: draw, completion: completion, isFollowUp: true)
            }
        }
    }
}
