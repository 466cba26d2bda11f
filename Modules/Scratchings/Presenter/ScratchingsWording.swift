import Core
import Platform
import ScratchingsInteractor
import ScratchingsView

/// How the scratchings screen words what it shows at a moment: its title, rows, note and messages.
struct ScratchingsWording {
    let selection: RaceSelection
    let timeZone: LocalZone
    let now: Date

    static let title = "Late scratchings"

    /// What a deduction is, said under every list that may quote one.
    static let deductions =
        "Deductions (win/place) are cents in the dollar off fixed-odds bets struck before the scratching."

    /// Latest first; a scratching at a time not told after those with one; then in race order, then by runner.
    static func isLater(_ lhs: ScratchedRunner, _ rhs: ScratchedRunner) -> Bool {
        switch (lhs.at, rhs.at) {
        case (let left?, let right?) where left != right: return left > right
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            if lhs.race.id != rhs.race.id { return RaceOrder.isOrderedBefore(lhs.race, rhs.race) }
            return lhs.number < rhs.number
        }
    }

    /// The message for a narrowing name that no meeting of the day has, as `meetings` and `results` say it (no
    /// mistake: the list is empty); nil when it names one (or none is given).
    private func unknownName(in answer: ScratchingsAnswer) -> String? {
        guard !selection.name.isEmpty, !answer.races.contains(where: { $0.matches(search: selection.name) }) else {
            return nil
        }
        return "No meeting today has \"\(selection.name)\" in its name, and it is no code (horse, greyhound, "
            + "harness; T, H, G), region (aus, nz, intl) or place (nsw, uk, sweden). Type `scratchings` for them all."
    }

    func viewModel(_ scratchings: [ScratchedRunner], of answer: ScratchingsAnswer) -> ScratchingsViewModel {
        let narrowed = selection.isEverything ? "" : " · " + selection.description
        let rows = scratchings.enumerated().map { index, scratched in
            ScratchingsViewModel.Row(
                position: index + 1, race: scratched.race,
                raceText: "R\(scratched.race.number) \(scratched.race.meetingName)", runnerNumber: scratched.number,
                runnerName: scratched.name, scratchedAt: scratched.at,
                time: scratched.at.map { ClockTime.text(of: $0, in: timeZone) }, deduction: scratched.deduction,
                raceState: scratched.race.advertisedStart > now
                    ? Countdown(from: now, to: scratched.race.advertisedStart).text : ScratchingsViewModel.jumped)
        }
        return ScratchingsViewModel(
            title: "\(Self.title) · \(rows.count)\(narrowed)", rows: rows, note: note(answer),
            emptyMessage: rows.isEmpty ? emptyMessage(answer) : nil)
    }

    /// Where the scratchings come from: the whole day, or the races whose cards were read.
    private func note(_ answer: ScratchingsAnswer) -> String? {
        switch answer.reach {
        case .wholeDay:
            return "Latest first, from every race's field of the day. \(Self.deductions)"
        case .cardsRead(let read):
            return "Latest first, from the \(read) of the day's \(answer.races.count) races whose cards have been "
                + "read (a sheet, the board's next races, `movers`, the blackbook); the rest are not asked for "
                + "here, within the card source's budget. \(Self.deductions)"
        case .noCards:
            return nil
        }
    }

    private func emptyMessage(_ answer: ScratchingsAnswer) -> String {
        if answer.reach == .noCards {
            return "No race cards are read (`--cards none`): late scratchings are told on the races' cards."
        }
        if let unknown = unknownName(in: answer) { return unknown }
        return selection.isEverything
            ? "No late scratchings today so far."
            : "No late scratching today is \(selection.description). Type `scratchings` for them all."
    }
}
