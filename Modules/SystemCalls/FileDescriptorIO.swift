#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `read(2)` and `write(2)` on raw descriptors, for the places that must not go through FileHandle (which
/// raises an exception, ending the process, on a full disk or a closed pipe) or must not block forever.
public enum FileDescriptorIO {
    public static let standardInput: Int32 = 0
    public static let standardOutput: Int32 = 1
    public static let standardError: Int32 = 2

    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The size of the terminal `descriptor` is, in character cells; nil for anything else, or a size of 0.
    public static func windowSize(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(descriptor, PlatformConstants.windowSizeRequest, &size) == 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    public static func close(_ descriptor: Int32) {
        _ = libcClose(descriptor)
    }

    /// How one read of what is there ended.
    public enum ReadOutcome: Equatable, Sendable {
        /// This many bytes, at least one.
        case bytes(Int)
        /// The end: the other side closed.
        case end
        /// A signal came first: try again.
        case interrupted
        /// Nothing there yet, on a descriptor that does not wait.
        case wouldBlock
        /// A real failure.
        case failed
    }

    /// One `read(2)` into `buffer`, said as what to do next.
    public static func readOnce(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadOutcome {
        let count = libcRead(descriptor, buffer.baseAddress!, buffer.count)
        if count > 0 { return .bytes(count) }
        if count == 0 { return .end }
        if errno == EINTR { return .interrupted }
        return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed
    }

    /// Writes every byte, retrying interrupted and partial writes; false on the first real failure.
    public static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let written = libcWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A non-blocking descriptor that is full: wait until it can take more, without spinning.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                return false
            }
            offset += written
        }
        return true
    }

}

// libc's own calls, from outside the type whose methods share their names.
private func libcRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
private func libcWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
private func libcClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

/// What the system said went wrong, by its number (`errno`), in its own words.
public struct SystemError: Error, Equatable, Sendable {
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// The error of the last call that failed on this thread.
    public static var last: SystemError { SystemError(code: errno) }

    /// "No such file or directory".
    public var text: String { String(cString: strerror(code)) }

    /// Nothing there, or a part of the path is no folder.
    public var isMissing: Bool { code == ENOENT || code == ENOTDIR }
    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }
    /// Something is there already (or a link, where links are not followed).
    public var isAlreadyThere: Bool { code == EEXIST || code == ELOOP }
    public var isInterrupted: Bool { code == EINTR }
    public var wouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK }
    public var isNoSuchProcess: Bool { code == ESRCH }
}
