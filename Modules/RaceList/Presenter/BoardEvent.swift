import Core

/// What the board's parts (`BoardFeed`, `BoardMarks`) tell the presenter as it happens, handled in one
/// place (`RaceListPresenter.handle(_:)`).
enum BoardEvent {
    /// Races that were on the board have left it.
    case left([Race])
    /// A fetch came back; `before` is the freshness it found.
    case fetched(before: Freshness)
    /// A command waits for the very first answer: time to say "Loading".
    case awaitingFirstAnswer
    /// A favourite's race is due an alert.
    case alert(RaceAlerts.Alert)
    /// The favourites store has something to say (a damaged file set aside, a read that failed).
    case warning(String)
}

/// Who hears the board's events: the presenter.
@MainActor
protocol BoardEventHandler: AnyObject {
    func handle(_ event: BoardEvent)
}
