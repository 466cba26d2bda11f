import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child processes the app started and must not outlive it: every way out of the app (end of input, `quit`,
/// a signal) passes through `exit`, whose handler kills those still listed. A child started in a process group
/// of its own (`Spawn.ownSession`) is killed with its whole group, helpers it started included.
///
/// A child leaves the list before it is collected (`waitpid`): until then its process id, and its group's, can
/// be no one else's. A child in a group of its own (a desktop notifier) is given a moment at exit to finish what
/// it was doing (a notification a script's last alert sent) before it is ended; a fetch is ended at once.
public enum OwnedChildren {
    private static let children = Mutex<[pid_t: Bool]>([:])
    private static let killedAtExit: Void = {
        atexit { OwnedChildren.killAll() }
    }()

    /// - Parameter leadsGroup: the child leads a process group of its own, killed whole.
    public static func add(_ pid: pid_t, leadsGroup: Bool = false) {
        _ = killedAtExit
        children.withLock { $0[pid] = leadsGroup }
    }

    public static func remove(_ pid: pid_t) {
        children.withLock { _ = $0.removeValue(forKey: pid) }
    }

    /// How long children in groups of their own may take to finish at exit.
    static let graceAtExit = Duration.milliseconds(500)

    /// Kills a listed child (and its group, if it leads one).
    public static func end(_ pid: pid_t) {
        guard let leadsGroup = children.withLock({ $0[pid] }) else { return }
        _ = leadsGroup ? killpg(pid, SIGKILL) : kill(pid, SIGKILL)
    }

    private static func killAll() {
        let listed = children.withLock { $0 }
        for (pid, leadsGroup) in listed where !leadsGroup { kill(pid, SIGKILL) }
        let clock = ContinuousClock()
        let deadline = clock.now + graceAtExit
        for (pid, leadsGroup) in listed where leadsGroup {
            while !hasExited(pid), clock.now < deadline { usleep(10_000) }
            killpg(pid, SIGKILL)
        }
    }

    /// Whether a child has ended, without collecting it (its process id stays its own until `waitpid`).
    public static func hasExited(_ child: pid_t) -> Bool {
        var information = siginfo_t()
        guard waitid(P_PID, id_t(child), &information, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
        // With WNOHANG and nothing to report, waitid answers 0 and leaves si_pid 0.
        #if canImport(Darwin)
            return information.si_pid != 0
        #else
            return information._sifields._sigchld.si_pid != 0
        #endif
    }
}
