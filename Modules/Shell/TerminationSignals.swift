import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the app cleanly on the signals that ask a program to stop: SIGQUIT (Ctrl-\), SIGTERM and SIGHUP.
/// Left to their defaults, SIGQUIT makes the Swift runtime print a crash backtrace, and none of them would
/// give the app a chance to put the terminal back. Each exits with 128 + the signal number, as a shell reports
/// a program a signal ended.
@MainActor
public final class TerminationSignals {
    public static let handled: [Int32] = [SIGQUIT, SIGTERM, SIGHUP]

    private let sources: [any DispatchSourceSignal]

    /// - Parameter onSignal: runs on the main queue before the exit, to restore what the app changed.
    public init(onSignal: @escaping @MainActor (Int32) -> Void = { _ in }) {
        // A parent may hand the signals down blocked (test runners do); blocked, they would never arrive.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in Self.handled { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        sources = Self.handled.map { number in
            // Dispatch sees the signal only if its default action no longer runs.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated { onSignal(number) }
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }
}
