#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Threads of the system's own, for work that blocks in a system call (a read, a wait for a child) and must not
/// hold one of Dispatch's few worker threads while it does.
public enum SystemThread {
    /// Runs `work` on a new detached thread; false if none could be started.
    @discardableResult
    public static func start(_ work: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Glibc)
            var thread = pthread_t()
            let started = pthread_create(
                &thread, &attributes,
                { context in
                    Unmanaged<WorkBox>.fromOpaque(context!).takeRetainedValue().work()
                    return nil
                }, box)
        #else
            var thread: pthread_t?
            let started = pthread_create(
                &thread, &attributes,
                { context in
                    Unmanaged<WorkBox>.fromOpaque(context).takeRetainedValue().work()
                    return nil
                }, box)
        #endif
        if started != 0 { Unmanaged<WorkBox>.fromOpaque(box).release() }
        return started == 0
    }

    /// Blocks the calling thread for `seconds` (the whole time, whatever signals come).
    public static func sleep(_ seconds: TimeInterval) {
        guard seconds > 0 else { return }
        let clamped = min(seconds, 86_400 * 365)
        var wait = timespec(tv_sec: Int(clamped), tv_nsec: Int((clamped - clamped.rounded(.down)) * 1_000_000_000))
        var left = timespec()
        while nanosleep(&wait, &left) != 0, errno == EINTR { wait = left }
    }

    private final class WorkBox {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }
}
