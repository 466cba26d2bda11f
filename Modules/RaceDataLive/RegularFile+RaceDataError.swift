import Files
import RaceData

extension RegularFile.Failure {
    /// The same, as a source's error: `notRegular` says why in `notRegularReason`'s words.
    func raceDataError(source: String, notRegularReason: String) -> RaceDataError {
        switch self {
        case .tooLarge(let limit): .tooLarge(source: source, limit: limit)
        case .missing: .unavailable(source: source, reason: "no such file")
        case .notRegular: .unavailable(source: source, reason: notRegularReason)
        case .unreadable(let reason): .unavailable(source: source, reason: reason)
        }
    }
}
