import Core
import Synchronization
import SystemCalls

/// An exclusive `flock` on a file beside the data it guards, taken in turn and waited for a bounded time.
///
/// Another copy of the app holds it for milliseconds, unless that copy is stopped (Ctrl-Z in another terminal)
/// or hung: then waiting forever froze this copy too. So a lock not had within `patience` is given up with a
/// message naming the holder, which writes its process id into the file while it holds it. After one such
/// failure, attempts for a while wait briefly only: a script of a thousand changes must not wait a thousand times.
///
/// `flock` alone is not fair: a copy that lets go and takes the lock straight back (a script toggling hundreds of
/// favourites) can keep a waiter out for as long as it likes. So the lock is taken through a turnstile, a second
/// lock file (`queuePath`) held only while waiting for the first: a waiter holds the turnstile, and the copy that
/// just let go must pass the turnstile too, so it queues behind the waiter instead of overtaking it.
public final class FileLock: Sendable {
    public struct Failure: Error {
        public let reason: String

        public init(reason: String) { self.reason = reason }
    }

    let path: String
    let queuePath: String
    private let patience: Duration
    /// When a wait last ran out; later attempts soon after it wait `briefPatience` only.
    private let lastTimeout = Mutex<ContinuousClock.Instant?>(nil)
    private static let briefPatience = Duration.milliseconds(100)
    private static let rememberedTimeout = Duration.seconds(10)
    /// The longest sleep between two tries: a waiter is served this soon after the holder lets go.
    private static let longestPause = Duration.milliseconds(5)

    /// - Parameters:
    ///   - path: the lock file; its holder's process id is written in it.
    ///   - queuePath: the turnstile's file, held by the next in line.
    public init(path: String, queuePath: String, patience: Duration = .seconds(3)) {
        self.path = path
        self.queuePath = queuePath
        self.patience = patience
    }

    /// The lock file, open and locked; give it back to `unlock`.
    /// - Parameters:
    ///   - createDirectory: called when the folder is missing, before one more try.
    ///   - whenInLine: called once this copy holds the turnstile, next in line for the lock.
    public func lock(createDirectory: () throws(Failure) -> Void, whenInLine: () -> Void = {}) throws(Failure)
        -> Int32
    {
        let descriptor = try Self.openLockFile(path, createDirectory: createDirectory)
        let queue: Int32
        do throws(Failure) {
            queue = try Self.openLockFile(queuePath, createDirectory: createDirectory)
        } catch {
            FileDescriptorIO.close(descriptor)
            throw error
        }
        // Letting the turnstile go lets the next in line through: unlocked, not only closed, as a child being
        // started at this moment holds a copy of every descriptor until it runs its program.
        defer {
            FileSystem.unlock(queue)
            FileDescriptorIO.close(queue)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let recentlyTimedOut = lastTimeout.withLock { last in
            last.map { start - $0 < Self.rememberedTimeout } ?? false
        }
        let deadline = start + (recentlyTimedOut ? min(patience, Self.briefPatience) : patience)
        do throws(Failure) {
            guard try Self.take(queue, before: deadline, clock: clock) else {
                throw timedOut(descriptor, queue: queue, waited: deadline - start, clock: clock)
            }
            Self.writeHolder(queue)
            whenInLine()
            guard try Self.take(descriptor, before: deadline, clock: clock) else {
                throw timedOut(descriptor, queue: nil, waited: deadline - start, clock: clock)
            }
        } catch {
            FileDescriptorIO.close(descriptor)
            throw error
        }
        lastTimeout.withLock { $0 = nil }
        Self.writeHolder(descriptor)
        return descriptor
    }

    public func unlock(_ descriptor: Int32) {
        FileSystem.unlock(descriptor)
        FileDescriptorIO.close(descriptor)
    }

    private static func openLockFile(_ path: String, createDirectory: () throws(Failure) -> Void) throws(Failure)
        -> Int32
    {
        var opened = FileSystem.open(path, for: .lockFile)
        if case .failure(let error) = opened, error.isMissing {
            try createDirectory()
            opened = FileSystem.open(path, for: .lockFile)
        }
        let descriptor: Int32
        switch opened {
        case .success(let lockFile): descriptor = lockFile
        case .failure(let error): throw Failure(reason: "could not open the lock file (\(error.text))")
        }
        guard case .success(let status) = FileSystem.status(of: descriptor), status.isRegular else {
            FileDescriptorIO.close(descriptor)
            throw Failure(reason: "the lock file \(path) is not a regular file; move it away")
        }
        return descriptor
    }

    /// Tries until `deadline`; false if the lock was not had by then. Polled: a blocking `flock` cannot be given
    /// a time limit without signals.
    private static func take(_ descriptor: Int32, before deadline: ContinuousClock.Instant, clock: ContinuousClock)
        throws(Failure) -> Bool
    {
        var pause = Duration.microseconds(200)
        while true {
            switch FileSystem.tryLock(descriptor) {
            case .taken: return true
            case .failed(let error): throw Failure(reason: "could not lock (\(error.text))")
            case .busy: break
            }
            let left = deadline - clock.now
            guard left > .zero else { return false }
            SystemThread.sleep(seconds(min(pause, left)))
            pause = min(pause * 2, longestPause)
        }
    }

    private func timedOut(_ descriptor: Int32, queue: Int32?, waited: Duration, clock: ContinuousClock) -> Failure {
        lastTimeout.withLock { $0 = clock.now }
        // Whoever holds the lock, or (when the turnstile was not had) a copy stopped while next in line.
        let holders = [Self.holderID(descriptor)] + [queue.flatMap(Self.holderID)]
        let others = holders.compactMap { $0 }.filter { $0 != Processes.current && Processes.exists($0) }
        return Failure(reason: Self.holderMessage(others, waited: waited))
    }

    /// Tells a copy stopped with Ctrl-Z (which only its own terminal can bring back) from one that is busy saving.
    static func holderMessage(_ others: [Int32], waited: Duration) -> String {
        let seconds = seconds(waited)
        let waitedText = seconds >= 1 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds * 1000).rounded())) ms"
        if let stopped = others.first(where: Processes.isStopped) {
            return
                "another copy of next-to-go (process \(stopped), stopped) holds the favourites and has not let go in \(waitedText); bring it back (`fg` in its terminal) or quit it, then try again"
        }
        let named = others.first.map { " (process \($0))" } ?? ""
        return
            "another copy of next-to-go\(named) is saving the favourites and has not finished in \(waitedText); try again"
    }

    /// Our process id, so a copy that waits in vain can say who holds the lock.
    private static func writeHolder(_ descriptor: Int32) {
        FileSystem.replaceContents(of: descriptor, with: Array("\(Processes.current)\n".utf8))
    }

    /// The process id the holder wrote, if the file holds one.
    private static func holderID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { FileSystem.readStart(of: descriptor, into: $0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self).trimmingWhitespace()
        guard let id = Int32(text), id > 0 else { return nil }
        return id
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

}
