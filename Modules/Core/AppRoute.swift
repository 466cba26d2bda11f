/// Where a module may ask the shell to go. Features never import one another:
/// they name a destination and the app's router builds it.
public enum AppRoute: Sendable, Equatable {
    /// The detail sheet for a race, drawn under the screen it was opened from.
    case raceDetail(Race)
    /// The favourites screen.
    case favourites
}
