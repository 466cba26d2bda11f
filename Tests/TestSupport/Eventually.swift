import Foundation
import Testing

/// How long a check of what a running program shows waits for it: generous, because a machine running the suite
/// beside other work (CI's load stage runs two CPU-burning processes beside it) can take seconds to draw a screen.
/// Only a failing check waits this long.
public let patience: TimeInterval = 30

/// Waits until `condition` holds, looking every 50 ms for up to `timeout`. If it never does, records an issue at the
/// caller's line, `Expectation failed: EXPECTATION (waited N s)`, with what `evidence` shows then (a screen, a
/// program's output) beneath it, its blank lines left out.
///
/// Every check of a terminal's screen or a running program's output goes through this, so none samples once: a
/// screen drawn late on a busy machine is waited for. What must *not* appear is checked after something that
/// comes later has appeared (keys are taken in order), or with `expectThroughout`.
@discardableResult
public func expectEventually(
    _ expectation: @autoclosure () -> String, timeout: TimeInterval = patience,
    evidence: () -> String = { "" }, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) -> Bool {
    if Waiting.until(timeout: timeout, condition) { return true }
    recordUnmet(expectation(), "waited \(Waiting.seconds(timeout))", evidence: evidence(), at: sourceLocation)
    return false
}

/// Checks that `condition` holds for the whole of `duration`, looking every 50 ms; records an issue at the first
/// look it does not. For what must stay as it is (a board frozen in the scrollback), after a wait for what shows
/// the program has moved on.
@discardableResult
public func expectThroughout(
    _ expectation: @autoclosure () -> String, for duration: TimeInterval, evidence: () -> String = { "" },
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) -> Bool {
    let deadline = Date().addingTimeInterval(duration)
    repeat {
        guard condition() else {
            recordUnmet(
                expectation(), "broken within \(Waiting.seconds(duration))", evidence: evidence(), at: sourceLocation)
            return false
        }
        Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    return true
}

private func recordUnmet(_ expectation: String, _ how: String, evidence: String, at sourceLocation: SourceLocation) {
    let shown = evidence.split(separator: "\n", omittingEmptySubsequences: false).filter {
        !$0.allSatisfy(\.isWhitespace)
    }
    let seen = shown.isEmpty ? "" : "\nwhat it showed last (blank lines left out):\n" + shown.joined(separator: "\n")
    Issue.record("Expectation failed: \(expectation) (\(how))\(seen)", sourceLocation: sourceLocation)
}

/// Waiting without recording: for helpers that report in their own words.
public enum Waiting {
    /// Whether `condition` came to hold within `timeout`, looking every 50 ms.
    public static func until(timeout: TimeInterval = patience, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }
}
