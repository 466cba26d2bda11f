import Core
import Platform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, in an anonymous mapping of their own reserved at the largest size allowed (only pages
/// written take memory). Read whole (`RegularFile.bytes`), or as a reader asks for them (`RegularFile.stream`,
/// `more(upTo:)`); a reader done with a stretch of them gives its pages back at once (`release(before:)`), so a
/// 10 MB feed never sits in memory whole beside the races read from it.
public final class FileBytes {
    private let base: UnsafeMutableRawPointer
    private let capacity: Int
    public private(set) var count = 0
    /// Pages before this offset are given back already (the first page is never).
    private var releasedUpTo = FileBytes.pageSize
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// The file still being read, until its end, a failure, or the reservation is full; -1 after.
    private var descriptor: Int32 = -1
    /// Why the bytes stop short of the file's end: it could not be read, or it grew past the reservation.
    public private(set) var readFailure: RegularFile.Failure?
    /// What one read asks for at least: a reader asks byte by byte at the end of what is here.
    private static let readSize = 256 * 1024

    /// nil when not even the reservation can be had.
    public init?(capacity: Int) {
        self.capacity = max(capacity, 1)
        guard
            let mapping = mmap(nil, self.capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapping != MAP_FAILED
        else { return nil }
        base = mapping
    }

    /// Bytes to be read from `descriptor` as they are asked for; the descriptor is this object's to close.
    convenience init?(reading descriptor: Int32, capacity: Int) {
        self.init(capacity: capacity)
        self.descriptor = descriptor
    }

    deinit {
        stopReading()
        munmap(base, capacity)
    }

    /// The bytes here so far.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Reads on until `end` bytes are here, the file ends or cannot be read (`readFailure`), or the reservation
    /// is full; then the bytes here so far, which are fewer than `end` only in those cases. Their start never
    /// moves: what was read stays where it was.
    public func more(upTo end: Int) -> UnsafeRawBufferPointer {
        while count < end, descriptor >= 0 {
            let space = UnsafeMutableRawBufferPointer(start: base + count, count: capacity - count)
            guard space.count > 0 else {
                readFailure = .tooLarge(limit: capacity - 1)
                stopReading()
                break
            }
            let wanted = min(space.count, max(end - count, Self.readSize))
            let read = FileDescriptorIO.read(descriptor, into: space.baseAddress!, count: wanted)
            if read < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                readFailure = .unreadable(reason: AtomicFile.errnoText())
                stopReading()
            } else if read == 0 {
                stopReading()
            } else {
                count += read
            }
        }
        return UnsafeRawBufferPointer(start: base, count: count)
    }

    /// Reads the rest of the file.
    public func readToEnd() {
        _ = more(upTo: Int.max)
    }

    private func stopReading() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// A copy of the bytes here so far, for readers that want `Data`.
    public var data: Data {
        Data(bytes: base, count: count)
    }

    /// Gives back the whole pages before `offset`, which must not be read again; they read as zeros if they are.
    /// The first page stays, for messages that quote the start.
    public func release(before offset: Int) {
        let end = min(offset, count) / Self.pageSize * Self.pageSize
        // Only pages not given back yet, and only in runs worth a system call.
        guard end - releasedUpTo >= 16 * Self.pageSize else { return }
        _ = madvise(base + releasedUpTo, end - releasedUpTo, MADV_DONTNEED)
        releasedUpTo = end
    }
}
