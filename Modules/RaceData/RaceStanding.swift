import Core
import Platform

/// A race as its source told it after the jump, or instead of it: the status, the runners placed first (their
/// numbers, up to three), and from when that holds.
public struct RaceStanding: Sendable, Equatable {
    public let status: RaceStatus
    public let placings: [Int]
    /// The placed runners' names, in the order of `placings`, where the source told them (a card does; a list of
    /// statuses may not): empty, or one for each placing.
    public let names: [String]
    /// What the winner paid on the tote (the card's final Win dividend), where the source told it.
    public let winDividend: Double?
    /// From this moment on; nil from whenever it was told (a live source tells how a race stands now).
    public let from: Date?

    /// The first three places are what a board has room for (`Final 2-4-7`).
    public static let placesShown = 3

    public init(
        status: RaceStatus, placings: [Int] = [], names: [String] = [], winDividend: Double? = nil, from: Date? = nil
    ) {
        self.winDividend = placings.isEmpty ? nil : winDividend.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.status = status
        self.placings = Array(placings.prefix(Self.placesShown))
        self.names = names.count >= self.placings.count ? Array(names.prefix(self.placings.count)) : []
        self.from = from
    }

    /// How a card stands: its status, and its placings in finishing order with the runners' names.
    public init?(card: RaceCard) {
        guard let status = card.status else { return nil }
        let placed = card.placings.sorted { $0.position < $1.position }
        let names = placed.map { placing in
            placing.name ?? card.runners.first { $0.number == placing.runnerNumber }?.name ?? ""
        }
        let winner = placed.first.map { String($0.runnerNumber) }
        let win = card.dividends.last { TextFolding.equalIgnoringCase($0.bet, "Win") && $0.runners == winner }
        self.init(
            status: status, placings: placed.map(\.runnerNumber), names: names.contains("") ? [] : names,
            winDividend: win?.amount)
    }

    /// `Closed`, `Interim 2-4-7`, `Final 2-4-7`, `Abandoned`: what a board says of a race that has jumped; nil
    /// while betting is open, and for a word the app does not know.
    public var boardText: String? {
        let word: String
        switch status {
        case .open, .other: return nil
        case .closed: return "Closed"
        case .abandoned: return "Abandoned"
        case .interim: word = "Interim"
        case .final: word = "Final"
        }
        return placings.isEmpty ? word : word + " " + placings.map(String.init).joined(separator: "-")
    }
}
