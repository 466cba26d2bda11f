import Core
import Platform
import RaceData
import RaceDetailInteractor
import RaceDetailView

/// Decides what the sheet says about one race: which fields there are (never
/// an empty one), the local start time and countdown, whether it has left
/// the board, its favourite status, and its race card (the field, then the
/// result), fetched when the sheet opens and again while it stays open.
@MainActor
public final class RaceDetailPresenter: RaceDetailModuleInput {
    private let race: Race
    private let interactor: any RaceDetailInteractorInput
    private let router: any RaceDetailRouterInput
    private let clock: any WallClock
    private let timeZone: LocalZone
    private weak var view: (any RaceDetailViewInput)?

    private var isFavourite = false
    private(set) var focus = SheetFocus.field
    private let cardFeed: CardFeed
    /// The card as last worded for the view, shared by the sheets: a sheet is drawn every second and at every
    /// command, and its card changes far less often.
    private static var wordedCard = RecentAnswers<WordingQuestion, RaceCardViewModel>()

    private struct WordingQuestion: Equatable {
        let card: RaceCard
        let timeZone: LocalZone
        let category: RaceCategory
        let marks: [RaceMark]
    }

    /// - Parameter timeZone: for the local start time; the app passes the
    ///   process's (which follows `TZ`).
    /// - Parameter scheduler: for fetching the card again while the sheet is open; nil fetches it once.
    /// - Parameter firstCardWait: the most the first `show` waits for the card before drawing the sheet without
    ///   it (the live region draws the card when it comes): a person at a terminal is not kept waiting on a
    ///   slow server. nil waits for the card's answer, so piped output always has what the source gave.
    public init(
        race: Race, interactor: any RaceDetailInteractorInput, router: any RaceDetailRouterInput,
        view: any RaceDetailViewInput, clock: any WallClock, timeZone: LocalZone, scheduler: (any Scheduler)? = nil,
        firstCardWait: TimeInterval? = nil
    ) {
        self.race = race
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
        self.timeZone = timeZone
        cardFeed = CardFeed(
            raceStart: race.advertisedStart, interactor: interactor, clock: clock, timeZone: timeZone,
            scheduler: scheduler, firstWait: firstCardWait)
    }

    public func show(completion: @escaping CommandCompletion) {
        focus = .field
        // The favourites are among what marks races: read once, their warnings said once.
        if let warning = interactor.reloadMarks() { view?.displayWarning(warning) }
        isFavourite = interactor.isFavourite(raceID: race.id)
        // Held strongly until the card's first answer: a sheet dropped meanwhile (watch closes it at once) still
        // finishes its `show`, exactly once.
        cardFeed.whenReady {
            self.render()
            completion(.success)
        }
    }

    public func showLive() {
        // What marks the field is read again first, so this second's frame has it; what it has to say is said.
        if let warning = interactor.reloadMarks() { view?.displayWarning(warning) }
        render()
        // Drawn first with what was known: the heart follows the next second, as it always has.
        isFavourite = interactor.isFavourite(raceID: race.id)
    }

    public func toggleFavourite(completion: @escaping CommandCompletion) {
        switch interactor.toggleFavourite(FavouriteRace(race)) {
        case .success(let state):
            apply(state)
            render()
            completion(.success)
        case .failure(let error):
            view?.displayCommandError(error.description)
            completion(.failure(.cannotSave))
        }
    }

    private func apply(_ state: FavouritesState) {
        isFavourite = state.contains(race.id)
        if let warning = state.warning { view?.displayWarning(warning) }
    }

    // MARK: - Parts of the card

    public func showForm(runner: Int?, completion: @escaping CommandCompletion) {
        focus(on: .form(runner: runner), completion: completion)
    }

    public func showSpeedMap(completion: @escaping CommandCompletion) {
        focus(on: .speedMap, completion: completion)
    }

    public func showRunner(_ number: Int, completion: @escaping CommandCompletion) {
        focus(on: .runner(number), completion: completion)
    }

    /// Draws `focus` once the card is in; a runner the card does not have is a usage error that leaves the sheet
    /// as it was.
    private func focus(on focus: SheetFocus, completion: @escaping CommandCompletion) {
        cardFeed.whenReady {
            guard let card = self.cardFeed.card, !card.runners.isEmpty else {
                self.view?.displayCommandError(
                    self.cardFeed.sourceDescription == nil
                        ? "Race cards are off in this run (`--cards`), so there is no field to show."
                        : "There is no race card with a field for this race yet.")
                return completion(.failure(.usage))
            }
            if let runner = focus.runner, !card.runners.contains(where: { $0.number == runner }) {
                let numbers = card.runners.map(\.number)
                self.view?.displayCommandError(
                    "No runner \(runner) in this race; the field is \(numbers.min()!)-\(numbers.max()!).")
                return completion(.failure(.usage))
            }
            self.focus = focus
            self.render()
            completion(.success)
        }
    }

    private func section(of card: RaceCard) -> CardSectionViewModel? {
        let wording = RunnerFormWording(timeZone: timeZone)
        switch focus {
        case .field: return nil
        case .form(let runner):
            return wording.formGuide(card, runner: runner, raceDay: race.advertisedStart, category: race.category)
        case .speedMap: return wording.speedMap(card)
        case .runner(let number):
            return card.runners.first { $0.number == number }.map { wording.runner($0, category: race.category) }
        }
    }

    // MARK: - View model

    private func render() {
        view?.display(viewModel())
    }

    public var subject: ScreenSubject { .race(race, card: cardFeed.card(at: clock.now())) }

    func viewModel() -> RaceDetailViewModel {
        let now = clock.now()
        let countdown = Countdown(from: now, to: race.advertisedStart)
        let hasLeftBoard = race.hasLeftBoard(at: now)
        let card = cardFeed.card(at: now)
        // The feed's going, weather, class, prize money and rail, and the card's where the feed has none.
        let told = race.filledIn(from: card)
        return RaceDetailViewModel(
            title: "\(race.meetingName) R\(race.number)",
            subtitle: race.name,
            expiredNotice: hasLeftBoard
                ? "Race started \(countdown.elapsedText) ago — no longer on the board." : nil,
            fields: RaceFieldsWording(timeZone: timeZone).fields(
                of: told, countdown: countdown, isAbandoned: card?.status == .abandoned, isFavourite: isFavourite),
            comment: told.form.comment,
            isFavourite: isFavourite, race: told, secondsToStart: countdown.seconds, countdown: countdown.text,
            card: card.map(worded), cardNote: cardFeed.note, section: card.flatMap(section),
            going: told.form.trackCondition.map(ConditionWording.going),
            weather: told.form.weather.map(ConditionWording.weather))
    }

    private func worded(_ card: RaceCard) -> RaceCardViewModel {
        let question = WordingQuestion(
            card: card, timeZone: timeZone, category: race.category, marks: interactor.marks())
        return Self.wordedCard.answer(to: question) { question in
            RaceCardWording(timeZone: question.timeZone, category: question.category, marks: question.marks)
                .viewModel(question.card)
        }
    }
}
