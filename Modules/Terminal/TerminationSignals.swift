import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the app cleanly on the signals that ask a program to stop: SIGQUIT (Ctrl-\), SIGTERM and SIGHUP.
/// Left to their defaults, SIGQUIT makes the Swift runtime print a crash backtrace. Each exits with 128 + the
/// signal number, as a shell reports a program a signal ended; `exit` runs the app's exit handlers (fetching
/// children are killed).
///
/// The signals are handled on a queue of their own, not the main one: a main thread stuck writing to a
/// stdout nobody reads must not make the app deaf to them. A signal the app was started with ignored (SIGHUP
/// under `nohup`) stays ignored.
public final class TerminationSignals: Sendable {
    public static let handled: [Int32] = [SIGQUIT, SIGTERM, SIGHUP]

    private let queue = DispatchQueue(label: "NextToGo.TerminationSignals")
    private nonisolated(unsafe) let sources: [any DispatchSourceSignal]

    /// - Parameter alsoInterrupt: SIGINT too (exit 130), for the line editor: Ctrl-C is then a key, and a
    ///   SIGINT sent from elsewhere must still pass through `exit`, which gives the terminal back.
    public init(alsoInterrupt: Bool = false) {
        let handled = Self.handled + (alsoInterrupt ? [SIGINT] : [])
        // A parent may hand the signals down blocked (test runners do); blocked, they would never arrive.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in handled { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        sources = handled.compactMap { [queue] number in
            // Dispatch sees the signal only if its default action no longer runs.
            let previous = signal(number, SIG_IGN)
            // Handlers are C function pointers; SIG_IGN is the pointer value 1.
            guard unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { return nil }
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { exit(128 + number) }
            source.resume()
            return source
        }
    }
}
