import Foundation
import TestSupport
import Testing

/// The checks every terminal and end-to-end test makes wait for what they expect: shown here on a screen drawn
/// late, as a busy machine draws it, and on one that never comes.
@Suite(
    "Checks wait for what they expect", .serialized,
    .enabled(if: HostCapabilities.hasTmux && HostCapabilities.hasProc, "needs tmux and /proc (CI has both)"))
struct WaitingTests {
    /// A screen that says `first`, then after `delay` seconds `late`, below blank lines.
    private func lateScreen(delay: Int) throws -> TerminalSession {
        try TerminalSession(
            arguments: [],
            program: ["/bin/sh", "-c", "printf 'first\\n\\n\\n\\n'; sleep \(delay); printf 'late\\n'; sleep 600"])
    }

    @Test("a screen drawn 2 s late is waited for; a look at once would not have found it")
    func lateScreenIsWaitedFor() throws {
        let session = try lateScreen(delay: 2)
        defer { session.stop() }
        session.expect(shows: "first")
        session.expectThroughout("not drawn yet", for: 1) { !$0.contains("late") }
        session.expect(shows: "late")
    }

    @Test("one that never comes fails at the test's own line, naming what was expected and showing the screen")
    func neverDrawnFailsReadably() throws {
        let session = try lateScreen(delay: 600)
        defer { session.stop() }
        session.expect(shows: "first")
        let line = #line + 2
        withKnownIssue("the screen never shows it") {
            session.expect(shows: "never drawn", timeout: 1)
        } matching: { issue in
            let text = String(describing: issue)
            return issue.sourceLocation?.line == line
                && text.contains("Expectation failed: the screen shows \"never drawn\" (waited 1 s)")
                && text.contains("what it showed last (blank lines left out):\nfirst")
                && !text.contains("first\n\n")
        }
    }

    @Test("a program's exit status is checked once it has ended, however long that takes")
    func exitWaitedFor() throws {
        let session = try TerminalSession(arguments: [], program: ["/bin/sh", "-c", "sleep 2; exit 3"])
        defer { session.stop() }
        session.expectExit(3)
    }
}
