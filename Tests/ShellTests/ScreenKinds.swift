import CommandKit

/// Screens for the shell's own tests, as the features declare theirs.
extension ScreenKind {
    static let raceList = ScreenKind("raceList", title: "the race list")
    static let raceDetail = ScreenKind("raceDetail", title: "a race's details")
    static let favourites = ScreenKind("favourites", title: "the favourites")
}
