import BlackbookInteractor
import BlackbookView
import Core
import Platform
import RaceData

/// What the shell may ask of the blackbook screen.
@MainActor
public protocol BlackbookModuleInput: AnyObject {
    /// Loads the entries, looks for each one's next run and draws the book.
    func show(completion: @escaping CommandCompletion)
    /// Draws the book again at once from what it holds, countdowns moved on.
    func showLive()
    /// Entries as last drawn: the numbers `show N`, `unfollow N` and `note N` reach.
    var drawnCount: Int { get }
    /// `show N`: opens the race entry N runs in next.
    func openNextRun(position: Int, completion: @escaping CommandCompletion)
    /// `unfollow N`: stops following entry N.
    func unfollow(position: Int, completion: @escaping CommandCompletion)
    /// `note N TEXT`: keeps TEXT with entry N (none: clears it).
    func note(_ words: String, completion: @escaping CommandCompletion)
}

/// The navigation the book needs; its router provides it.
@MainActor
public protocol BlackbookRouterInput: AnyObject {
    func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion)
}
