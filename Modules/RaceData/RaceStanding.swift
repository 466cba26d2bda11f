import Core
import Platform

/// A race as its source told it after the jump, or instead of it: the status, the runners placed first (their
/// numbers, up to three), and from when that holds.
public struct RaceStanding: Sendable, Equatable {
    public let status: RaceStatus
    public let placings: [Int]
    /// From this moment on; nil from whenever it was told (a live source tells how a race stands now).
    public let from: Date?

    /// The first three places are what a board has room for (`Final 2-4-7`).
    public static let placesShown = 3

    public init(status: RaceStatus, placings: [Int] = [], from: Date? = nil) {
        self.status = status
        self.placings = Array(placings.prefix(Self.placesShown))
        self.from = from
    }

    /// How a card stands: its status, and its placings in finishing order.
    public init?(card: RaceCard) {
        guard let status = card.status else { return nil }
        self.init(status: status, placings: card.placings.sorted { $0.position < $1.position }.map(\.runnerNumber))
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
