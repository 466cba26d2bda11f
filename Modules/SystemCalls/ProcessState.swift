import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment variables as libc keeps them, so what is changed here is what libc itself (a zone,
/// a locale) and every child see.
public enum EnvironmentVariables {
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    public static func set(_ name: String, to value: String) {
        setenv(name, value, 1)
    }

    public static func remove(_ name: String) {
        unsetenv(name)
    }
}

/// The signals the app answers, by what they mean.
public enum ProcessSignal: Sendable, CaseIterable {
    /// Ctrl-C.
    case interrupt
    /// Ctrl-\.
    case quit
    case terminate
    /// The terminal went away.
    case hangUp
    /// A write to a pipe nobody reads.
    case brokenPipe
    /// A write past `ulimit -f`.
    case fileSizeLimit
    case windowChanged
    /// Ctrl-Z, or `kill -TSTP`.
    case terminalStop
    /// Continued after any stop.
    case resumed
    /// The stop nothing can catch or hold back.
    case stop

    public var number: Int32 {
        switch self {
        case .interrupt: SIGINT
        case .quit: SIGQUIT
        case .terminate: SIGTERM
        case .hangUp: SIGHUP
        case .brokenPipe: SIGPIPE
        case .fileSizeLimit: SIGXFSZ
        case .windowChanged: SIGWINCH
        case .terminalStop: SIGTSTP
        case .resumed: SIGCONT
        case .stop: SIGSTOP
        }
    }
}

/// What the process does on a signal. libdispatch tells of a signal only once its default action no longer runs,
/// so a handled signal is ignored first and answered on a dispatch source.
public enum Signals {
    /// Ignores `signal` from now on.
    public static func ignore(_ signal: ProcessSignal) {
        _ = ignoreReportingEarlier(signal.number)
    }

    /// A source that tells of `signal` on `queue` (not yet resumed), its default action set aside; nil when the
    /// process was started with it ignored (SIGHUP under `nohup`), which then stays ignored.
    public static func source(for signal: ProcessSignal, queue: DispatchQueue) -> (any DispatchSourceSignal)? {
        guard !ignoreReportingEarlier(signal.number) else { return nil }
        return DispatchSource.makeSignalSource(signal: signal.number, queue: queue)
    }

    /// A source that tells of `signal` on `queue` (not yet resumed), whatever the process was started with.
    public static func alwaysSource(for signal: ProcessSignal, queue: DispatchQueue) -> any DispatchSourceSignal {
        ignore(signal)
        return DispatchSource.makeSignalSource(signal: signal.number, queue: queue)
    }

    /// Lets `signals` through: a parent may hand them down blocked (test runners do), and blocked they would
    /// never arrive.
    public static func unblock(_ signals: [ProcessSignal]) {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals { sigaddset(&unblocked, signal.number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Sends `signal` to this process, as a terminal's key or `kill` would.
    public static func raise(_ signal: ProcessSignal) {
        kill(getpid(), signal.number)
    }

    /// Ignores signal `number`; whether it was ignored already.
    private static func ignoreReportingEarlier(_ number: Int32) -> Bool {
        let previous = signal(number, SIG_IGN)
        // Handlers are C function pointers; SIG_IGN is the pointer value 1.
        return unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// The end of the process, with its status, and what the app does on the way out (the terminal given back,
/// children ended).
public enum ProcessEnd {
    private static let handlers = Mutex<[@Sendable () -> Void]>([])
    /// Held from the first end on: a second end (a signal's, as the main thread ends) waits for the first.
    private static let ending = Mutex(())

    /// Runs `handler` when the process ends through `now`; the last added runs first.
    public static func atEnd(_ handler: @escaping @Sendable () -> Void) {
        handlers.withLock { $0.append(handler) }
    }

    /// Runs the app's handlers, then ends the process with `_exit`, not `exit`: the libraries' own exit
    /// handlers (OpenSSL's cleanup) would tear down what a thread still fetching is using, and everything they
    /// would free goes with the process anyway.
    public static func now(_ status: Int32) -> Never {
        ending.withLock { _ -> Never in
            let toRun = handlers.withLock { $0 }
            for handler in toRun.reversed() { handler() }
            fflush(nil)
            _exit(status)
        }
    }
}
