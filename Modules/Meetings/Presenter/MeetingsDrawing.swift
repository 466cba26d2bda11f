import Core
import MeetingsInteractor
import Platform

/// What both meetings screens do the same way: the day's answer kept from the last fetch, fetched for a
/// command's draw and again behind a live one (which never waits for it), and a pipe's `watch` as a draw a
/// second. What a draw shows is the presenter's (`render`).
@MainActor
final class MeetingsDrawing {
    private let interactor: any MeetingsInteractorInput
    private let frames: WatchFrames
    private(set) var answer: MeetingsAnswer?
    /// While a pipe's `watch` runs: whether the draw is a frame after the first; nil when not watching.
    private(set) var watchFrame: Bool?

    init(interactor: any MeetingsInteractorInput, scheduler: any Scheduler, clock: any WallClock) {
        self.interactor = interactor
        frames = WatchFrames(scheduler: scheduler, now: { clock.now() })
    }

    /// Fetches (or takes the answer kept) and draws with `render`, which says how the draw went; a failed fetch is
    /// told to `fail`.
    func show(
        render: @escaping @MainActor (MeetingsAnswer) -> CommandResult, fail: @escaping @MainActor (String) -> Void,
        completion: @escaping CommandCompletion
    ) {
        interactor.fetchMeetings { [weak self] result in
            switch result {
            case .success(let answer):
                self?.answer = answer
                completion(render(answer))
            case .failure(let error):
                fail("Could not list the meetings: \(error.description)")
                completion(.failure(error.exitStatus))
            }
        }
    }

    /// Draws at once from the answer kept, and asks for a newer one for the next second.
    func showLive(render: (MeetingsAnswer) -> Void) {
        if let answer { render(answer) }
        interactor.fetchMeetings { [weak self] result in
            if case .success(let answer) = result { self?.answer = answer }
        }
    }

    func watch(
        seconds: Int, show: @escaping @MainActor (@escaping CommandCompletion) -> Void,
        completion: @escaping CommandCompletion
    ) {
        frames.run(
            seconds,
            draw: { [weak self] isFollowUp, done in
                self?.watchFrame = isFollowUp
                show(done)
            },
            completion: { [weak self] result in
                self?.watchFrame = nil
                completion(result)
            })
    }
}
