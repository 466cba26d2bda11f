import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on a file beside the data it guards, waited for a bounded time.
///
/// Another copy of the app holds it for milliseconds, unless that copy is stopped (Ctrl-Z in another terminal)
/// or hung: then waiting forever froze this copy too. So a lock not had within `patience` is given up with a
/// message naming the holder, which writes its process id into the file while it holds it. After one such
/// failure, attempts for a while wait briefly only: a script of a thousand changes must not wait a thousand times.
public final class FileLock: Sendable {
    public struct Failure: Error {
        public let reason: String

        public init(reason: String) { self.reason = reason }
    }

    let path: String
    private let patience: Duration
    /// When a wait last ran out; later attempts soon after it wait `briefPatience` only.
    private let lastTimeout = Mutex<ContinuousClock.Instant?>(nil)
    private static let briefPatience = Duration.milliseconds(100)
    private static let rememberedTimeout = Duration.seconds(10)

    public init(path: String, patience: Duration = .seconds(3)) {
        self.path = path
        self.patience = patience
    }

    /// The lock file, open and locked; give it back to `unlock`.
    /// - Parameter createDirectory: called when the folder is missing, before one more try.
    public func lock(createDirectory: () throws(Failure) -> Void) throws(Failure) -> Int32 {
        let flags = O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        var descriptor = open(path, flags, 0o644)
        if descriptor < 0, errno == ENOENT || errno == ENOTDIR {
            try createDirectory()
            descriptor = open(path, flags, 0o644)
        }
        guard descriptor >= 0 else {
            throw Failure(reason: "could not open the lock file (\(Self.errnoText()))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw Failure(reason: "the lock file \(path) is not a regular file; move it away")
        }
        do throws(Failure) {
            try waitForLock(descriptor)
        } catch {
            close(descriptor)
            throw error
        }
        writeHolder(descriptor)
        return descriptor
    }

    public func unlock(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private func waitForLock(_ descriptor: Int32) throws(Failure) {
        let clock = ContinuousClock()
        let start = clock.now
        let recentlyTimedOut = lastTimeout.withLock { last in
            last.map { start - $0 < Self.rememberedTimeout } ?? false
        }
        let allowed = recentlyTimedOut ? min(patience, Self.briefPatience) : patience
        var pause = Duration.milliseconds(1)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw Failure(reason: "could not lock (\(Self.errnoText()))")
            }
            let waited = clock.now - start
            guard waited < allowed else {
                lastTimeout.withLock { $0 = clock.now }
                throw Failure(reason: holderMessage(descriptor, waited: allowed))
            }
            Thread.sleep(forTimeInterval: Self.seconds(min(pause, allowed - waited)))
            pause = min(pause * 2, .milliseconds(50))
        }
        lastTimeout.withLock { $0 = nil }
    }

    /// Our process id, so a copy that waits in vain can say who holds the lock.
    private func writeHolder(_ descriptor: Int32) {
        let text = Array("\(getpid())\n".utf8)
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    private func holderMessage(_ descriptor: Int32, waited: Duration) -> String {
        let seconds = Self.seconds(waited)
        let waitedText = seconds >= 1 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds * 1000).rounded())) ms"
        let advice = "; bring it back (`fg` in its terminal) or quit it, then try again"
        guard let holder = holderID(descriptor), holder != getpid(), kill(holder, 0) == 0 || errno == EPERM else {
            return "another copy of next-to-go holds the favourites and has not let go in \(waitedText)\(advice)"
        }
        let state = Self.isStopped(holder) ? ", stopped" : ""
        return
            "another copy of next-to-go (process \(holder)\(state)) holds the favourites and has not let go in \(waitedText)\(advice)"
    }

    /// The process id the holder wrote, if the file holds one.
    private func holderID(_ descriptor: Int32) -> pid_t? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let id = pid_t(text), id > 0 else { return nil }
        return id
    }

    /// Whether a process is stopped (Ctrl-Z, SIGSTOP), the usual reason a lock is held for seconds.
    private static func isStopped(_ process: pid_t) -> Bool {
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
            // SSTOP in <sys/proc.h>.
            return info.kp_proc.p_stat == 4
        #else
            return false
        #endif
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
