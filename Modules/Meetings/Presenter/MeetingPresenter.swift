import Core
import MeetingsInteractor
import MeetingsView
import Platform
import RaceData

/// A meeting race by race: each race's start and how it stands (its countdown, `Closed`, `Interim 3-1-7`,
/// `Final 3-1-7`, `Abandoned`), the placings of races run asked for within the card source's budget.
@MainActor
public final class MeetingPresenter: MeetingModuleInput {
    private let interactor: any MeetingsInteractorInput
    private let router: any MeetingsRouterInput
    private weak var view: (any MeetingsViewInput)?
    private let clock: any WallClock
    private let timeZone: LocalZone
    private var request: MeetingRequest
    private let drawing: MeetingsDrawing
    private var shown: MeetingSummary?

    public init(
        request: MeetingRequest, interactor: any MeetingsInteractorInput, router: any MeetingsRouterInput,
        view: any MeetingsViewInput, clock: any WallClock, timeZone: LocalZone, scheduler: any Scheduler,
        firstWait: TimeInterval? = nil
    ) {
        self.request = request
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
        self.timeZone = timeZone
        drawing = MeetingsDrawing(interactor: interactor, scheduler: scheduler, clock: clock, firstWait: firstWait)
    }

    public var highestNumber: Int { shown?.races.map(\.number).max() ?? 0 }

    public func show(completion: @escaping CommandCompletion) {
        drawing.show(
            render: { [weak self] answer in self?.render(answer) == false ? .failure(.usage) : .success },
            fail: { [weak self] in self?.view?.displayCommandError($0) },
            placeholder: { [weak self] in self?.renderPlaceholder($0) }, completion: completion)
    }

    public func showLive() {
        drawing.showLive(render: { _ = render($0, live: true) }, placeholder: renderPlaceholder)
    }

    /// The screen while the day's list is read, or after it could not be: what it is waiting for, or why.
    private func renderPlaceholder(_ message: String) {
        view?.display(
            MeetingViewModel(
                title: "Meeting", details: message, note: nil, content: .missing("Type `back` to return."),
                category: nil, country: nil, state: nil, isFollowUpFrame: drawing.watchFrame))
    }

    public func openRace(number: Int, completion: @escaping CommandCompletion) {
        guard let shown else {
            view?.displayCommandError("No meeting is shown here, so there is no race \(number) to open.")
            return completion(.failure(.usage))
        }
        guard let race = shown.races.first(where: { $0.number == number }) else {
            let numbers = shown.races.map(\.number)
            let range =
                numbers.count == 1 ? "\(numbers[0])" : "\(numbers.min() ?? 0) to \(numbers.max() ?? 0)"
            view?.displayCommandError("\(shown.name) has no race \(number); choose \(range).")
            return completion(.failure(.usage))
        }
        router.openRaceDetail(race, completion: completion)
    }

    public func watch(seconds: Int, completion: @escaping CommandCompletion) {
        drawing.watch(
            seconds: seconds, show: { [weak self] done in self?.show(completion: done) }, completion: completion)
    }

    // MARK: - View model

    /// Draws the meeting asked for; false, having said why, when the day has no such meeting.
    private func render(_ answer: MeetingsAnswer, live: Bool = false) -> Bool {
        let now = clock.now()
        let day = MeetingsDay(
            answer, standings: interactor.standings(at: now), at: now, timeZone: timeZone,
            selection: RaceSelection())
        switch request.find(in: day.meetings) {
        case .success(let meeting):
            // Found by name or number once, it stays the same meeting as the day's list changes.
            request = .id(meeting.id)
            shown = meeting
            view?.display(viewModel(meeting, note: day.sourceNote))
            askForResults(meeting)
            return true
        case .failure(let error):
            shown = nil
            // Opened for a meeting the day does not have, the screen closes (the shell drops it) having said why;
            // one whose meeting has gone from the list since says so where it was.
            if live {
                view?.display(
                    MeetingViewModel(
                        title: "Meeting", details: error.message, note: nil,
                        content: .missing("Type `meetings` to see the day's meetings, or `back`."), category: nil,
                        country: nil, state: nil, isFollowUpFrame: drawing.watchFrame))
            } else {
                view?.displayCommandError(error.message)
            }
            return false
        }
    }

    /// The races run whose placings are not known yet: their cards are asked for, a request every few seconds.
    private func askForResults(_ meeting: MeetingSummary) {
        let missing = meeting.rows.filter { $0.stage == .result && ($0.standing?.placings.isEmpty ?? true) }
        if !missing.isEmpty { interactor.fetchResults(ofRaces: missing.map(\.race.id)) }
    }

    private func viewModel(_ meeting: MeetingSummary, note: String?) -> MeetingViewModel {
        let place = [meeting.place.state, meeting.place.countryName ?? "elsewhere"].compactMap { $0 }
            .joined(separator: ", ")
        var details = ["\(meeting.category.displayName)", place, "\(meeting.run) of \(meeting.races.count) run"]
        if meeting.abandoned > 0 { details.append("\(meeting.abandoned) abandoned") }
        details.append(meeting.next == nil ? meeting.nextText : "next " + meeting.nextText)
        let rows = meeting.rows.map { state in
            MeetingRaceRowViewModel(
                race: state.race, startTime: ClockTime.text(of: state.race.advertisedStart, in: timeZone),
                status: state.statusText, stage: Self.stage(state.stage), urgency: state.urgency,
                secondsToStart: state.countdown.seconds,
                statusWord: state.standing.flatMap { $0.status == .open ? nil : $0.status.word },
                placings: state.standing?.placings ?? [], result: Self.result(state.standing),
                winner: state.standing?.names.first, winDividend: state.standing?.winDividend)
        }
        return MeetingViewModel(
            title: meeting.name, details: details.joined(separator: " · "), note: note, content: .races(rows),
            category: meeting.category, country: meeting.place.country, state: meeting.place.state,
            counts: MeetingViewModel.Counts(run: meeting.run, toRun: meeting.toRun, abandoned: meeting.abandoned),
            next: meeting.next?.nextRace,
            isFollowUpFrame: drawing.watchFrame, conditions: meeting.conditions, date: meeting.date.isoText,
            quaddies: Self.quaddies(meeting.quaddies), quaddieLegs: meeting.quaddies.quaddie,
            earlyQuaddieLegs: meeting.quaddies.earlyQuaddie)
    }

    /// `Quaddie R5-R8 · Early quaddie R1-R4`; nil for a meeting without them.
    static func quaddies(_ legs: QuaddieLegs) -> String? {
        let named = [("Quaddie", legs.quaddie), ("Early quaddie", legs.earlyQuaddie)].filter { !$0.1.isEmpty }
        guard !named.isEmpty else { return nil }
        return named.map { name, races in
            // Legs in a run are a range, as the totes print them; any other legs one by one.
            let isRun = zip(races, races.dropFirst()).allSatisfy { $1 == $0 + 1 }
            let text =
                isRun && races.count > 1
                ? "R\(races[0])-R\(races[races.count - 1])" : races.map { "R\($0)" }.joined(separator: ", ")
            return "\(name) \(text)"
        }.joined(separator: " · ")
    }

    /// `won by Velvet Lantern, $4.60`, `won by 2, $4.60`, `won by Velvet Lantern`; nil before a result.
    static func result(_ standing: RaceStanding?) -> String? {
        guard let standing, standing.status.hasBeenRun, let first = standing.placings.first else { return nil }
        let winner = standing.names.first ?? String(first)
        return "won by " + winner + (standing.winDividend.map { ", " + RaceMoney.dollars($0) } ?? "")
    }

    private static func stage(_ stage: MeetingSummary.RaceState.Stage) -> MeetingRaceRowViewModel.Stage {
        switch stage {
        case .upcoming: .upcoming
        case .running: .running
        case .result: .result
        case .abandoned: .abandoned
        }
    }
}
