#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Memory reserved up front at the largest size allowed, in an anonymous mapping of its own: only pages written
/// take memory, and it all goes back to the system when let go (or a stretch of it, `release(before:)`). For
/// buffers that may grow to megabytes (a file read, an HTTP answer) without leaving the heap fragmented by the
/// copies a growing array makes.
public final class ReservedMemory {
    public let base: UnsafeMutableRawPointer
    public let capacity: Int
    /// Bytes written so far, from `base`.
    public var count = 0
    /// Pages before this offset are given back already (the first page is never).
    private var releasedUpTo = ReservedMemory.pageSize
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// nil when not even the reservation can be had.
    public init?(capacity: Int) {
        self.capacity = max(capacity, 1)
        guard
            let mapping = mmap(nil, self.capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapping != MAP_FAILED
        else { return nil }
        base = mapping
    }

    deinit {
        munmap(base, capacity)
    }

    /// The room after what is written.
    public var free: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base + count, count: capacity - count)
    }

    /// Adds `bytes` after what is written; false, and nothing added, when they do not fit.
    public func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= capacity - count else { return false }
        if let start = bytes.baseAddress { (base + count).copyMemory(from: start, byteCount: bytes.count) }
        count += bytes.count
        return true
    }

    /// The bytes written so far.
    public var written: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
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
