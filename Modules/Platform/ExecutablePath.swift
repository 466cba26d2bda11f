#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the running program's file is, links resolved: what it starts again as its own helper.
public enum ExecutablePath {
    /// The program to start as a child of the same build: on Linux `/proc/self/exe`, which stays this program
    /// even after an upgrade renames a new one over its file.
    public static var forSpawning: String? {
        #if os(Linux)
            access("/proc/self/exe", X_OK) == 0 ? "/proc/self/exe" : current
        #else
            current
        #endif
    }

    public static var current: String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            var size = UInt32(0)
            _ = _NSGetExecutablePath(nil, &size)
            var buffer = [CChar](repeating: 0, count: Int(size) + 1)
            guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        #endif
    }
}
