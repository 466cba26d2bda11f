import Core

/// What the shell may ask of the race list, one method per user command.
/// Each calls its completion once the command is done, including any fetch
/// it had to wait for, so scripted input always sees settled output.
@MainActor
public protocol RaceListModuleInput: AnyObject {
    /// Starts the first fetch without drawing anything.
    func start()
    func showList(completion: @escaping CommandCompletion)
    /// `list all`: every upcoming race of the filter, in sections by meeting.
    func showAll(completion: @escaping CommandCompletion)
    /// Draws again what was drawn last, the board or `list all` (coming back from a race's sheet, say).
    func redraw(completion: @escaping CommandCompletion)
    /// Draws again what was drawn last, at once, from the races and favourites on hand (the live region).
    func redrawLive()
    /// Races on the board as last drawn: the numbers `show N` and `fav N` reach.
    var drawnCount: Int { get }
    /// `filter`, `search`, `region`, `count`: narrows or sizes the board, then draws it.
    func change(_ change: RaceBoard.Change, completion: @escaping CommandCompletion)
    func refresh(completion: @escaping CommandCompletion)
    /// `show N`: opens the detail sheet for race N of the board.
    func openRace(position: Int, completion: @escaping CommandCompletion)
    /// `fav N`: toggles race N of the board as a favourite.
    func toggleFavourite(position: Int, completion: @escaping CommandCompletion)
    /// `favs`: opens the favourites screen.
    func openFavourites(completion: @escaping CommandCompletion)
    /// `alert MINUTES` / `alert off`: how long before a favourite's start to alert (nil: off).
    func setAlert(_ choice: RaceAlerts.Choice?, completion: @escaping CommandCompletion)
    /// `save`: keeps the filter, region, count and alert for the next start.
    func saveSettings(completion: @escaping CommandCompletion)
    /// From now on, once a second: the status line, notices of what happens by itself, and alerts. For a person
    /// at a terminal; pipes never start it. `announcing`: accessible mode, where races coming, jumping and their
    /// results are said too, a line each.
    func startLiveUpdates(announcing: Bool)
    /// `watch [SECONDS]`: draws the board every second for SECONDS.
    func watch(seconds: Int, completion: @escaping CommandCompletion)
}

/// The navigation the race list needs; its router provides it.
@MainActor
public protocol RaceListRouterInput: AnyObject {
    func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion)
    func openFavourites(completion: @escaping CommandCompletion)
}
