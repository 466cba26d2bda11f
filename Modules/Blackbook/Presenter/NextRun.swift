import BlackbookInteractor
import Core
import Platform

/// Where an entry runs next, and as whom; and the book's order from it.
struct NextRun: Equatable {
    let race: Race
    let runner: LineupRunner

    /// Each entry's next run: the soonest race to come whose field has it, in the entry's code and country (a
    /// race that jumped since the look is no one's next run). By entry id.
    static func of(_ entries: [BlackbookEntry], in races: RacesToCome?, after now: Date) -> [String: NextRun] {
        var found: [String: NextRun] = [:]
        guard let races else { return found }
        let keys = entries.map(\.nameKey)
        for race in races.races where race.advertisedStart > now {
            guard let field = races.fields[race.id] else { continue }
            let place = RunnerPlace(race)
            for (entry, key) in zip(entries, keys) where found[entry.id] == nil {
                if let runner = field.first(where: { entry.matches($0, key: key, at: place) }) {
                    found[entry.id] = NextRun(race: race, runner: runner)
                }
            }
            if found.count == entries.count { break }
        }
        return found
    }

    /// The book in order: the entries engaged soonest first, then the rest by name.
    static func book(
        _ entries: [BlackbookEntry], runs: [String: NextRun]
    ) -> [(entry: BlackbookEntry, next: NextRun?)] {
        entries.map { ($0, runs[$0.id]) }.sorted { lhs, rhs in
            switch (lhs.next, rhs.next) {
            case (let left?, let right?):
                return (left.race.advertisedStart, lhs.entry.name) < (right.race.advertisedStart, rhs.entry.name)
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return TextFolding.compareIgnoringCase(lhs.entry.name, rhs.entry.name) < 0
            }
        }
    }
}
