import Core
import Foundation
import RaceData
import ResultsInteractor
import ResultsPresenter
import ResultsView
import TestSupport

/// The results' interactor as a test drives it: the day answered at once from `answer` (or held until
/// `releaseDay()`), standings from `standings`, and card reads recorded and answered when the test says.
public final class FakeResultsInteractor: ResultsInteractorInput, @unchecked Sendable {
    // Set and read on the main actor only.
    public var answer: Result<ResultsAnswer, RaceDataError>
    public var standings: [String: RaceStanding] = [:]
    public var hasCards = true
    /// The cards the screen has read (set by the test, or by `answerCards`).
    public var cards: [String: RaceCard] = [:]
    public var progress: CardProgress?
    public private(set) var dayFetches = 0
    public private(set) var cardsAsked: [[String]] = []
    public private(set) var stops = 0
    private var readsWaiting: [ResultCardsCompletion] = []

    public init(_ answer: Result<ResultsAnswer, RaceDataError>) { self.answer = answer }

    /// A list source's day of these meetings.
    public convenience init(meetings: [[Race]], source: ResultsAnswer.Source = .list("the test's list")) {
        self.init(
            .success(
                ResultsAnswer(
                    day: RaceDay(meetings: meetings.enumerated().map { RaceDay.Meeting(id: "m\($0)", races: $1) }),
                    source: source)))
    }

    /// When set, `fetchDay` keeps its completions until `releaseDay()`: a list slow to come.
    public var holdsDay = false
    private var heldDays: [ResultsDayCompletion] = []

    @MainActor public func fetchDay(completion: @escaping ResultsDayCompletion) {
        dayFetches += 1
        if holdsDay { heldDays.append(completion) } else { completion(answer) }
    }

    @MainActor public func releaseDay() {
        let waiting = heldDays
        heldDays = []
        for completion in waiting { completion(answer) }
    }

    public func standings(at now: Date) -> [String: RaceStanding] { standings }

    @MainActor public func readCards(ofRaces ids: [String], completion: @escaping ResultCardsCompletion) {
        cardsAsked.append(ids)
        readsWaiting.append(completion)
    }

    /// The look under way ends: these cards are read, and every read waiting is answered.
    @MainActor public func answerCards(_ read: [String: RaceCard]) {
        cards.merge(read) { $1 }
        progress = nil
        let waiting = readsWaiting
        readsWaiting = []
        for completion in waiting { completion(cards) }
    }

    public var readsOut: Int { readsWaiting.count }

    public func results(ofRaces ids: [String]) -> [String: RaceCard] { cards.filter { ids.contains($0.key) } }

    public func stopReading() { stops += 1 }
}

/// Records what the results presenter drew and said.
@MainActor
public final class FakeResultsView: ResultsViewInput {
    public init() {}

    public private(set) var displayed: [ResultsViewModel] = []
    public private(set) var errors: [String] = []
    public private(set) var warnings: [String] = []

    public var last: ResultsViewModel? { displayed.last }

    /// The last results drawn as lines: `N label status placings | dividends`.
    public var lines: [String] {
        (last?.rows ?? []).map { row in
            let placings = row.placings.map { "\($0.number)" }.joined(separator: "-")
            let dividends = row.dividends.map { "\($0.bet) \($0.payouts.joined(separator: ", "))" }
            return
                (["\(row.position) \(row.label) \(row.status)"] + (placings.isEmpty ? [] : [placings])
                + (dividends.isEmpty ? [] : ["| " + dividends.joined(separator: "; ")])).joined(separator: " ")
        }
    }

    public func display(_ viewModel: ResultsViewModel) { displayed.append(viewModel) }
    public func displayCommandError(_ message: String) { errors.append(message) }
    public func displayWarning(_ message: String) { warnings.append(message) }
}

/// Records the races the results screen opened; navigation not expected fails the test.
@MainActor
public final class FakeResultsRouter: RaceOpeningRecorder, ResultsRouterInput {}

/// The results presenter as its screen drives it: records each call, in words.
@MainActor
public final class RecordingResultsPresenter: CallRecorder, ResultsModuleInput {
    public var highestNumber = 0
    public func show(completion: @escaping CommandCompletion) { record("show", completion) }
    public func showLive() { record("showLive") }
    public func openRace(number: Int, completion: @escaping CommandCompletion) {
        record("openRace(\(number))", completion)
    }
}
