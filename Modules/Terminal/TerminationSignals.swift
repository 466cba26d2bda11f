import Dispatch
import SystemCalls

/// Ends the app cleanly on the signals that ask a program to stop: SIGQUIT (Ctrl-\), SIGTERM and SIGHUP.
/// Left to their defaults, SIGQUIT makes the Swift runtime print a crash backtrace. Each exits with 128 + the
/// signal number, as a shell reports a program a signal ended; `exit` runs the app's exit handlers (fetching
/// children are killed).
///
/// The signals are handled on a queue of their own, not the main one: a main thread stuck writing to a
/// stdout nobody reads must not make the app deaf to them. A signal the app was started with ignored (SIGHUP
/// under `nohup`) stays ignored.
public final class TerminationSignals: Sendable {
    public static let handled: [ProcessSignal] = [.quit, .terminate, .hangUp]

    private let queue = DispatchQueue(label: "NextToGo.TerminationSignals")
    private nonisolated(unsafe) let sources: [any DispatchSourceSignal]

    /// - Parameter alsoInterrupt: SIGINT too (exit 130), for the line editor: Ctrl-C is then a key, and a
    ///   SIGINT sent from elsewhere must still pass through `exit`, which gives the terminal back.
    public init(alsoInterrupt: Bool = false) {
        let handled = Self.handled + (alsoInterrupt ? [.interrupt] : [])
        Signals.unblock(handled)
        sources = handled.compactMap { [queue] signal in
            guard let source = Signals.source(for: signal, queue: queue) else { return nil }
            source.setEventHandler { ProcessEnd.now(128 + signal.number) }
            source.resume()
            return source
        }
    }
}
