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
