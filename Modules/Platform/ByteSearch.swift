#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libc's byte search and comparison, vectorised as the standard library's loops are not: a feed is read
/// mostly by looking for the next quote or backslash.
public enum ByteSearch {
    /// Where `byte` first is in the `count` bytes from `start`, as an offset from `start`; nil if nowhere.
    public static func offset(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
        guard count > 0, let found = memchr(start, Int32(byte), count) else { return nil }
        return UnsafeRawPointer(found) - start
    }

    /// Whether the `count` bytes at `first` and at `second` are the same.
    public static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
        count == 0 || memcmp(first, second, count) == 0
    }
}
