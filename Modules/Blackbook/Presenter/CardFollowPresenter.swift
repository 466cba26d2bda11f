import BlackbookInteractor
import BlackbookView
import Core
import Platform
import RaceData

/// `follow` and `unfollow` on a race's card: reads which runner (and whether its rider or trainer) the words
/// name on the card the screen shows, and makes the change, said in a line.
@MainActor
public final class CardFollowPresenter {
    private let interactor: any BlackbookInteractorInput
    private let clock: any WallClock
    private weak var view: (any BlackbookViewInput)?

    public init(interactor: any BlackbookInteractorInput, view: any BlackbookViewInput, clock: any WallClock) {
        self.interactor = interactor
        self.view = view
        self.clock = clock
    }

    /// `follow [rider|trainer] N` on a race's card.
    public func follow(_ words: String, on subject: ScreenSubject?, completion: @escaping CommandCompletion) {
        guard let (entry, race) = entry(from: words, on: subject, command: "follow", completion: completion)
        else { return }
        let spoken = entry.spoken(in: race.category)
        // Followed already by this entry, or by one saved before entries kept a code and a country (its name anywhere).
        if case .success(let state) = interactor.loadEntries(), state.items.contains(where: { $0.isSame(as: entry) }) {
            view?.displayChange(
                BlackbookChangeViewModel(
                    action: "follow", kind: entry.kind.rawValue, name: entry.name, note: nil,
                    message: "Already following \(spoken). `book` lists who you follow.", category: entry.category,
                    country: entry.country))
            return completion(.success)
        }
        interactor.noteFollowed(in: race)
        save(.put(entry), completion: completion) {
            BlackbookChangeViewModel(
                action: "follow", kind: entry.kind.rawValue, name: entry.name, note: nil,
                message: "Following \(spoken). `book` lists who you follow and where they run next.",
                category: entry.category, country: entry.country)
        }
    }

    /// `unfollow [rider|trainer] N` on a race's card.
    public func unfollow(_ words: String, on subject: ScreenSubject?, completion: @escaping CommandCompletion) {
        guard let (entry, race) = entry(from: words, on: subject, command: "unfollow", completion: completion)
        else { return }
        let spoken = entry.spoken(in: race.category)
        // The entries that follow this runner: its own, and one saved before entries kept a code and a country.
        guard case .success(let state) = interactor.loadEntries(),
            case let followed = Set(state.items.filter { $0.isSame(as: entry) }.map(\.id)), !followed.isEmpty
        else {
            view?.displayCommandError("You do not follow \(spoken).")
            return completion(.failure(.usage))
        }
        save(.remove(followed), completion: completion) {
            BlackbookChangeViewModel(
                action: "unfollow", kind: entry.kind.rawValue, name: entry.name, note: nil,
                message: "No longer following \(spoken).", category: entry.category, country: entry.country)
        }
    }

    /// The entry `words` name on the card (`3`, `rider 3`, `trainer 3`), or nil once the user is told why not.
    private func entry(
        from words: String, on subject: ScreenSubject?, command: String, completion: CommandCompletion
    ) -> (BlackbookEntry, Race)? {
        let usage =
            "Usage: \(command) N, \(command) rider N or \(command) trainer N, where N is a runner's number on this card."
        guard case .race(let race, let card)? = subject else {
            view?.displayCommandError("`\(command)` works on a race's card: open one with `show N` first.")
            completion(.failure(.usage))
            return nil
        }
        guard let request = FollowRequest(words) else {
            view?.displayCommandError(usage)
            completion(.failure(.usage))
            return nil
        }
        guard let card, !card.runners.isEmpty else {
            view?.displayCommandError(
                "There is no race card with a field for this race yet, so no runner to \(command).")
            completion(.failure(.usage))
            return nil
        }
        guard let runner = card.runners.first(where: { $0.number == request.runnerNumber }) else {
            let numbers = card.runners.map(\.number)
            view?.displayCommandError(
                "No runner \(request.runnerNumber) in this race; the field is \(numbers.min() ?? 0)-\(numbers.max() ?? 0)."
            )
            completion(.failure(.usage))
            return nil
        }
        guard let name = LineupRunner(runner).name(as: request.kind),
            case let entry = BlackbookEntry(
                kind: request.kind, name: name, followedAt: clock.now(), at: RunnerPlace(race)),
            entry.hasName
        else {
            view?.displayCommandError("The card names no \(request.kind.rawValue) for runner \(runner.number).")
            completion(.failure(.usage))
            return nil
        }
        return (entry, race)
    }

    private func save(
        _ change: KeptListChange<BlackbookEntry>, completion: CommandCompletion, said: () -> BlackbookChangeViewModel
    ) {
        guard
            let made = BookChange.make(
                change, interactor: interactor, view: view, completion: completion, outcome: { _ in .said(said()) })
        else { return }
        view?.displayChange(made.said)
        completion(.success)
    }
}

/// What `follow` and `unfollow` on a card are asked: `3`, `rider 3` (or `jockey`, `driver`), `trainer 3`.
struct FollowRequest: Equatable {
    let kind: BlackbookEntry.Kind
    let runnerNumber: Int

    init?(_ words: String) {
        let parts = words.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        let kinds: [String: BlackbookEntry.Kind] = [
            "runner": .runner, "horse": .runner, "dog": .runner, "rider": .rider, "jockey": .rider,
            "driver": .rider, "trainer": .trainer,
        ]
        switch parts.count {
        case 1:
            kind = .runner
        case 2:
            guard let named = kinds[parts[0]] else { return nil }
            kind = named
        default:
            return nil
        }
        guard let number = parts.last.flatMap({ Int($0) }), (1...999).contains(number) else { return nil }
        runnerNumber = number
    }
}
