import Core
import Platform

/// What reads the board's race cards for it (their markets, their results), given the races of each fetch:
/// what it reads goes into the day's book, which the board draws from.
public protocol RaceCardWatch: Sendable {
    /// The board's races as just fetched: reads (or sets going the reading of) the cards the board needs.
    /// Called in the board's fetch, on its queue.
    func look(at races: [Race])
}
