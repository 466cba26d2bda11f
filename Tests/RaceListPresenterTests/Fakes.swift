import Core
import RaceData
import RaceListInteractor
import RaceListPresenter
import RaceListView
import TestSupport

/// Records each refresh and lets the test answer it when it chooses.
final class FakeRaceListInteractor: RaceListInteractorInput, @unchecked Sendable {
    // Only touched from the main actor in these tests.
    private(set) var refreshCount = 0
    private var waiting: [RaceListFetchCompletion] = []
    let favourites = FakeFavourites()

    var sourceDescription: String { "file races.json" }
    /// What the card source has said were abandoned.
    var abandonedRaceIDs: Set<String> = []

    func refresh(completion: @escaping RaceListFetchCompletion) {
        refreshCount += 1
        waiting.append(completion)
    }

    var hasPendingRefresh: Bool { !waiting.isEmpty }

    @MainActor
    func loadFavourites() -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: nil)
    }

    @MainActor
    func toggleFavourite(_ favourite: FavouriteRace) -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: .toggle(favourite))
    }

    @MainActor
    func answer(_ result: Result<RaceFeed, RaceDataError>) {
        let completions = waiting
        waiting = []
        for completion in completions { completion(result) }
    }

    @MainActor
    func answer(_ races: [Race]) { answer(.success(RaceFeed(races: races))) }
}

@MainActor
final class FakeRaceListView: RaceListViewInput {
    private(set) var displayed: [RaceListViewModel] = []
    private(set) var commandErrors: [String] = []

    var last: RaceListViewModel? { displayed.last }

    /// The rows of the last board drawn, as "R<number> <meeting> <countdown>".
    var lastRows: [String] {
        guard case .races(let rows)? = last?.content else { return [] }
        return rows.map { "\($0.raceNumber) \($0.meetingName) \($0.countdown)" }
    }

    private(set) var warnings: [String] = []

    func display(_ viewModel: RaceListViewModel) { displayed.append(viewModel) }
    func displayCommandError(_ message: String) { commandErrors.append(message) }
    func displayWarning(_ message: String) { warnings.append(message) }

    private(set) var messages: [String] = []
    private(set) var statuses: [LiveStatusViewModel] = []
    private(set) var notices: [String] = []
    private(set) var alerts: [String] = []

    func displayMessage(_ message: String) { messages.append(message) }
    func displayStatus(_ status: LiveStatusViewModel) { statuses.append(status) }
    func displayNotice(_ message: String) { notices.append(message) }
    func displayAlert(_ alert: RaceAlertViewModel) { alerts.append(alert.message) }
}

/// Records where the presenter asked to go, and finishes at once.
@MainActor
final class FakeRaceListRouter: RaceListRouterInput {
    private(set) var openedRaces: [Race] = []
    private(set) var favouritesOpened = 0

    func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion) {
        openedRaces.append(race)
        completion(.success)
    }

    func openFavourites(completion: @escaping CommandCompletion) {
        favouritesOpened += 1
        completion(.success)
    }
}

/// Records the results commands finish with.
@MainActor
final class CompletionLog {
    private(set) var results: [CommandResult] = []
    var callback: CommandCompletion { { self.results.append($0) } }
}
