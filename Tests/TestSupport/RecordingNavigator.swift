import Core
import Shell
import Testing

/// The shell's navigation as a router sees it: records where it was asked to go and finishes at once. Navigation
/// the test did not say to expect (`expectNavigation()`) fails the test.
@MainActor
public final class RecordingNavigator: Navigator {
    public private(set) var opened: [AppRoute] = []
    public private(set) var closed = 0
    private var expectsNavigation = false

    public init() {}

    /// The test is about to make the router navigate.
    public func expectNavigation() { expectsNavigation = true }

    public func open(_ route: AppRoute, completion: @escaping CommandCompletion) {
        if !expectsNavigation { Issue.record("unexpected navigation: open \(route)") }
        opened.append(route)
        completion(.success)
    }

    public func close(completion: @escaping CommandCompletion) {
        if !expectsNavigation { Issue.record("unexpected navigation: close") }
        closed += 1
        completion(.success)
    }
}
