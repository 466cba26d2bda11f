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
/// be no one else's.
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

    /// Those listed now, for tests.
    public static var listed: Set<pid_t> { Set(children.withLock { $0.keys }) }

    /// Kills a listed child (and its group, if it leads one).
    public static func end(_ pid: pid_t) {
        guard let leadsGroup = children.withLock({ $0[pid] }) else { return }
        _ = leadsGroup ? killpg(pid, SIGKILL) : kill(pid, SIGKILL)
    }

    private static func killAll() {
        for (pid, leadsGroup) in children.withLock({ $0 }) {
            _ = leadsGroup ? killpg(pid, SIGKILL) : kill(pid, SIGKILL)
        }
    }
}
