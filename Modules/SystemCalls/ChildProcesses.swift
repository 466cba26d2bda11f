import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Processes the app starts: spawning, the children it must not outlive, and the program's own path.

/// `posix_spawn`'s file actions and attributes, ready for their `_init`: Glibc imports them as structs, Darwin
/// as opaque pointers (`posix_spawn_file_actions_t()` does not compile there).
public enum Spawn {
    #if canImport(Darwin)
        public typealias FileActions = posix_spawn_file_actions_t?
        public typealias Attributes = posix_spawnattr_t?

        public static func emptyFileActions() -> FileActions { nil }
        public static func emptyAttributes() -> Attributes { nil }

        /// The process's environment, for `posix_spawn`'s `envp` (Darwin does not export `environ` to Swift).
        public static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
            _NSGetEnviron().pointee
        }
    #else
        public typealias FileActions = posix_spawn_file_actions_t
        public typealias Attributes = posix_spawnattr_t

        public static func emptyFileActions() -> FileActions { FileActions() }
        public static func emptyAttributes() -> Attributes { Attributes() }

        public static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { environ }
    #endif

    /// Has every descriptor past stderr closed in the child, so it holds none of the parent's pipes open (a child
    /// that outlives the parent would keep its reader waiting): glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// (2.34 and later, which Swift's Glibc module does not export), Darwin's `POSIX_SPAWN_CLOEXEC_DEFAULT`.
    /// False when the system offers neither.
    public static func closeOtherDescriptors(_ actions: inout FileActions, _ attributes: inout Attributes) -> Bool {
        #if canImport(Darwin)
            var flags: Int16 = 0
            posix_spawnattr_getflags(&attributes, &flags)
            return posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)) == 0
        #else
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<FileActions>, Int32) -> Int32
            guard
                let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return false }
            return unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3) == 0
        #endif
    }

    /// Has the child start a session of its own: a process group it leads (so it and whatever it starts can be
    /// ended together) and no controlling terminal (so it can neither read the app's terminal nor be stopped or
    /// interrupted with it).
    public static func startInOwnSession(_ attributes: inout Attributes) -> Bool {
        var flags: Int16 = 0
        posix_spawnattr_getflags(&attributes, &flags)
        return posix_spawnattr_setflags(&attributes, flags | PlatformConstants.spawnInOwnSession) == 0
    }
}

/// The child processes the app started and must not outlive it: every way out of the app (end of input, `quit`,
/// a signal) passes through `ProcessEnd`, whose handler kills those still listed. A child started in a process group
/// of its own (`Spawn.ownSession`) is killed with its whole group, helpers it started included.
///
/// A child leaves the list before it is collected (`waitpid`): until then its process id, and its group's, can
/// be no one else's. A child in a group of its own (a desktop notifier) is given a moment at exit to finish what
/// it was doing (a notification a script's last alert sent) before it is ended; a fetch is ended at once.
public enum OwnedChildren {
    private static let children = Mutex<[pid_t: Bool]>([:])
    private static let killedAtExit: Void = {
        ProcessEnd.atEnd { OwnedChildren.killAll() }
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

/// A program the app starts and leaves to run on its own (a desktop notifier).
public enum DetachedProgram {
    /// Whether `path` is a regular file this user may run: a folder or a FIFO with its x bit set is not a program.
    public static func isRunnable(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    /// Starts `program` with nothing on its streams and none of the app's descriptors, in a session of its own,
    /// and leaves it: a thread of its own reaps it, ending it (with whatever it started) past `patience`, and the
    /// app's exit ends it if it is still running then (`OwnedChildren`). False if it could not be started.
    @discardableResult
    public static func start(_ program: String, arguments: [String], patience: Duration) -> Bool {
        var actions = Spawn.emptyFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        // None of the app's other descriptors: a program that lingers must not hold the app's stdout open.
        var attributes = Spawn.emptyAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Where the system cannot (glibc before 2.34), the child may hold a pipe of the app's a few seconds at most.
        _ = Spawn.closeOtherDescriptors(&actions, &attributes)
        let leadsGroup = Spawn.startInOwnSession(&attributes)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var spawned: pid_t = 0
        guard posix_spawn(&spawned, program, &actions, &attributes, argv, Spawn.environment) == 0 else { return false }
        let child = spawned
        OwnedChildren.add(child, leadsGroup: leadsGroup)
        let started = ContinuousClock.now
        SystemThread.start {
            while !OwnedChildren.hasExited(child) {
                if ContinuousClock.now - started > patience {
                    OwnedChildren.end(child)
                    break
                }
                usleep(50_000)
            }
            // Off the list before it is collected: once collected, its process id may be another process's.
            OwnedChildren.remove(child)
            var status: Int32 = 0
            waitpid(child, &status, 0)
        }
        return true
    }
}

/// Other processes on the machine, as much as the app asks of them (who holds a lock, is it stopped).
public enum Processes {
    /// This process's id.
    public static var current: Int32 { getpid() }

    /// Whether a process with this id is there (one of another user's too).
    public static func exists(_ process: Int32) -> Bool {
        kill(process, 0) == 0 || errno == EPERM
    }

    /// Whether the process is gone for good (not merely out of reach).
    public static func isGone(_ process: Int32) -> Bool {
        kill(process, 0) != 0 && SystemError.last.isNoSuchProcess
    }

    /// Whether a process is stopped (Ctrl-Z, SIGSTOP).
    public static func isStopped(_ process: Int32) -> Bool {
        #if canImport(Glibc)
            // The state follows the command name, which is in parentheses and may itself hold them.
            guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
            return state == "T" || state == "t"
        #elseif canImport(Darwin)
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, process]
            guard sysctl(&name, 4, &info, &size, nil, 0) == 0, size > 0 else { return false }
            return Int32(info.kp_proc.p_stat) == PlatformConstants.stoppedProcessState
        #else
            return false
        #endif
    }
}
