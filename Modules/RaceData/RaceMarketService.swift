import Core
import Platform

/// Where the board learns each race's market favourite and its price without opening the card: the embedded
/// day's markets, or a card source's cards of the races coming up.
public protocol RaceMarketService: CardLearner {
    /// Reads what the board's races need, blocking: run in the board's own fetch, on its queue. A source that
    /// must ask a server asks beside the fetch instead, a few cards at a time within its budget.
    func prepare(_ races: [Race])
    /// Answers from what it holds or reads at once (the embedded day, a folder): no request to a server.
    var answersAtOnce: Bool { get }
    /// The race's favourite at `now`, as known without waiting; nil when the market is not known.
    func favourite(ofRace id: String, at now: Date) -> MarketFavourite?
    /// A race's card was read elsewhere (an open sheet): its prices serve the board at once.
    func learn(_ card: RaceCard)
}
