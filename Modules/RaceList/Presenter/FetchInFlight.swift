/// The presenter's side of a fetch: whether one is out, and the commands waiting to see what it brings.
/// Commands wait so scripted input always sees settled output; the interactor folds the fetches themselves.
@MainActor
final class FetchInFlight {
    private(set) var isActive = false
    private var waiting: [@MainActor () -> Void] = []

    /// Marks a fetch as out; false when one already is, so the caller sends none.
    func begin() -> Bool {
        guard !isActive else { return false }
        isActive = true
        return true
    }

    /// Runs `work` now when no fetch is out, else once `finish()` is called.
    func afterwards(_ work: @escaping @MainActor () -> Void) {
        if isActive { waiting.append(work) } else { work() }
    }

    /// Whether a command is already waiting (the loading line is then drawn already).
    var hasWaiting: Bool { !waiting.isEmpty }

    /// The fetch is back: runs what waited, in the order it came.
    func finish() {
        isActive = false
        let ready = waiting
        waiting = []
        for work in ready { work() }
    }
}
