import Core
import Dispatch
import Platform

/// The day's races as a screen got them, and where from.
public struct RaceDayAnswer: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// A list of the day's meetings (the affiliates API's, the race day's own), named: races run among them.
        case list(String)
        /// No list to be had: the races in the feed, grouped by meeting, named (only those it still names).
        case feed(String)
    }

    public let day: RaceDay
    public let source: Source

    public init(day: RaceDay, source: Source) {
        self.day = day
        self.source = source
    }
}

public typealias RaceDayCompletion = @MainActor @Sendable (Result<RaceDayAnswer, RaceDataError>) -> Void

/// How a screen of the day (the meetings, the results) gets the day's races: the card source's list of meetings,
/// each race's word on how it stands recorded in the day's book, else the feed's races grouped by meeting. Fetched
/// on the screen's serial queue, a request made while one is out joining it; an answer given again for
/// `answerLifetime` (a screen drawn each second does not ask each second), a failure for a wait doubling from 2 s
/// to a minute.
@MainActor
public final class RaceDayFetch {
    public nonisolated static let answerLifetime: TimeInterval = 10
    public nonisolated static let retryDelays: ClosedRange<TimeInterval> = 2...60

    private let meetings: (any RaceMeetingsService)?
    private let races: any RaceService
    private let book: RaceDayBook
    private let clock: any WallClock
    private let deliver: MainDelivery
    private let fetches: CoalescedFetch<Result<RaceDayAnswer, RaceDataError>>
    private var lastAnswer: (at: Date, answer: RaceDayAnswer)?
    private var lastFailure: (at: Date, error: RaceDataError, wait: TimeInterval)?

    /// - Parameter meetings: the day's list; nil to group the feed's races.
    public init(
        meetings: (any RaceMeetingsService)?, races: any RaceService, book: RaceDayBook, clock: any WallClock,
        queue: DispatchQueue, deliver: @escaping MainDelivery
    ) {
        self.meetings = meetings
        self.races = races
        self.book = book
        self.clock = clock
        self.deliver = deliver
        fetches = CoalescedFetch(queue: queue, deliver: deliver)
    }

    public func fetch(completion: @escaping RaceDayCompletion) {
        let now = clock.now()
        if let last = lastAnswer, now >= last.at, now.timeIntervalSince(last.at) < Self.answerLifetime {
            let answer = last.answer
            deliver { completion(.success(answer)) }
            return
        }
        if let failure = lastFailure, now >= failure.at, now.timeIntervalSince(failure.at) < failure.wait {
            let error = failure.error
            deliver { completion(.failure(error)) }
            return
        }
        fetches.request(
            { [meetings, races, book] in
                Result { () throws(RaceDataError) -> RaceDayAnswer in
                    guard let meetings else {
                        return RaceDayAnswer(
                            day: RaceDay(grouping: try races.fetchRaces().races), source: .feed(races.sourceDescription)
                        )
                    }
                    let day = try meetings.raceDay(at: now)
                    // The list's word on each race, into the book every screen reads (which keeps a card's
                    // placings over a list's bare word for the same status).
                    for (id, standings) in day.standings { book.record(standings, forRace: id) }
                    return RaceDayAnswer(day: day, source: .list(meetings.meetingsDescription))
                }
            },
            completion: { [weak self] result in
                switch result {
                case .success(let answer):
                    self?.lastAnswer = (now, answer)
                    self?.lastFailure = nil
                case .failure(let error):
                    let wait = self?.lastFailure.map { min($0.wait * 2, Self.retryDelays.upperBound) }
                    self?.lastFailure = (now, error, wait ?? Self.retryDelays.lowerBound)
                }
                completion(result)
            })
    }
}
