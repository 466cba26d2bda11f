/// Something that can hand over the current list of upcoming races.
///
/// `fetchRaces()` blocks until it has an answer: callers run it on the
/// interactor's serial queue, never on the main thread.
public protocol RaceService: Sendable {
    /// Names the source in messages ("file /tmp/races.json", a URL, …).
    var sourceDescription: String { get }
    func fetchRaces() throws(RaceDataError) -> RaceFeed
}
