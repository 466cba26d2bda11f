import BlackbookInteractor
import BlackbookView
import Core
import Platform
import RaceData

/// Orders the book (entries engaged soonest first, then the rest by name), finds each entry's next run among
/// the races to come, words it, and makes the changes asked for.
@MainActor
public final class BlackbookPresenter: BlackbookModuleInput {
    private let interactor: any BlackbookInteractorInput
    private let router: any BlackbookRouterInput
    private let clock: any WallClock
    private let timeZone: LocalZone
    private weak var view: (any BlackbookViewInput)?

    /// The book as last drawn, in order, with each entry's next run: what the numbers refer to.
    private var shown: [(entry: BlackbookEntry, next: NextRun?)] = []
    private var racesToCome: RacesToCome?
    /// The card source could not be read at the last look: why, for the footnote.
    private var lookFailure: String?
    /// A look at the races to come is out, and the book was drawn before its answer.
    private var isLooking = false
    private let firstDraw: FirstAnswerWait

    public static let title = "Blackbook"
    public static let emptyMessage =
        "You follow no one yet. On a race's card, `follow N` follows runner N, `follow rider N` its rider, `follow trainer N` its trainer."

    /// - Parameter firstWait: the most `book` waits for the cards it reads before drawing what is known (a person
    ///   at a terminal: the live region fills in the next runs as they are found); nil waits (a pipe).
    public init(
        interactor: any BlackbookInteractorInput, router: any BlackbookRouterInput, view: any BlackbookViewInput,
        clock: any WallClock, timeZone: LocalZone, firstWait: TimeInterval? = nil, scheduler: (any Scheduler)? = nil
    ) {
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
        self.timeZone = timeZone
        firstDraw = FirstAnswerWait(limit: firstWait, scheduler: scheduler)
    }

    public var drawnCount: Int { shown.count }

    public func show(completion: @escaping CommandCompletion) {
        guard loaded(completion: completion) != nil else { return }
        isLooking = true
        firstDraw.start { answered in
            if !answered { self.showLive() }
            completion(.success)
        }
        interactor.racesToCome { [weak self] result in
            guard let self else { return }
            isLooking = false
            switch result {
            case .success(let races):
                racesToCome = races
                lookFailure = nil
            case .failure(let error):
                lookFailure = error.description
            }
            if firstDraw.isWaiting { showLive() }
            firstDraw.answered()
        }
    }

    public func showLive() {
        guard case .success(let state) = interactor.loadEntries() else { return }
        render(state.items)
    }

    public func openNextRun(position: Int, completion: @escaping CommandCompletion) {
        guard let index = index(of: position, command: "show", completion: completion) else { return }
        guard let next = shown[index].next else {
            view?.displayCommandError(
                interactor.readsCards
                    ? "\(shown[index].entry.name) is \(BlackbookRowViewModel.notEngaged); there is no race to open."
                    : "\(shown[index].entry.name)'s \(BlackbookRowViewModel.notKnown) in this run (`--cards`).")
            return completion(.failure(.usage))
        }
        router.openRaceDetail(next.race, completion: completion)
    }

    public func unfollow(position: Int, completion: @escaping CommandCompletion) {
        guard let index = index(of: position, command: "unfollow", completion: completion) else { return }
        let entry = shown[index].entry
        let spoken = entry.spoken(in: shown[index].next?.race.category)
        save(.remove([entry.id]), completion: completion) { _ in
            .said(
                BlackbookChangeViewModel(
                    action: "unfollow", kind: entry.kind.rawValue, name: entry.name, note: entry.note,
                    message: "No longer following \(spoken).", category: entry.category,
                    country: entry.country))
        }
    }

    public func note(_ words: String, completion: @escaping CommandCompletion) {
        let trimmed = words.trimmingWhitespace()
        let number = trimmed.prefix { !$0.isWhitespace }
        guard let position = Int(number) else {
            view?.displayCommandError("Usage: note N TEXT, where N is an entry's number in the blackbook.")
            return completion(.failure(.usage))
        }
        let text = String(trimmed.dropFirst(number.count)).trimmingWhitespace()
        guard let index = index(of: position, command: "note", completion: completion) else { return }
        let entry = shown[index].entry.noted(text.isEmpty ? nil : text)
        let spoken = entry.spoken(in: shown[index].next?.race.category)
        // Bytes, not characters: one character can carry a megabyte of accents.
        if let bytes = entry.note?.utf8.count, bytes > BlackbookEntry.longestNoteBytes {
            view?.displayCommandError(
                "A note is at most \(BlackbookEntry.longestNoteBytes) bytes (a letter takes 1 to 4, and each accent on it 2 or 3 more); this one is \(bytes); nothing was noted."
            )
            return completion(.failure(.usage))
        }
        // In the place of the entry as the book holds it now: one unfollowed since the book was drawn stays so.
        save(.replace(entry), completion: completion) { state in
            guard state.contains(entry.id) else {
                return .refused(
                    "\(spoken) is no longer followed: it was unfollowed after this book was drawn, so nothing was noted. `book` draws it as it is now."
                )
            }
            return .said(
                BlackbookChangeViewModel(
                    action: "note", kind: entry.kind.rawValue, name: entry.name, note: entry.note,
                    message: entry.note == nil ? "Note on \(spoken) cleared." : "Noted on \(spoken).",
                    category: entry.category,
                    country: entry.country))
        }
    }

    // MARK: - Rules

    private func loaded(completion: CommandCompletion) -> [BlackbookEntry]? {
        switch interactor.loadEntries() {
        case .success(let state):
            if let warning = state.warning { view?.displayWarning(warning) }
            return state.items
        case .failure(let error):
            view?.displayCommandError(error.description)
            completion(.failure(.cannotSave))
            return nil
        }
    }

    private func save(
        _ change: KeptListChange<BlackbookEntry>, completion: CommandCompletion,
        outcome: (KeptListState<BlackbookEntry>) -> BookChange.Outcome
    ) {
        guard
            let made = BookChange.make(
                change, interactor: interactor, view: view, completion: completion, outcome: outcome)
        else { return }
        view?.displayChange(made.said, leaving: book(made.state.items))
        completion(.success)
    }

    private func index(of position: Int, command: String, completion: CommandCompletion) -> Int? {
        guard !shown.isEmpty else {
            view?.displayCommandError("The blackbook is empty; there is no entry to \(command).")
            completion(.failure(.usage))
            return nil
        }
        guard (1...shown.count).contains(position) else {
            view?.displayCommandError(
                "There is no entry \(position) in the blackbook; choose \(shown.count == 1 ? "1" : "1 to \(shown.count)")."
            )
            completion(.failure(.usage))
            return nil
        }
        return position - 1
    }

    // MARK: - View model

    private func render(_ entries: [BlackbookEntry]) {
        view?.display(book(entries))
    }

    /// The book of these entries, as it is to be drawn: from now on the numbers refer to it.
    private func book(_ entries: [BlackbookEntry]) -> BlackbookViewModel {
        let now = clock.now()
        let toCome = isLooking ? interactor.racesToComeSoFar ?? racesToCome : racesToCome
        shown = NextRun.book(entries, runs: NextRun.of(entries, in: toCome, after: now))
        guard !shown.isEmpty else {
            return BlackbookViewModel(title: Self.title, content: .empty(message: Self.emptyMessage))
        }
        let rows = shown.enumerated().map { index, item in
            row(item.entry, next: item.next, position: index + 1, now: now)
        }
        return BlackbookViewModel(
            title: "\(Self.title) (\(rows.count))", content: .entries(rows), footnote: footnote)
    }

    private func row(_ entry: BlackbookEntry, next: NextRun?, position: Int, now: Date) -> BlackbookRowViewModel {
        // A harness race's rider is its driver.
        let kind = entry.role(in: next?.race.category)
        guard let next else {
            return BlackbookRowViewModel(
                position: position, name: entry.name, kind: kind, note: entry.note, nextRun: nil, countdown: nil,
                withoutRun: !interactor.readsCards
                    ? BlackbookRowViewModel.notKnown
                    : isLooking ? BlackbookRowViewModel.stillLooking : BlackbookRowViewModel.notEngaged,
                category: entry.category, country: entry.country)
        }
        let countdown = Countdown(from: now, to: next.race.advertisedStart)
        let time = ClockTime.text(of: next.race.advertisedStart, in: timeZone)
        let runner = entry.kind == .runner ? "no. \(next.runner.number)" : "\(next.runner.number) \(next.runner.name)"
        return BlackbookRowViewModel(
            position: position, name: entry.name, kind: kind, note: entry.note,
            nextRun: "R\(next.race.number) \(next.race.meetingName) \(time) (\(runner))", countdown: countdown.text,
            next: BlackbookRowViewModel.NextRun(
                race: next.race, runnerNumber: next.runner.number, runnerName: next.runner.name,
                secondsToStart: countdown.seconds), category: entry.category, country: entry.country)
    }

    private var footnote: String? {
        if isLooking {
            guard let soFar = interactor.racesToComeSoFar else { return "Reading the races to come..." }
            return "Reading race cards for next runs: \(soFar.readCount) of \(soFar.races.count) races read so far..."
        }
        if let lookFailure { return "Races to come could not be read: \(lookFailure)" }
        // No card source: reading more would never find a run.
        guard interactor.readsCards else {
            return "Race cards are off in this run (`--cards`), so no next run can be found."
        }
        guard let racesToCome, !racesToCome.isSettled else { return nil }
        return
            "Cards read for \(racesToCome.readCount) of \(racesToCome.races.count) races to come; `book` again reads more, soonest first."
    }
}
