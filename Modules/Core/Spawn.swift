#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
}
