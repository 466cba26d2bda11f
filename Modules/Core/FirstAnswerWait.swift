import Platform

/// How long a command waits for its screen's data before it lets the prompt back: at a live terminal a person is
/// not kept waiting on a slow card server (the screen draws what it has, says what it is still reading, and the
/// live region fills in the rest as it comes); a pipe waits for the answer, so what it prints is what the source
/// gave.
@MainActor
public final class FirstAnswerWait {
    private let scheduler: (any Scheduler)?
    private let limit: TimeInterval?
    private var finish: (@MainActor (_ answered: Bool) -> Void)?
    private var timeout: (any ScheduledWork)?

    /// - Parameter limit: the most a first draw waits; nil waits for the answer.
    public init(limit: TimeInterval?, scheduler: (any Scheduler)?) {
        self.limit = limit
        self.scheduler = scheduler
    }

    isolated deinit {
        timeout?.cancel()
    }

    /// Waits for `answered()` or the limit, whichever comes first, then runs `finish` once (told which came).
    /// `finish` is held strongly until it runs: a screen dropped meanwhile still finishes its command, exactly once.
    public func start(_ finish: @escaping @MainActor (_ answered: Bool) -> Void) {
        release(answered: false)
        self.finish = finish
        guard let limit, let scheduler else { return }
        timeout = scheduler.schedule(after: limit) { [weak self] in self?.release(answered: false) }
    }

    /// Still waiting: nothing drawn yet.
    public var isWaiting: Bool { finish != nil }

    /// The answer came: the command finishes now, if it has not already.
    public func answered() {
        release(answered: true)
    }

    private func release(answered: Bool) {
        timeout?.cancel()
        timeout = nil
        let waiting = finish
        finish = nil
        waiting?(answered)
    }
}
