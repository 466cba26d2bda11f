/// The presenter's side of a fetch: whether one is out, whether commands wait for it, and the commands waiting
/// to see what it brings.
///
/// Commands wait for a fetch whose data they need — the first answer, a refill of a board that ran short, one
/// the user asked for — so scripted input sees settled output. A routine fetch (the refresh timer, a retry) is
/// waited for by no one: a command that needs no new data (`back`, `show 3`, `fav 2`) answers at once from the
/// races on hand, however slow the source. The interactor folds the fetches themselves.
@MainActor
final class FetchInFlight {
    private(set) var isActive = false
    /// Whether commands wait for the fetch that is out.
    private var isAwaited = false
    private var waiting: [@MainActor () -> Void] = []

    /// Marks a fetch as out; false when one already is, so the caller sends none. A fetch that is needed makes
    /// one already out awaited: what it brings is what was needed.
    func begin(awaited: Bool) -> Bool {
        guard !isActive else {
            isAwaited = isAwaited || awaited
            return false
        }
        isActive = true
        isAwaited = awaited
        return true
    }

    /// Runs `work` now unless an awaited fetch is out, else once `finish()` is called.
    func afterwards(_ work: @escaping @MainActor () -> Void) {
        if isActive, isAwaited { waiting.append(work) } else { work() }
    }

    /// Whether a command is already waiting (the loading line is then drawn already).
    var hasWaiting: Bool { !waiting.isEmpty }

    /// The fetch is back: runs what waited, in the order it came.
    func finish() {
        isActive = false
        isAwaited = false
        let ready = waiting
        waiting = []
        for work in ready { work() }
    }
}
