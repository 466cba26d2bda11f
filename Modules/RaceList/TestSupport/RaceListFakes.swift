import Core
import Foundation
import RaceData
import RaceListInteractor
import RaceListPresenter
import RaceListView
import TestSupport
import Testing

/// Records each refresh and lets the test answer it when it chooses.
public final class FakeRaceListInteractor: RaceListInteractorInput, @unchecked Sendable {
    public init() {}

    // Only touched from the main actor in these tests.
    public private(set) var refreshCount = 0
    private var waiting: [RaceListFetchCompletion] = []
    public let favourites = FakeFavourites()

    public var sourceDescription: String { "file races.json" }
    /// What the card source has said were abandoned.
    public var abandonedRaceIDs: Set<String> = []
    /// How the card source says races stand after their jump; the abandoned ones are added.
    public var standings: [String: RaceStanding] = [:]

    public func raceStandings(at now: Date) -> [String: RaceStanding] {
        standings.merging(abandonedRaceIDs.map { ($0, RaceStanding(status: .abandoned)) }) { told, _ in told }
    }

    /// The runners followed in each race, by race id (none unless the test says).
    public var marks: [String: [RaceMark]] = [:]
    public private(set) var markReloads = 0
    public func marks(inRace id: String) -> [RaceMark] { marks[id] ?? [] }
    /// The runners followed in each race that were scratched late, by race id (none unless the test says).
    public var scratchedMarks: [String: [RaceMark]] = [:]
    public func scratchedMarks(inRace id: String) -> [RaceMark] { scratchedMarks[id] ?? [] }
    /// Each race's runners scratched late, by race id (none unless the test says).
    public var lateScratchings: [String: [Runner]] = [:]
    public func lateScratchings(inRace id: String) -> [Runner] { lateScratchings[id] ?? [] }
    /// The favourites marked as the app's marker marks them.
    private lazy var favouritesMarker = FavouritesMarker(favourites: favourites)
    @MainActor public func markedRaces() -> [Race] { favouritesMarker.markedRaces() }
    /// Each race's market favourite, by race id (none unless the test says).
    public var marketFavourites: [String: MarketFavourite] = [:]
    /// Each race's whole market; a race given only a favourite has it alone as its shortest price.
    public var markets: [String: RaceMarket] = [:]
    public func market(ofRace id: String, at now: Date) -> RaceMarket? {
        markets[id]
            ?? marketFavourites[id].map {
                RaceMarket(favourite: $0, shortest: [RaceMarket.Price(runnerNumber: $0.runnerNumber, price: $0.price)])
            }
    }
    @MainActor public func reloadMarks() -> String? {
        markReloads += 1
        return favouritesMarker.reload()
    }

    public func refresh(completion: @escaping RaceListFetchCompletion) {
        refreshCount += 1
        waiting.append(completion)
    }

    public var hasPendingRefresh: Bool { !waiting.isEmpty }

    @MainActor
    public func toggleFavourite(_ favourite: FavouriteRace) -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: .toggle(favourite))
    }

    /// The settings `save` kept, in order; `settingsAnswer` is what the store says.
    public private(set) var savedSettings: [BoardSettings] = []
    public var settingsAnswer: Result<SavedSettings, SettingsError> = .success(
        SavedSettings(location: "/home/you/.config/next-to-go/config"))

    @MainActor
    public func saveSettings(_ settings: BoardSettings) -> Result<SavedSettings, SettingsError> {
        savedSettings.append(settings)
        return settingsAnswer
    }

    @MainActor
    public func answer(_ result: Result<RaceFeed, RaceDataError>) {
        let completions = waiting
        waiting = []
        for completion in completions { completion(result) }
    }

    @MainActor
    public func answer(_ races: [Race]) { answer(.success(RaceFeed(races: races))) }
}

@MainActor
public final class FakeRaceListView: RaceListViewInput {
    public init() {}

    public private(set) var displayed: [RaceListViewModel] = []
    public private(set) var commandErrors: [String] = []

    public var last: RaceListViewModel? { displayed.last }

    /// The rows of the last board drawn, as "R<number> <meeting> <countdown>".
    public var lastRows: [String] {
        guard case .races(let rows)? = last?.content else { return [] }
        return rows.map { "\($0.raceNumber) \($0.meetingName) \($0.countdown)" }
    }

    public private(set) var warnings: [String] = []

    public func display(_ viewModel: RaceListViewModel) { displayed.append(viewModel) }
    public func displayCommandError(_ message: String) { commandErrors.append(message) }
    public func displayWarning(_ message: String) { warnings.append(message) }

    public private(set) var messages: [String] = []
    public private(set) var statuses: [LiveStatusViewModel] = []
    public private(set) var notices: [String] = []
    public private(set) var alerts: [String] = []

    public func displayMessage(_ message: String) { messages.append(message) }
    public func displayStatus(_ status: LiveStatusViewModel) { statuses.append(status) }
    public func displayNotice(_ message: String) { notices.append(message) }
    public func displayAlert(_ alert: RaceAlertViewModel) { alerts.append(alert.message) }
}

/// Records where the presenter asked to go, and finishes at once. Navigation the test did not say to expect
/// (`expectNavigation()`) fails the test.
@MainActor
public final class FakeRaceListRouter: RaceOpeningRecorder, RaceListRouterInput {
    public private(set) var favouritesOpened = 0

    public func openFavourites(completion: @escaping CommandCompletion) {
        navigated("openFavourites")
        favouritesOpened += 1
        completion(.success)
    }
}

/// The race list's presenter as its screen drives it: records each call, in words, and finishes at once.
@MainActor
public final class RecordingRaceListPresenter: CallRecorder, RaceListModuleInput {
    public var drawnCount = 0

    public func start() { record("start") }
    public func showList(completion: @escaping CommandCompletion) { record("showList", completion) }
    public func showAll(completion: @escaping CommandCompletion) { record("showAll", completion) }
    public func redraw(completion: @escaping CommandCompletion) { record("redraw", completion) }
    public func redrawLive() { record("redrawLive") }
    public func change(_ change: RaceBoard.Change, completion: @escaping CommandCompletion) {
        record("change(\(change))", completion)
    }
    public func refresh(completion: @escaping CommandCompletion) { record("refresh", completion) }
    public func openRace(position: Int, completion: @escaping CommandCompletion) {
        record("openRace(\(position))", completion)
    }
    public func toggleFavourite(position: Int, completion: @escaping CommandCompletion) {
        record("toggleFavourite(\(position))", completion)
    }
    public func openFavourites(completion: @escaping CommandCompletion) { record("openFavourites", completion) }
    public func setAlert(_ choice: RaceAlerts.Choice?, completion: @escaping CommandCompletion) {
        switch choice {
        case .minutes(let minutes)?: record("setAlert(\(minutes))", completion)
        case .off?: record("setAlert(off)", completion)
        case nil: record("setAlert()", completion)
        }
    }
    public func saveSettings(completion: @escaping CommandCompletion) { record("saveSettings", completion) }
    public func startLiveUpdates(announcing: Bool) { record("startLiveUpdates(\(announcing))") }
    public func watch(seconds: Int, completion: @escaping CommandCompletion) {
        record("watch(\(seconds))", completion)
    }
}

/// The race list's interactor as failing values (isowords' way): each call runs a closure that fails the test
/// until the test gives it a body, so a test says exactly what it expects the presenter to ask for, and anything
/// else is reported.
public final class FailingRaceListInteractor: RaceListInteractorInput, @unchecked Sendable {
    // Set and called on the main actor only.
    public var sourceDescription = "a failing interactor"
    public var onRefresh: @MainActor (@escaping RaceListFetchCompletion) -> Void = { _ in unexpectedCall("refresh") }
    public var onReloadMarks: @MainActor () -> String? = {
        unexpectedCall("reloadMarks")
        return nil
    }
    public var onToggleFavourite: @MainActor (FavouriteRace) -> Result<FavouritesState, FavouritesError> = {
        unexpectedFavouritesCall("toggleFavourite(\($0.id))")
    }

    public var onSaveSettings: @MainActor (BoardSettings) -> Result<SavedSettings, SettingsError> = {
        unexpectedCall("saveSettings(\($0.summary))")
        return .failure(SettingsError("not expected"))
    }

    public init() {}

    public func refresh(completion: @escaping RaceListFetchCompletion) {
        MainActor.assumeIsolated { onRefresh(completion) }
    }

    @MainActor
    public func saveSettings(_ settings: BoardSettings) -> Result<SavedSettings, SettingsError> {
        onSaveSettings(settings)
    }

    @MainActor
    public func reloadMarks() -> String? { onReloadMarks() }

    @MainActor
    public func toggleFavourite(_ favourite: FavouriteRace) -> Result<FavouritesState, FavouritesError> {
        onToggleFavourite(favourite)
    }
}
