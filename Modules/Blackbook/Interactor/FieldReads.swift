import Core
import Platform
import RaceData

/// The fields of races as the blackbook needs them: from the day's book while fresh, else read into it, from the
/// source's own fields where it has them, else from the race's card (whose read records it in the book).
struct FieldReads: Sendable {
    let book: RaceDayBook
    let cards: CardReads?
    let fieldSource: (any RaceFieldService)?
    let cardsAnswerAtOnce: Bool
    let clock: any WallClock

    var canRead: Bool { cards != nil || fieldSource != nil }

    /// The runners still in each race whose field the book has.
    func known(of races: [Race]) -> [String: [LineupRunner]] {
        // A feed may name a race twice: the first is kept, as everywhere.
        Dictionary(
            races.compactMap { race in book.field(ofRace: race.id).map { (race.id, LineupRunner.field(of: $0.runners)) }
            },
            uniquingKeysWith: { first, _ in first })
    }

    /// Reads the fields not known or gone stale, soonest first: all of them from a source that answers at once,
    /// else `perLook`. A card that cannot be read now is tried at a later look.
    /// - Parameter entries: when given, reading stops once each has a next run among the races read so far.
    /// - Returns: whether it stopped so, every entry's next run found.
    @discardableResult
    func read(fieldsOf races: [Race], perLook: Int, until entries: [BlackbookEntry]? = nil) -> Bool {
        let now = clock.now()
        var unfound = entries ?? []
        let keys = Dictionary(unfound.map { ($0.id, $0.nameKey) }, uniquingKeysWith: { first, _ in first })
        book.record(races: races)
        /// Whether every entry has now been found running in `runners` or before.
        func found(in runners: [Runner], of race: Race) -> Bool {
            let place = RunnerPlace(race)
            let field = LineupRunner.field(of: runners)
            unfound.removeAll { entry in field.contains { entry.matches($0, key: keys[entry.id] ?? "", at: place) } }
            return entries != nil && unfound.isEmpty
        }
        var due: [Race] = []
        for race in races {
            if let known = book.field(ofRace: race.id), isFresh(known.readAt, at: now) {
                if found(in: known.runners, of: race) { return true }
            } else {
                due.append(race)
            }
        }
        guard canRead else { return false }
        for race in cardsAnswerAtOnce ? due[...] : due.prefix(perLook) {
            guard let runners = field(of: race, at: now) else { continue }
            if found(in: runners, of: race) { return true }
        }
        return false
    }

    /// Whether a field read at `readAt` still holds: one from the source's own fields for a minute, a card from
    /// a source that answers at once for the session, a server's for `fieldLifetime`.
    private func isFresh(_ readAt: Date, at now: Date) -> Bool {
        let age = now.timeIntervalSince(readAt)
        if fieldSource != nil { return age <= BlackbookInteractor.localFieldLifetime && age >= 0 }
        return cardsAnswerAtOnce || age <= BlackbookInteractor.fieldLifetime
    }

    /// The race's field, read now into the book: from the source's fields where it has them, else from its card;
    /// nil when neither.
    private func field(of race: Race, at now: Date) -> [Runner]? {
        if let fieldSource,
            case .success(let runners?) = Result(catching: { () throws(RaceDataError) in
                try fieldSource.field(forRace: race.id)
            })
        {
            book.record(field: runners, forRace: race.id, at: now)
            return runners
        }
        guard let cards,
            case .success(let card?) = Result(catching: { () throws(RaceDataError) in
                try cards.card(forRace: race.id)
            })
        else { return nil }
        return card.runners
    }
}
