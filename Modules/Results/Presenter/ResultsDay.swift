import Core
import Platform
import RaceData
import ResultsInteractor

/// The day's results at a moment: every race the words admit that has a result (interim or final) or was
/// abandoned, once its start has come (a result is never shown before its time, nor an abandonment before the
/// race would have run), the latest start first.
struct ResultsDay {
    struct Result {
        let race: Race
        let standing: RaceStanding
    }

    let results: [Result]
    /// Whether the words admit any race of the day at all, run or not: words that admit none are likely a slip.
    let admitsAny: Bool
    /// The day's meetings' names, for a guess at a slip.
    let meetingNames: [String]

    init(_ answer: ResultsAnswer, standings: [String: RaceStanding], selection: RaceSelection, at now: Date) {
        var seen: Set<String> = []
        var admitsAny = false
        var results: [Result] = []
        for race in answer.day.races where seen.insert(race.id).inserted && selection.admits(race) {
            admitsAny = true
            guard race.advertisedStart <= now, let standing = standings[race.id],
                standing.status.hasBeenRun || standing.status == .abandoned
            else { continue }
            results.append(Result(race: race, standing: standing))
        }
        // The latest first; races off at once in the order of their meetings' names, then their numbers.
        self.results = results.sorted { left, right in
            if left.race.advertisedStart != right.race.advertisedStart {
                return left.race.advertisedStart > right.race.advertisedStart
            }
            return (left.race.meetingName, left.race.number, left.race.id)
                < (right.race.meetingName, right.race.number, right.race.id)
        }
        self.admitsAny = admitsAny
        meetingNames = answer.day.meetings.compactMap { $0.races.first?.meetingName }
    }
}
