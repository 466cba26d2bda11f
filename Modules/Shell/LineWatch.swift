import Core
import Dispatch
import Synchronization
import SystemCalls

/// `watch` at a terminal that cannot redraw in place (`TERM=dumb`, as Emacs' shell sets it): the screen written
/// now and again as each second turns, until a line is entered (the input loop reads on and calls `stop`) or
/// Ctrl-C, which ends the watch, not the app, as it does in the full-screen `watch`.
@MainActor
final class LineWatch {
    private let session: ShellSession
    private let output: StandardOutput
    private var timer: (any DispatchSourceTimer)?
    private var finish: (@MainActor (ShellSession.Outcome) -> Void)?

    private let interval: TimeInterval

    init(session: ShellSession, output: StandardOutput, interval: TimeInterval) {
        self.session = session
        self.output = output
        self.interval = interval
    }

    func run(completion: @escaping @MainActor (ShellSession.Outcome) -> Void) {
        finish = completion
        output.writeLine("Watching: Enter or q stops it, and so does Ctrl-C; another command stops it and runs.")
        session.redraw { _ in }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        let now = Date().timeIntervalSince1970
        timer.schedule(
            deadline: .now() + (interval - now.truncatingRemainder(dividingBy: interval)) + 0.005, repeating: interval,
            leeway: .milliseconds(20))
        timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.session.redraw { _ in } } }
        timer.resume()
        self.timer = timer
    }

    /// Ctrl-C came: the terminal echoed `^C` where the cursor was, so the prompt goes on a line of its own.
    func interrupted() {
        output.writeLine("")
        stop()
    }

    /// Ends the watch: the prompt comes back.
    func stop() {
        guard let finish else { return }
        self.finish = nil
        timer?.cancel()
        finish(.finished(.success))
    }
}

/// Ctrl-C at a prompt that cannot redraw in place: it ends a `watch` under way, and otherwise ends the app
/// (130) as its default would. One source for the whole run: libdispatch installs a signal's handler once, and a
/// disposition set back and forth around each watch would leave the second deaf. Handled on a queue of its own,
/// so a main thread stuck writing cannot keep the app from ending; a SIGINT ignored from the start stays so.
final class WatchInterrupt: Sendable {
    private final class Flag: Sendable {
        let isSet = Mutex(false)
    }

    private let watching = Flag()
    private let queue = DispatchQueue(label: "NextToGo.WatchInterrupt")
    private nonisolated(unsafe) let source: (any DispatchSourceSignal)?

    init(endWatch: @escaping @MainActor @Sendable () -> Void) {
        guard let source = Signals.source(for: .interrupt, queue: queue) else {
            self.source = nil
            return
        }
        source.setEventHandler { [watching] in
            guard watching.isSet.withLock({ $0 }) else { ProcessEnd.now(128 + ProcessSignal.interrupt.number) }
            DispatchQueue.main.async { MainActor.assumeIsolated { endWatch() } }
        }
        source.resume()
        self.source = source
    }

    func watch(_ isWatching: Bool) {
        watching.isSet.withLock { $0 = isWatching }
    }
}
