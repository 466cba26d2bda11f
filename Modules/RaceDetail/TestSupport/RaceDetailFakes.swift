import Core
import Foundation
import RaceData
import RaceDetailInteractor
import RaceDetailPresenter
import RaceDetailView
import TestSupport
import Testing

public final class FakeRaceDetailInteractor: RaceDetailInteractorInput, @unchecked Sendable {
    public init() {}

    public let favourites = FakeFavourites()
    /// nil: no card source. Touched from the main actor only.
    public var cardSourceDescription: String?
    /// How the race stands in the day's book; nil for untold.
    public var standingNow: RaceStanding?

    public func standing(at now: Date) -> RaceStanding? { standingNow }
    /// The race's followed runners: none unless the test tells it.
    public var marksNow: [RaceMark] = []
    public func marks() -> [RaceMark] { marksNow }
    /// Card requests waiting for `answerCard`, oldest first.
    public private(set) var cardRequests: [RaceCardCompletion] = []

    /// The favourites marked as the app's marker marks them.
    private lazy var favouritesMarker = FavouritesMarker(favourites: favourites)
    @MainActor public func reloadMarks() -> String? { favouritesMarker.reload() }
    @MainActor public func isFavourite(raceID: String) -> Bool {
        favouritesMarker.markedRaces().contains { $0.id == raceID }
    }

    @MainActor public func toggleFavourite(_ favourite: FavouriteRace) -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: .toggle(favourite))
    }

    public func fetchCard(completion: @escaping RaceCardCompletion) {
        guard cardSourceDescription != nil else {
            MainActor.assumeIsolated { completion(.success(nil)) }
            return
        }
        cardRequests.append(completion)
    }

    /// Answers every card request waiting.
    @MainActor
    public func answerCard(_ result: Result<RaceCard?, RaceDataError>) {
        let waiting = cardRequests
        cardRequests = []
        for request in waiting { request(result) }
    }
}

@MainActor
public final class FakeRaceDetailView: RaceDetailViewInput {
    public init() {}

    public private(set) var displayed: [RaceDetailViewModel] = []
    public private(set) var errors: [String] = []
    public private(set) var warnings: [String] = []
    public var last: RaceDetailViewModel? { displayed.last }

    public func display(_ viewModel: RaceDetailViewModel) { displayed.append(viewModel) }
    public func displayCommandError(_ message: String) { errors.append(message) }
    public func displayWarning(_ message: String) { warnings.append(message) }
}

/// The sheet's router: the sheet asks it for nothing yet.
@MainActor
public final class FakeRaceDetailRouter: NavigationRecorder, RaceDetailRouterInput {}

/// The sheet's presenter as its screen drives it: records each call, in words, and finishes at once.
@MainActor
public final class RecordingRaceDetailPresenter: CallRecorder, RaceDetailModuleInput {
    public func show(completion: @escaping CommandCompletion) { record("show", completion) }
    public func showLive() { record("showLive") }
    public func toggleFavourite(completion: @escaping CommandCompletion) { record("toggleFavourite", completion) }
    public func showForm(runner: Int?, completion: @escaping CommandCompletion) {
        record("showForm(\(runner.map(String.init) ?? "all"))", completion)
    }
    public func showSpeedMap(completion: @escaping CommandCompletion) { record("showSpeedMap", completion) }
    public func showRunner(_ number: Int, completion: @escaping CommandCompletion) {
        record("showRunner(\(number))", completion)
    }
    /// What the sheet shows, as another feature's command on it sees it.
    public var subject = ScreenSubject.race(
        Race(
            id: "r", number: 1, name: nil, meetingName: "M", category: .horse,
            advertisedStart: Date(timeIntervalSince1970: 0)),
        card: nil)
}

/// The sheet's interactor as failing values: each call fails the test until the test gives it a body.
public final class FailingRaceDetailInteractor: RaceDetailInteractorInput, @unchecked Sendable {
    // Set and called on the main actor only.
    public var cardSourceDescription: String?
    /// Asked at every draw: untold unless the test tells it.
    public var standingNow: RaceStanding?

    public func standing(at now: Date) -> RaceStanding? { standingNow }
    /// The race's followed runners: none unless the test tells it.
    public var marksNow: [RaceMark] = []
    public func marks() -> [RaceMark] { marksNow }
    public var onFetchCard: @MainActor (@escaping RaceCardCompletion) -> Void = { _ in unexpectedCall("fetchCard") }
    public var onReloadMarks: @MainActor () -> String? = {
        unexpectedCall("reloadMarks")
        return nil
    }
    public var onIsFavourite: @MainActor (String) -> Bool = {
        unexpectedCall("isFavourite(\($0))")
        return false
    }
    public var onToggleFavourite: @MainActor (FavouriteRace) -> Result<FavouritesState, FavouritesError> = {
        unexpectedFavouritesCall("toggleFavourite(\($0.id))")
    }

    public init() {}

    public func fetchCard(completion: @escaping RaceCardCompletion) {
        MainActor.assumeIsolated { onFetchCard(completion) }
    }

    @MainActor public func reloadMarks() -> String? { onReloadMarks() }

    @MainActor public func isFavourite(raceID: String) -> Bool { onIsFavourite(raceID) }

    @MainActor
    public func toggleFavourite(_ favourite: FavouriteRace) -> Result<FavouritesState, FavouritesError> {
        onToggleFavourite(favourite)
    }
}
