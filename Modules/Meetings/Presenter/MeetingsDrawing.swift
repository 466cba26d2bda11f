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
    private let firstDraw: FirstAnswerWait
    private(set) var answer: MeetingsAnswer?
    /// What stands in for the screen while there is no answer: that it is being read, or why it could not be.
    private(set) var standIn: String?
    private var firstOutcome = CommandResult.success
    /// While a pipe's `watch` runs: whether the draw is a frame after the first; nil when not watching.
    private(set) var watchFrame: Bool?

    static let reading = "Reading the day's meetings..."

    /// - Parameter firstWait: the most a command waits for the day's list before drawing what it has (a person at
    ///   a terminal: the live region draws the list when it comes); nil waits for it (a pipe).
    init(
        interactor: any MeetingsInteractorInput, scheduler: any Scheduler, clock: any WallClock,
        firstWait: TimeInterval?
    ) {
        self.interactor = interactor
        frames = WatchFrames(scheduler: scheduler, now: { clock.now() })
        firstDraw = FirstAnswerWait(limit: firstWait, scheduler: scheduler)
    }

    /// Fetches (or takes the answer kept) and draws with `render`, which says how the draw went; a failed fetch is
    /// told to `fail`. At a terminal a list slow to come is not waited for: `placeholder` draws what is there
    /// (the last answer, or that it is being read), and the live region draws the list when it comes.
    func show(
        render: @escaping @MainActor (MeetingsAnswer) -> CommandResult, fail: @escaping @MainActor (String) -> Void,
        placeholder: @escaping @MainActor (String) -> Void, completion: @escaping CommandCompletion
    ) {
        firstOutcome = .success
        firstDraw.start { answered in
            if !answered {
                if let answer = self.answer { self.firstOutcome = render(answer) } else { placeholder(Self.reading) }
                self.standIn = Self.reading
            }
            completion(self.firstOutcome)
        }
        interactor.fetchMeetings { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let answer):
                self.answer = answer
                standIn = nil
                if firstDraw.isWaiting { firstOutcome = render(answer) }
            case .failure(let error):
                let message = "Could not list the meetings: \(error.description)"
                standIn = message
                if firstDraw.isWaiting {
                    fail(message)
                    firstOutcome = .failure(error.exitStatus)
                }
            }
            firstDraw.answered()
        }
    }

    /// Draws at once from the answer kept (or what stands in for it), and asks for a newer one for the next
    /// second.
    func showLive(render: (MeetingsAnswer) -> Void, placeholder: (String) -> Void) {
        if let answer {
            render(answer)
        } else if let note = standIn {
            placeholder(note)
        }
        interactor.fetchMeetings { [weak self] result in
            if case .success(let answer) = result {
                self?.answer = answer
                self?.standIn = nil
            }
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
