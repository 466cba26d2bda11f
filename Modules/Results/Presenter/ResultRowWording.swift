import Core
import Platform
import RaceData
import ResultsView

/// Words a race's result for the results screen: its placings and its dividends from its card where the card has
/// been read, else from how the day's list tells it (the first placings and the win dividend). The dividends are
/// worded as the sheet words them (`ResultWording`), with the doubles a card has.
struct ResultRowWording {
    let timeZone: LocalZone
    /// Whether a card source is there to read: without one nothing more will come, and nothing is said missing.
    let hasCards: Bool

    /// Places shown at most: the first four, as a First Four pays on.
    static let placesShown = 4
    /// The bets shown, in this order.
    static let bets = ResultWording.mainBets + ResultWording.doubles

    /// Whether a card tells the race's result as it will stay: final, its dividends final.
    static func isSettled(_ card: RaceCard?) -> Bool {
        guard let card else { return false }
        return card.status == .final && !card.placings.isEmpty && card.dividends.allSatisfy(\.isFinal)
    }

    func row(_ result: ResultsDay.Result, card: RaceCard?, position: Int, at now: Date) -> ResultsViewModel.Row {
        let race = result.race
        let standing = result.standing
        let card = card.flatMap { card in
            card.status?.hasBeenRun == true && !card.placings.isEmpty ? card : nil
        }
        let isAbandoned = standing.status == .abandoned && card == nil
        let status: RaceStatus = card?.status == .final ? .final : standing.status
        var placings: [ResultsViewModel.Placing] = []
        var dividends: [ResultWording.Line] = []
        var missing: String?
        if let card {
            let placed = card.placings.sorted { $0.position < $1.position }
            placings = placed.prefix(Self.placesShown).map { placing in
                Self.placing(
                    placing.position, placing.runnerNumber,
                    placing.name ?? card.runners.first { $0.number == placing.runnerNumber }?.name)
            }
            let paid = card.dividends.filter { $0.amount.isFinite && $0.amount > 0 }
            dividends = ResultWording.lines(paid, placings: placed, bets: Self.bets)
            if dividends.isEmpty { missing = "No dividends declared yet." }
        } else if !isAbandoned {
            let names = standing.names.count == standing.placings.count ? standing.names : []
            placings = standing.placings.enumerated().map { index, number in
                Self.placing(index + 1, number, names.indices.contains(index) ? names[index] : nil)
            }
            if let win = standing.winDividend, let winner = standing.placings.first {
                dividends = ResultWording.lines(
                    [Dividend(bet: "Win", runners: String(winner), amount: win, isFinal: status == .final)],
                    placings: [], bets: Self.bets)
            }
            if hasCards {
                missing =
                    placings.isEmpty
                    ? "Placings and dividends when its card is read." : "Other dividends when its card is read."
            }
        }
        return ResultsViewModel.Row(
            position: position, race: race,
            secondsToStart: Int(saturatingRoundedDown: race.advertisedStart.timeIntervalSince(now)),
            label: "\(race.meetingName) R\(race.number)",
            localTime: ClockTime.text(of: race.advertisedStart, in: timeZone),
            status: isAbandoned ? RaceStatus.abandoned.word : status.word, isAbandoned: isAbandoned,
            placings: placings, dividends: dividends, missing: missing)
    }

    private static func placing(_ position: Int, _ number: Int, _ name: String?) -> ResultsViewModel.Placing {
        ResultsViewModel.Placing(
            position: position, place: ResultWording.ordinal(position), number: number,
            name: name.flatMap { $0.isEmpty ? nil : $0 })
    }
}
