#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C constants the app uses that a platform's Swift module does not export, written out by hand, with those
/// it does export beside them: `PlatformConstantsTests` compiles a C program against the system's own headers
/// and checks every value here against it, on each platform the tests run on.
public enum PlatformConstants {
    /// `POSIX_SPAWN_SETSID` (glibc 2.26, macOS 10.15): the child starts a session of its own. Glibc declares it
    /// only under `_GNU_SOURCE`, which its Swift module is not built with.
    public static var spawnInOwnSession: Int16 {
        #if canImport(Darwin)
            Int16(POSIX_SPAWN_SETSID)
        #else
            0x80
        #endif
    }

    /// `SSTOP` in Darwin's `<sys/proc.h>`, a stopped process's `p_stat`; not exported. Linux reads `/proc`.
    public static let stoppedProcessState: Int32 = 4

    /// `TIOCGWINSZ`, the window-size request.
    public static var windowSizeRequest: UInt { UInt(TIOCGWINSZ) }

    /// The `VMIN`/`VTIME` slots of `termios`'s `c_cc`, which raw mode writes into.
    public static var minimumCharactersSlot: Int { Int(VMIN) }
    public static var timeoutSlot: Int { Int(VTIME) }
}
