import Core
import MeetingsInteractor
import MeetingsView
import Platform
import RaceData

/// Groups the day's meetings by date (each at its venue) and place, counts each one's races run and to run, words its next race, and numbers
/// the meetings for `show N` and `meeting N`: each by its place on the day's whole list, so a number means one
/// meeting however the list is narrowed, and on any screen.
@MainActor
public final class MeetingsPresenter: MeetingsModuleInput {
    private let interactor: any MeetingsInteractorInput
    private let router: any MeetingsRouterInput
    private weak var view: (any MeetingsViewInput)?
    private let clock: any WallClock
    private let timeZone: LocalZone
    private let selection: RaceSelection
    private let drawing: MeetingsDrawing
    /// The day's meetings as last drawn, in their numbers' order (narrowed or not, the numbers are the day's).
    private var numbered: [MeetingSummary] = []
    private var shownCount = 0

    public static let title = "Meetings"

    public init(
        interactor: any MeetingsInteractorInput, router: any MeetingsRouterInput, view: any MeetingsViewInput,
        clock: any WallClock, timeZone: LocalZone, selection: RaceSelection = RaceSelection(),
        scheduler: any Scheduler, firstWait: TimeInterval? = nil
    ) {
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
        self.timeZone = timeZone
        self.selection = selection
        drawing = MeetingsDrawing(interactor: interactor, scheduler: scheduler, clock: clock, firstWait: firstWait)
    }

    public var highestNumber: Int { numbered.count }

    public func show(completion: @escaping CommandCompletion) {
        drawing.show(
            render: { [weak self] answer in
                self?.render(answer)
                return .success
            }, fail: { [weak self] in self?.view?.displayCommandError($0) },
            placeholder: { [weak self] in self?.renderPlaceholder($0) }, completion: completion)
    }

    public func showLive() { drawing.showLive(render: { render($0) }, placeholder: renderPlaceholder) }

    /// The screen while the day's list is read, or after it could not be: what it is waiting for, or why.
    private func renderPlaceholder(_ message: String) {
        view?.display(
            MeetingsViewModel(
                title: Self.title, note: nil, groups: [], emptyMessage: message, isFollowUpFrame: drawing.watchFrame))
    }

    public func openMeeting(number: Int, completion: @escaping CommandCompletion) {
        switch MeetingRequest.position(number).find(in: numbered) {
        case .success(let meeting):
            router.openMeeting(.id(meeting.id), completion: completion)
        case .failure(let error):
            view?.displayCommandError(error.message)
            completion(.failure(.usage))
        }
    }

    public func watch(seconds: Int, completion: @escaping CommandCompletion) {
        drawing.watch(
            seconds: seconds, show: { [weak self] done in self?.show(completion: done) }, completion: completion)
    }

    // MARK: - View model

    private func render(_ answer: MeetingsAnswer) {
        let now = clock.now()
        let standings = interactor.standings(at: now)
        let whole = MeetingsDay(
            answer, standings: standings, at: now, timeZone: timeZone, selection: RaceSelection())
        numbered = whole.meetings
        let numbers = Dictionary(whole.meetings.enumerated().map { ($1.id, $0 + 1) }) { first, _ in first }
        let day =
            selection.isEverything
            ? whole
            : MeetingsDay(answer, standings: standings, at: now, timeZone: timeZone, selection: selection)
        shownCount = day.meetings.count
        // Each day's meetings under the day, named as the board names it, where the list has days to tell apart.
        let showsDays = day.showsDays
        let groups = day.groups.enumerated().map { index, group in
            let startsDay = index == 0 || day.groups[index - 1].date != group.date
            return MeetingGroupViewModel(
                heading: group.place.heading, country: group.place.country, state: group.place.state,
                rows: group.meetings.map { row($0, position: numbers[$0.id] ?? 0) },
                day: showsDays && startsDay ? group.date.heading(today: day.today) : nil, date: group.date.isoText)
        }
        let narrowed = selection.isEverything ? "" : " · " + selection.description
        view?.display(
            MeetingsViewModel(
                title: "\(Self.title) · \(shownCount)\(day.isToday ? " today" : "")\(narrowed)", note: day.sourceNote,
                groups: groups,
                emptyMessage: shownCount == 0 ? emptyMessage(answer) : nil, isFollowUpFrame: drawing.watchFrame))
    }

    private func emptyMessage(_ answer: MeetingsAnswer) -> String {
        answer.day.meetings.isEmpty
            ? "No meetings today." : "No meeting today is \(selection.description). Type `meetings` for them all."
    }

    private func row(_ meeting: MeetingSummary, position: Int) -> MeetingRowViewModel {
        let next = meeting.next
        return MeetingRowViewModel(
            position: position, name: meeting.name, category: meeting.category, races: meeting.races.count,
            run: meeting.run, toRun: meeting.toRun, abandoned: meeting.abandoned,
            progress: "\(meeting.run)/\(meeting.races.count)", next: meeting.nextText,
            nextTime: next.map { ClockTime.text(of: $0.race.advertisedStart, in: timeZone) },
            nextRace: next.map(\.nextRace), isOver: meeting.isOver, conditions: meeting.shortConditions)
    }
}
