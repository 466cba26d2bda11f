import Foundation

/// What the machine running the tests offers, for suites that drive the app through it. Each is enabled only
/// where its tools exist (macOS has no `/proc`, and its `script` takes other arguments); on Linux, where CI
/// runs, `HostCapabilitiesTests` fails if one is missing, so a skip never hides there.
public enum HostCapabilities {
    /// `/proc`, where tests read a process's state, memory and descriptors.
    public static let hasProc = FileManager.default.fileExists(atPath: "/proc/self/stat")

    /// util-linux's `script`, a pseudo-terminal for one command (`script -qec COMMAND /dev/null`).
    public static let hasUtilLinuxScript: Bool = {
        #if os(Linux)
            FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
        #else
            false
        #endif
    }()

    /// zsh and fish, which check their completion scripts.
    public static let hasZsh = isInstalled("zsh")
    public static let hasFish = isInstalled("fish")
    /// man, which renders the manual page (and warns of what it cannot).
    public static let hasMan = isInstalled("man")

    private static func isInstalled(_ program: String) -> Bool {
        ["/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].contains {
            FileManager.default.isExecutableFile(atPath: $0 + program)
        }
    }

    /// strace, installed and allowed to trace here (a container may forbid ptrace): how a test counts the
    /// writes a run makes.
    public static let hasStraceInstalled = isInstalled("strace")
    public static let canTrace: Bool = {
        guard hasStraceInstalled else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["strace", "-f", "-o", "/dev/null", "true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// A C compiler (`cc`), which builds the stand-ins for system libraries some tests load in their place.
    public static let hasCCompiler = isInstalled("cc")

    /// tmux, a terminal a test can type into and read (`send-keys`, `capture-pane`).
    public static let hasTmux: Bool = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].contains {
        FileManager.default.isExecutableFile(atPath: $0)
    }

}
