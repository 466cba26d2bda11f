import Core
import MeetingsInteractor
import MeetingsView
import Platform
import RaceData

/// What the shell may ask of the meetings list.
@MainActor
public protocol MeetingsModuleInput: AnyObject {
    /// Fetches (or takes the answer kept) and draws the list.
    func show(completion: @escaping CommandCompletion)
    /// Draws the list again at once from the answer held, countdowns moved on.
    func showLive()
    /// The highest number drawn: what `show N` reaches.
    var highestNumber: Int { get }
    /// `show N`: opens meeting N (its number on the day's whole list, as drawn).
    func openMeeting(number: Int, completion: @escaping CommandCompletion)
    /// `watch N` in a pipe: N lists, a second apart.
    func watch(seconds: Int, completion: @escaping CommandCompletion)
}

/// The navigation the meetings screens need; their router provides it.
@MainActor
public protocol MeetingsRouterInput: AnyObject {
    func openMeeting(_ request: MeetingRequest, completion: @escaping CommandCompletion)
    func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion)
}

/// What the shell may ask of a meeting's screen.
@MainActor
public protocol MeetingModuleInput: AnyObject {
    /// Fetches (or takes the answer kept) and draws the meeting.
    func show(completion: @escaping CommandCompletion)
    /// Draws the meeting again at once from the answer held: countdowns moved on, results come in since.
    func showLive()
    /// The highest race number drawn: what `show N` can reach.
    var highestNumber: Int { get }
    /// `show N`: opens race N of the meeting (its number, as drawn: `R6` is `show 6`).
    func openRace(number: Int, completion: @escaping CommandCompletion)
    /// `watch N` in a pipe: N draws, a second apart.
    func watch(seconds: Int, completion: @escaping CommandCompletion)
}
