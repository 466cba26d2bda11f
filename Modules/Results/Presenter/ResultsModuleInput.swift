import Core
import Platform

/// What the shell may ask of the results screen.
@MainActor
public protocol ResultsModuleInput: AnyObject {
    /// Fetches the day (or takes the answer kept), reads the newest results' cards, and draws the results.
    func show(completion: @escaping CommandCompletion)
    /// Draws them again at once from what is known, and asks for what has come in since.
    func showLive()
    /// The highest number drawn: what `show N` reaches.
    var highestNumber: Int { get }
    /// `show N`: opens the sheet of the race drawn as N.
    func openRace(number: Int, completion: @escaping CommandCompletion)
}

/// The navigation the results screen needs; its router provides it.
@MainActor
public protocol ResultsRouterInput: AnyObject {
    func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion)
}
