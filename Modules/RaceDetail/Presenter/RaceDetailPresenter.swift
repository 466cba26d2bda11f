import Core
import Platform
import RaceData
import RaceDetailInteractor
import RaceDetailView

/// What the shell may ask of the detail sheet.
@MainActor
public protocol RaceDetailModuleInput: AnyObject {
    /// Draws the sheet as it is now (countdown, expiry, favourite status).
    func show(completion: @escaping CommandCompletion)
    /// Draws the sheet again at once, countdown moved on; its favourite mark follows the store a second later.
    func showLive()
    /// `fav`: adds the race to favourites, or removes it.
    func toggleFavourite(completion: @escaping CommandCompletion)
    /// `form [N]`: every runner's last starts and records in place of the field, or runner N's.
    func showForm(runner: Int?, completion: @escaping CommandCompletion)
    /// `map`: the speed map in place of the field.
    func showSpeedMap(completion: @escaping CommandCompletion)
    /// `runner N`: one runner in full in place of the field.
    func showRunner(_ number: Int, completion: @escaping CommandCompletion)
}

/// What the sheet shows below the race: the field (first), or a part of the card asked for.
public enum SheetFocus: Sendable, Equatable {
    case field
    case form(runner: Int?)
    case speedMap
    case runner(Int)

    /// The runner it is about, if one.
    var runner: Int? {
        switch self {
        case .form(let runner): runner
        case .runner(let number): number
        case .field, .speedMap: nil
        }
    }
}

/// The navigation the sheet needs; its router provides it. None yet: `back` and `list` close it in the shell.
@MainActor
public protocol RaceDetailRouterInput: AnyObject {}

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
    private let scheduler: (any Scheduler)?
    private weak var view: (any RaceDetailViewInput)?

    private var isFavourite = false
    private(set) var focus = SheetFocus.field
    private var card: RaceCard?
    /// The card as last worded for the view, shared by the sheets: a sheet is drawn every second and at every
    /// command, and its card changes far less often.
    private static var wordedCard = RecentAnswers<WordingQuestion, RaceCardViewModel>()

    private struct WordingQuestion: Equatable {
        let card: RaceCard
        let timeZone: LocalZone
    }
    private var cardNote: String?
    private var hasAskedForCard = false
    private var nextCardFetch: (any ScheduledWork)?
    /// The first `show`, waiting for the first card (or for `firstCardWait` to run out).
    private var showAwaitingCard: (@MainActor () -> Void)?
    private var firstCardTimeout: (any ScheduledWork)?
    private let firstCardWait: TimeInterval?

    /// How often the card is fetched again while the sheet is open: often around the jump, when prices move
    /// and the result comes in, and rarely otherwise. Not at all once the result is final.
    static let cardRefreshNearJump: TimeInterval = 10
    static let cardRefresh: TimeInterval = 60
    static let nearJump: ClosedRange<TimeInterval> = -900...300

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
        self.firstCardWait = firstCardWait
        self.race = race
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
        self.timeZone = timeZone
        self.scheduler = scheduler
    }

    isolated deinit {
        nextCardFetch?.cancel()
        firstCardTimeout?.cancel()
    }

    public func show(completion: @escaping CommandCompletion) {
        focus = .field
        switch interactor.loadFavourites() {
        case .success(let state): apply(state)
        case .failure(let error): view?.displayWarning(error.description)
        }
        // Held strongly until the card's first answer: a sheet dropped meanwhile (watch closes it at once) still
        // finishes its `show`, exactly once.
        withCard {
            self.render()
            completion(.success)
        }
    }

    /// The first time, after the card's first fetch (so a piped `show` prints the field); then at once, from
    /// the card on hand.
    private func withCard(_ then: @escaping @MainActor () -> Void) {
        guard !hasAskedForCard else { return then() }
        hasAskedForCard = true
        showAwaitingCard = then
        interactor.fetchCard { [weak self] result in
            self?.apply(result)
            self?.scheduleCardFetch()
            self?.releaseShowAwaitingCard()
        }
        if let firstCardWait, let scheduler, let source = interactor.cardSourceDescription, showAwaitingCard != nil {
            firstCardTimeout = scheduler.schedule(after: firstCardWait) { [weak self] in
                guard let self, self.showAwaitingCard != nil else { return }
                self.cardNote = "Fetching the race card from \(source)..."
                self.releaseShowAwaitingCard()
            }
        }
    }

    private func releaseShowAwaitingCard() {
        firstCardTimeout?.cancel()
        firstCardTimeout = nil
        let show = showAwaitingCard
        showAwaitingCard = nil
        show?()
    }

    private func apply(_ result: Result<RaceCard?, RaceDataError>) {
        switch result {
        case .success(let fetched?):
            if let offline = fetched.offline {
                // A card fetched live this session is newer than any copy kept on disk.
                if let card, card.offline == nil {
                    cardNote = "The race card could not be fetched again: \(offline.reason)."
                    return
                }
                cardNote =
                    "Offline: the race card as saved \(StartTimeFormatter.string(from: offline.savedAt, in: timeZone)) (\(offline.reason))."
            } else {
                cardNote = nil
            }
            card = fetched
        case .success(nil):
            if card == nil, let source = interactor.cardSourceDescription {
                cardNote = "No race card for this race from \(source) yet."
            }
        case .failure(let error):
            cardNote =
                card == nil
                ? "No race card: \(error.reason)." : "The race card could not be fetched again: \(error.reason)."
        }
    }

    /// The live region draws what arrives; nothing is drawn from here.
    private func scheduleCardFetch() {
        guard let scheduler, interactor.cardSourceDescription != nil else { return }
        if let status = card?.status, status == .final || status == .abandoned { return }
        let toStart = race.advertisedStart.timeIntervalSince(clock.now())
        let delay = Self.nearJump ~= toStart ? Self.cardRefreshNearJump : Self.cardRefresh
        nextCardFetch = scheduler.schedule(after: delay) { [weak self] in
            self?.interactor.fetchCard { [weak self] result in
                self?.apply(result)
                self?.scheduleCardFetch()
            }
        }
    }

    public func showLive() {
        render()
        if case .success(let state) = interactor.loadFavourites() { isFavourite = state.contains(race.id) }
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
        withCard {
            guard let card = self.card, !card.runners.isEmpty else {
                self.view?.displayCommandError(
                    self.interactor.cardSourceDescription == nil
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
        case .form(let runner): return wording.formGuide(card, runner: runner)
        case .speedMap: return wording.speedMap(card)
        case .runner(let number):
            return card.runners.first { $0.number == number }.map { wording.runner($0, category: race.category) }
        }
    }

    // MARK: - View model

    private func render() {
        view?.display(viewModel())
    }

    func viewModel() -> RaceDetailViewModel {
        let now = clock.now()
        let countdown = Countdown(from: now, to: race.advertisedStart)
        let hasLeftBoard = race.hasLeftBoard(at: now)
        return RaceDetailViewModel(
            title: "\(race.meetingName) R\(race.number)",
            subtitle: race.name,
            expiredNotice: hasLeftBoard
                ? "Race started \(countdown.elapsedText) ago — no longer on the board." : nil,
            fields: fields(countdown: countdown),
            comment: race.form.comment,
            isFavourite: isFavourite, race: race, secondsToStart: countdown.seconds, countdown: countdown.text,
            card: card.map(worded), cardNote: cardNote, section: card.flatMap(section))
    }

    private func worded(_ card: RaceCard) -> RaceCardViewModel {
        Self.wordedCard.answer(to: WordingQuestion(card: card, timeZone: timeZone)) { question in
            RaceCardWording(timeZone: question.timeZone).viewModel(question.card)
        }
    }

    private func fields(countdown: Countdown) -> [DetailField] {
        let timing =
            card?.status == .abandoned
            ? "abandoned" : countdown.seconds > 0 ? "in \(countdown.text)" : "started \(countdown.elapsedText) ago"
        var fields = [
            DetailField("Category", race.category.displayName),
            DetailField("Starts", "\(StartTimeFormatter.string(from: race.advertisedStart, in: timeZone)) (\(timing))"),
        ]
        // New Zealand meetings give "NZ" as both state and country; say it once.
        let venue = [race.venue.name, race.venue.state, race.venue.country].compactMap { $0 }
            .reduce(into: [String]()) { parts, part in
                if !(parts.last.map { TextFolding.equalIgnoringCase($0, part) } ?? false) { parts.append(part) }
            }
        if !venue.isEmpty { fields.append(DetailField("Venue", venue.joined(separator: ", "))) }
        if let distance = race.form.distance {
            fields.append(
                DetailField(
                    "Distance", [String(distance.value), distance.unit].compactMap { $0 }.joined(separator: " ")))
        }
        if let track = race.form.trackCondition { fields.append(DetailField("Track", ConditionWording.going(track))) }
        if let weather = race.form.weather { fields.append(DetailField("Weather", ConditionWording.weather(weather))) }
        fields.append(
            DetailField("Favourite", isFavourite ? "yes (`fav`, or f in watch)" : "no (`fav`, or f in watch)"))
        return fields
    }
}
