#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, in an anonymous mapping of their own reserved at the largest size allowed (only pages
/// written take memory). A reader done with a stretch of them gives its pages back at once
/// (`release(before:)`), so a 10 MB feed never sits in memory whole beside the races read from it.
public final class FileBytes {
    private let base: UnsafeMutableRawPointer
    private let capacity: Int
    public private(set) var count = 0
    /// Pages before this offset are given back already (the first page is never).
    private var releasedUpTo = FileBytes.pageSize
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

    /// Room left for more bytes; `appended(_:)` says how many were written there.
    public var freeSpace: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base + count, count: capacity - count)
    }

    public func appended(_ written: Int) {
        count += written
    }

    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// A copy, for readers that want `Data`.
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
