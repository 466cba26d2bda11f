import TestSupport
import Testing

/// The terminal suites are enabled only where their tools are; on Linux, where CI runs them, a missing tool is a
/// failure here rather than a suite quietly skipped.
@Suite("The machine has what the terminal tests need")
struct HostCapabilitiesTests {
    @Test("on Linux: tmux, util-linux's script and /proc (.ci/run installs the tools)")
    func linuxHasTheTools() {
        #if os(Linux)
            #expect(HostCapabilities.hasProc)
            #expect(HostCapabilities.hasTmux, "apt-get install tmux")
            #expect(HostCapabilities.hasUtilLinuxScript, "apt-get install util-linux (bsdutils)")
        #endif
    }
}
