import Core
import Platform

/// What the shell may ask of the scratchings screen.
@MainActor
public protocol ScratchingsModuleInput: AnyObject {
    /// Reads the day's late scratchings and draws them.
    func show(completion: @escaping CommandCompletion)
    /// Draws them again at once from what was read (asking again behind the draw once that is old).
    func showLive()
    /// The highest number drawn: what `show N` reaches.
    var highestNumber: Int { get }
    /// `show N`: opens the race of scratching N, as drawn.
    func openRace(number: Int, completion: @escaping CommandCompletion)
}

/// The navigation the scratchings screen needs; its router provides it.
@MainActor
public protocol ScratchingsRouterInput: AnyObject {
    func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion)
}
