import Core
import Dispatch
import Platform
import RaceData

/// A runner scratched late from a race of the day: when, where the source told it, and what it takes off the
/// fixed-odds bets on the others.
public struct ScratchedRunner: Sendable, Equatable {
    public let race: Race
    public let number: Int
    public let name: String
    public let at: Date?
    public let deduction: Deduction?

    public init(race: Race, number: Int, name: String, at: Date?, deduction: Deduction?) {
        self.race = race
        self.number = number
        self.name = name
        self.at = at
        self.deduction = deduction
    }
}

/// The day's late scratchings as far as the day's fields are known, and how far that is.
public struct ScratchingsAnswer: Sendable, Equatable {
    public enum Reach: Sendable, Equatable {
        /// Every race's field was read (the embedded day's fields, a folder's cards).
        case wholeDay
        /// A server's cards: only the races whose cards some screen has read, this many.
        case cardsRead(Int)
        /// No card source: nothing tells a field.
        case noCards
    }

    /// The day's races, each once.
    public let races: [Race]
    /// In the order the fields were read; the presenter orders them.
    public let scratchings: [ScratchedRunner]
    public let reach: Reach

    public init(races: [Race], scratchings: [ScratchedRunner], reach: Reach) {
        self.races = races
        self.scratchings = scratchings
        self.reach = reach
    }
}

public typealias ScratchingsCompletion = @MainActor @Sendable (Result<ScratchingsAnswer, RaceDataError>) -> Void

public protocol ScratchingsInteractorInput: AnyObject, Sendable {
    /// The day's late scratchings as the fields known now tell them, answered on the main actor.
    func fetchScratchings(completion: @escaping ScratchingsCompletion)
}

/// Reads the day's late scratchings on its own serial queue, a request asked again while one is out joining it
/// (`CoalescedFetch`). The day is the card source's list of meetings where it has one, else the board's feed. A
/// source that holds its fields (the embedded day) or answers at once (a folder of cards) has every race's field
/// read; a server's cards are never asked for here (a day's cards would take hours of its budget): the day's book
/// has the fields of the races whose cards were read (a sheet, the board's watch, `movers`, the blackbook).
public final class ScratchingsInteractor: ScratchingsInteractorInput {
    private let meetings: (any RaceMeetingsService)?
    private let races: any RaceService
    private let fields: (any RaceFieldService)?
    private let cards: (any RaceCardService)?
    private let cardsAnswerAtOnce: Bool
    private let book: RaceDayBook
    private let clock: any WallClock
    private let fetches: CoalescedFetch<Result<ScratchingsAnswer, RaceDataError>>

    public init(
        meetings: (any RaceMeetingsService)?, races: any RaceService, fields: (any RaceFieldService)?,
        cards: (any RaceCardService)?, cardsAnswerAtOnce: Bool, book: RaceDayBook, clock: any WallClock,
        queue: DispatchQueue = DispatchQueue(label: "NextToGo.ScratchingsInteractor"),
        deliver: @escaping MainDelivery = deliverOnMain
    ) {
        self.meetings = meetings
        self.races = races
        self.fields = fields
        self.cards = cards
        self.cardsAnswerAtOnce = cardsAnswerAtOnce
        self.book = book
        self.clock = clock
        fetches = CoalescedFetch(queue: queue, deliver: deliver)
    }

    public func fetchScratchings(completion: @escaping ScratchingsCompletion) {
        fetches.request({ [self] in Result { () throws(RaceDataError) in try read() } }, completion: completion)
    }

    private func read() throws(RaceDataError) -> ScratchingsAnswer {
        let day = try dayRaces()
        let reach: ScratchingsAnswer.Reach
        var runners: [String: [Runner]] = [:]
        if let fields {
            for race in day { runners[race.id] = (try? fields.fieldWithLateScratchings(forRace: race.id)) ?? nil }
            reach = .wholeDay
        } else if let cards, cardsAnswerAtOnce {
            for race in day { runners[race.id] = ((try? cards.card(forRace: race.id)) ?? nil)?.runners }
            reach = .wholeDay
        } else if cards != nil {
            for race in day { runners[race.id] = book.field(ofRace: race.id)?.runners }
            reach = .cardsRead(runners.count)
        } else {
            reach = .noCards
        }
        let scratchings = day.flatMap { race in
            (runners[race.id] ?? []).compactMap { runner -> ScratchedRunner? in
                guard case .late(let at, let deduction)? = runner.scratching else { return nil }
                return ScratchedRunner(
                    race: race, number: runner.number, name: runner.name, at: at, deduction: deduction)
            }
        }
        return ScratchingsAnswer(races: day, scratchings: scratchings, reach: reach)
    }

    /// The card source's day where it lists one, else the feed's races; a race named twice, once.
    private func dayRaces() throws(RaceDataError) -> [Race] {
        var races = meetings.flatMap { try? $0.raceDay(at: clock.now()).races } ?? []
        if meetings == nil || races.isEmpty { races = try self.races.fetchRaces().races }
        var seen: Set<String> = []
        return races.filter { seen.insert($0.id).inserted }
    }
}
