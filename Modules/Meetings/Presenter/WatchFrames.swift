import Core
import Foundation

/// `watch N` in a pipe: a frame now, then one just after each following second turns, `count` in all, until
/// one fails. Counted in frames, not by the clock, so a pinned `--now` still ends.
@MainActor
struct WatchFrames {
    let scheduler: any Scheduler
    let now: @MainActor () -> Date

    func run(
        _ count: Int, draw: @escaping @MainActor (_ isFollowUp: Bool, _ done: @escaping CommandCompletion) -> Void,
        completion: @escaping CommandCompletion, isFollowUp: Bool = false
    ) {
        draw(isFollowUp) { result in
            guard count > 1, result == .success else { return completion(result) }
            let intoSecond = now().timeIntervalSince1970 - now().timeIntervalSince1970.rounded(.down)
            _ = scheduler.schedule(after: intoSecond == 0 ? 1 : 1 - intoSecond + 0.001) {
                run(count - 1, draw: draw, completion: completion, isFollowUp: true)
            }
        }
    }
}
