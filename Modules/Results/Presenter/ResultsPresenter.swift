import Core
import Platform
import RaceData
import ResultsInteractor
import ResultsView

/// The day's results, the latest first: each race run with its placings and what its pools paid, the cards of
/// the newest read for their dividends (every one from a source that answers at once, a look's few from a
/// server, the rest filling in as they come), narrowed by the words as `meetings` narrows.
@MainActor
public final class ResultsPresenter: ResultsModuleInput {
    private let interactor: any ResultsInteractorInput
    private let router: any ResultsRouterInput
    private weak var view: (any ResultsViewInput)?
    private let clock: any WallClock
    private let selection: RaceSelection
    private let wording: ResultRowWording
    private let firstDraw: FirstAnswerWait
    private var answer: ResultsAnswer?
    /// What stands in for the screen while there is no answer: that it is being read, or why it could not be.
    private var standIn: String?
    private var isReading = false
    private var shown: [ResultsViewModel.Row] = []
    /// What the command ends with when its answer comes before the first draw's limit.
    private var firstOutcome = CommandResult.success

    /// Races shown at most: the latest; words narrow to the others.
    public static let shownAtMost = 20
    static let reading = "Reading the day's races..."

    /// - Parameter firstWait: the most `results` waits for the day and its cards before drawing what it has (a
    ///   person at a terminal: the live region fills in the rest); nil waits for them (a pipe).
    public init(
        interactor: any ResultsInteractorInput, router: any ResultsRouterInput, view: any ResultsViewInput,
        clock: any WallClock, timeZone: LocalZone, selection: RaceSelection = RaceSelection(),
        firstWait: TimeInterval? = nil, scheduler: (any Scheduler)? = nil
    ) {
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
        self.selection = selection
        wording = ResultRowWording(timeZone: timeZone, hasCards: interactor.hasCards)
        firstDraw = FirstAnswerWait(limit: firstWait, scheduler: scheduler)
    }

    isolated deinit {
        interactor.stopReading()
    }

    public var highestNumber: Int { shown.count }

    public func show(completion: @escaping CommandCompletion) {
        firstOutcome = .success
        firstDraw.start { answered in
            if !answered {
                if self.answer == nil { self.standIn = self.standIn ?? Self.reading }
                self.render()
            }
            completion(self.firstOutcome)
        }
        interactor.fetchDay { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let answer):
                self.answer = answer
                standIn = nil
                readCards { [weak self] in
                    guard let self else { return }
                    if firstDraw.isWaiting { render() }
                    firstDraw.answered()
                }
            case .failure(let error):
                let message = "Could not read the day's races: \(error.description)"
                standIn = message
                if firstDraw.isWaiting {
                    // Said in place of the screen: the command failed, and its status says so.
                    view?.displayCommandError(message)
                    firstOutcome = .failure(error.exitStatus)
                }
                firstDraw.answered()
            }
        }
    }

    public func showLive() {
        render()
        interactor.fetchDay { [weak self] result in
            guard let self, case .success(let answer) = result else { return }
            self.answer = answer
            standIn = nil
            if !isReading { readCards {} }
        }
    }

    public func openRace(number: Int, completion: @escaping CommandCompletion) {
        guard number >= 1, number <= shown.count else {
            view?.displayCommandError(
                shown.isEmpty
                    ? "There is no result here to open."
                    : "There is no result \(number) here; choose \(shown.count == 1 ? "1" : "1 to \(shown.count)").")
            return completion(.failure(.usage))
        }
        router.openRaceDetail(shown[number - 1].race, completion: completion)
    }

    // MARK: - Reading and drawing

    private func day(at now: Date) -> ResultsDay? {
        answer.map { ResultsDay($0, standings: interactor.standings(at: now), selection: selection, at: now) }
    }

    /// Reads the cards of the results to show that do not yet tell them as they will stay (abandoned races have
    /// nothing to read); `done` runs when the look is over, at once when nothing is wanted.
    private func readCards(then done: @escaping @MainActor () -> Void) {
        let results = (day(at: clock.now())?.results ?? []).prefix(Self.shownAtMost)
        let cards = interactor.results(ofRaces: results.map(\.race.id))
        let wanted = results.filter {
            $0.standing.status != .abandoned && !ResultRowWording.isSettled(cards[$0.race.id])
        }.map(\.race.id)
        guard interactor.hasCards, !wanted.isEmpty else { return done() }
        isReading = true
        interactor.readCards(ofRaces: wanted) { [weak self] _ in
            self?.isReading = false
            done()
        }
    }

    private func render() {
        let now = clock.now()
        guard let day = day(at: now) else {
            shown = []
            view?.display(
                ResultsViewModel(title: "Results", rows: [], total: 0, note: nil, emptyMessage: standIn ?? Self.reading)
            )
            return
        }
        let cards = interactor.results(ofRaces: day.results.prefix(Self.shownAtMost).map(\.race.id))
        shown = day.results.prefix(Self.shownAtMost).enumerated().map { index, result in
            wording.row(result, card: cards[result.race.id], position: index + 1, at: now)
        }
        let total = day.results.count
        let title =
            (["Results"] + (selection.isEverything ? [] : [selection.description])
            + ["\(total) race\(total == 1 ? "" : "s")"]).joined(separator: " · ")
        view?.display(
            ResultsViewModel(
                title: title, rows: shown, total: total, note: note(day),
                emptyMessage: total == 0 ? emptyMessage(day) : nil))
    }

    private func note(_ day: ResultsDay) -> String? {
        var notes: [String] = []
        if let progress = interactor.progress {
            notes.append("Reading race cards: \(progress.read) of \(progress.of) read so far...")
        }
        if case .feed(let feed)? = answer?.source {
            notes.append(
                "From the races in the feed (\(feed)): the source lists no meetings, so only races it still names are here."
            )
        } else if !interactor.hasCards {
            notes.append("No card source (see --cards): placings and win dividends as the day's list tells them.")
        }
        if day.results.count > Self.shownAtMost {
            notes.append(
                "The latest \(Self.shownAtMost) of \(day.results.count): `results WORDS` narrows them (a meeting, a code, a region)."
            )
        }
        return notes.isEmpty ? nil : notes.joined(separator: " ")
    }

    private func emptyMessage(_ day: ResultsDay) -> String {
        if case .feed? = answer?.source, !interactor.hasCards {
            return "Nothing tells these races' results: the feed names races to come, and there is no card source."
        }
        if selection.isEverything { return "No race has a result yet today." }
        guard day.admitsAny else {
            let guess =
                selection.name.isEmpty
                ? nil : DidYouMean.closest(to: selection.name, among: Array(Set(day.meetingNames)).sorted())
            return "No race today is \(selection.description).\(guess.map { " Did you mean \($0)?" } ?? "")"
                + " Type `results` for them all."
        }
        return "No race that is \(selection.description) has a result yet. Type `results` for them all."
    }
}
