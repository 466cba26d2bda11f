import Core
import Platform

/// What learns from a race card whoever read it: how the race stands (the status book), the runners followed
/// (the marks), the market's favourite (the board's prices).
public protocol CardLearner: Sendable {
    func learn(_ card: RaceCard)
}

extension RaceStatusBook: CardLearner {
    /// The card's standing (its status and placings) is the board's from now on. A copy kept from an earlier
    /// fetch (offline) tells the race as it was then, not as it is.
    public func learn(_ card: RaceCard) {
        guard card.offline == nil, let standing = RaceStanding(card: card) else { return }
        record([standing], forRace: card.raceID)
    }
}

extension RaceMarks: CardLearner {}

/// The card source as every screen reads it: each card read, by whichever screen (a sheet, `movers`, the
/// blackbook, a meeting's results), is told to every learner, so what one read learns the others see at once,
/// and no caller feeds them by hand.
public final class CardReads: RaceCardService {
    private let cards: any RaceCardService
    private let learners: [any CardLearner]

    public init(wrapping cards: any RaceCardService, learners: [any CardLearner]) {
        self.cards = cards
        self.learners = learners
    }

    public var sourceDescription: String { cards.sourceDescription }

    public func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        let card = try cards.card(forRace: id)
        if let card {
            for learner in learners { learner.learn(card) }
        }
        return card
    }
}
