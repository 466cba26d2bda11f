import Core
import Platform
import RaceData
import ScratchingsInteractor
import ScratchingsView

/// The day's late scratchings, latest first: each from its time (never before it), narrowed as `meetings` is
/// (`RaceSelection`), numbered for `show N`, which opens the race's sheet.
@MainActor
public final class ScratchingsPresenter: ScratchingsModuleInput {
    private let interactor: any ScratchingsInteractorInput
    private let router: any ScratchingsRouterInput
    private weak var view: (any ScratchingsViewInput)?
    private let clock: any WallClock
    private let timeZone: LocalZone
    private let selection: RaceSelection
    private let firstDraw: FirstAnswerWait
    /// The last answer, and when it came (by the run's clock).
    private var answer: (scratchings: ScratchingsAnswer, at: Date)?
    private var isAsking = false
    /// The scratchings as last drawn: what `show N` opens.
    private var shown: [ScratchedRunner] = []
    private var firstOutcome = CommandResult.success

    /// A live screen asks again behind its draw once its answer is this old: late scratchings come through the day.
    public static let answerLifetime: TimeInterval = 30

    /// - Parameter firstWait: the most `scratchings` waits for its answer before drawing what it has (a person at a
    ///   terminal); nil waits for it (a pipe).
    public init(
        interactor: any ScratchingsInteractorInput, router: any ScratchingsRouterInput,
        view: any ScratchingsViewInput, clock: any WallClock, timeZone: LocalZone,
        selection: RaceSelection = RaceSelection(), firstWait: TimeInterval? = nil,
        scheduler: (any Scheduler)? = nil
    ) {
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
        self.timeZone = timeZone
        self.selection = selection
        firstDraw = FirstAnswerWait(limit: firstWait, scheduler: scheduler)
    }

    public var highestNumber: Int { shown.count }

    public func show(completion: @escaping CommandCompletion) {
        firstOutcome = .success
        firstDraw.start { answered in
            if !answered { self.showLive() }
            completion(self.firstOutcome)
        }
        ask { [weak self] result in
            guard let self, firstDraw.isWaiting else { return }
            switch result {
            case .success(let answer):
                render(answer)
                firstOutcome = .success
            case .failure(let error):
                view?.displayCommandError("Could not read the late scratchings: \(error.description)")
                firstOutcome = .failure(error.exitStatus)
            }
            firstDraw.answered()
        }
    }

    public func showLive() {
        if let answer {
            render(answer.scratchings)
        } else {
            view?.display(
                ScratchingsViewModel(
                    title: ScratchingsWording.title, rows: [], note: nil,
                    emptyMessage: "Reading the day's late scratchings..."))
        }
        if !isAsking, answer.map({ clock.now().timeIntervalSince($0.at) >= Self.answerLifetime }) ?? true {
            ask { _ in }
        }
    }

    public func openRace(number: Int, completion: @escaping CommandCompletion) {
        guard shown.indices.contains(number - 1) else {
            view?.displayCommandError(
                shown.isEmpty
                    ? "No late scratching is shown here, so there is no race \(number) to open."
                    : "There is no scratching \(number) here; choose 1 to \(shown.count).")
            return completion(.failure(.usage))
        }
        router.openRaceDetail(shown[number - 1].race, completion: completion)
    }

    /// Asks for the day's scratchings (a request still out is joined, by the interactor); a good answer is kept.
    private func ask(then: @escaping @MainActor (Result<ScratchingsAnswer, RaceDataError>) -> Void) {
        isAsking = true
        interactor.fetchScratchings { [weak self] result in
            guard let self else { return }
            isAsking = false
            if case .success(let answer) = result { self.answer = (answer, clock.now()) }
            then(result)
        }
    }

    /// Draws the scratchings come by now; a narrowing word no meeting of the day has is said in place of the list.
    private func render(_ answer: ScratchingsAnswer) {
        let now = clock.now()
        let wording = ScratchingsWording(selection: selection, timeZone: timeZone, now: now)
        shown = answer.scratchings.filter { selection.admits($0.race) && ($0.at.map { $0 <= now } ?? true) }
            .sorted(by: ScratchingsWording.isLater)
        view?.display(wording.viewModel(shown, of: answer))
    }
}
