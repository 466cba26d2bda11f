import Core

/// Something that can hand over a race's card: its field, prices and, once run, its result.
///
/// `card(forRace:)` blocks until it has an answer: callers run it on the detail interactor's serial queue,
/// never on the main thread.
public protocol RaceCardService: Sendable {
    /// Names the source in messages ("folder /tmp/cards", a URL, …).
    var sourceDescription: String { get }
    /// nil when the source has no card for the race (not published yet, or gone).
    func card(forRace id: String) throws(RaceDataError) -> RaceCard?
}
