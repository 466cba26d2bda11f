import TestSupport
import Testing

/// The terminal suites are enabled only where their tools are; on Linux, where CI runs them, a missing tool is a
/// failure here rather than a suite quietly skipped.
@Suite("The machine has what the terminal tests need")
struct HostCapabilitiesTests {
    @Test("on Linux: tmux, util-linux's script, /proc, zsh, fish, man, strace and cc (.ci/run installs the tools)")
    func linuxHasTheTools() {
        #if os(Linux)
            #expect(HostCapabilities.hasProc)
            #expect(HostCapabilities.hasTmux, "apt-get install tmux")
            #expect(HostCapabilities.hasUtilLinuxScript, "apt-get install util-linux (bsdutils)")
            #expect(HostCapabilities.hasZsh && HostCapabilities.hasFish, "apt-get install zsh fish")
            #expect(HostCapabilities.hasMan, "apt-get install man-db")
            #expect(HostCapabilities.hasStraceInstalled, "apt-get install strace")
            #expect(HostCapabilities.hasCCompiler, "apt-get install gcc")
        #endif
    }
}
