import Core
import Foundation
import RaceData
import RaceDetailInteractor
import RaceDetailPresenter
import RaceDetailView
import TestSupport
import Testing

final class FakeRaceDetailInteractor: RaceDetailInteractorInput {
    let favourites = FakeFavourites()

    func loadFavourites(completion: @escaping FavouritesCompletion) { favourites.answerLoad(completion) }

    func toggleFavourite(_ favourite: FavouriteRace, completion: @escaping FavouritesCompletion) {
        favourites.answerToggle(favourite, completion)
    }
}

@MainActor
final class FakeRaceDetailView: RaceDetailViewInput {
    private(set) var displayed: [RaceDetailViewModel] = []
    private(set) var errors: [String] = []
    private(set) var warnings: [String] = []
    var last: RaceDetailViewModel? { displayed.last }

    func display(_ viewModel: RaceDetailViewModel) { displayed.append(viewModel) }
    func displayCommandError(_ message: String) { errors.append(message) }
    func displayWarning(_ message: String) { warnings.append(message) }
}

@MainActor
final class FakeRaceDetailRouter: RaceDetailRouterInput {
    private(set) var closed = 0

    func closeDetail(completion: @escaping CommandCompletion) {
        closed += 1
        completion(.success)
    }
}

@MainActor
@Suite("Race detail presenter")
struct RaceDetailPresenterTests {
    let clock = ManualClock(1_748_310_000)
    let interactor = FakeRaceDetailInteractor()
    let view = FakeRaceDetailView()
    let router = FakeRaceDetailRouter()

    static let fullRace = Race(
        id: "r1", number: 10, name: "Fischer Motors Maiden", meetingName: "Casino", category: .greyhound,
        advertisedStart: Date(timeIntervalSince1970: 1_748_310_245),
        venue: Venue(name: "Casino Park", state: "NSW", country: "AUS"),
        form: RaceForm(
            distance: Distance(value: 300, unit: "m"), trackCondition: "Good", weather: "Fine",
            comment: "Boxed the fence."))

    static let bareRace = Race(
        id: "r2", number: 3, meetingName: "Nagoya", category: .horse,
        advertisedStart: Date(timeIntervalSince1970: 1_748_310_065))

    private func presenter(_ race: Race, timeZone: String = "UTC") -> RaceDetailPresenter {
        RaceDetailPresenter(
            race: race, interactor: interactor, router: router, view: view, clock: clock,
            timeZone: TimeZone(identifier: timeZone)!)
    }

    private func show(_ presenter: RaceDetailPresenter) -> [CommandResult] {
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        return results
    }

    @Test("every field the feed has, in order, with the local start time and countdown")
    func allFields() {
        #expect(show(presenter(Self.fullRace)) == [.success])
        let model = view.last
        #expect(model?.title == "Casino R10")
        #expect(model?.subtitle == "Fischer Motors Maiden")
        #expect(model?.expiredNotice == nil)
        #expect(
            model?.fields == [
                DetailField("Category", "greyhound"),
                DetailField("Starts", "Tue 27 May 01:44:05 GMT (in 4m 5s)"),
                DetailField("Venue", "Casino Park, NSW, AUS"),
                DetailField("Distance", "300 m"),
                DetailField("Track", "Good"),
                DetailField("Weather", "Fine"),
                DetailField("Favourite", "no (type `fav` to add)"),
            ])
        #expect(model?.comment == "Boxed the fence.")
    }

    @Test("what the feed left out is left out: no empty labels")
    func omissions() {
        _ = show(presenter(Self.bareRace))
        let model = view.last
        #expect(model?.subtitle == nil)
        #expect(model?.comment == nil)
        #expect(model?.fields.map(\.label) == ["Category", "Starts", "Favourite"])
        #expect(model?.fields.allSatisfy { !$0.value.isEmpty && !$0.value.contains("nil") } == true)
    }

    @Test("partial venue and a distance without a unit")
    func partial() {
        let race = Race(
            id: "r3", number: 1, meetingName: "Yonkers", category: .harness,
            advertisedStart: Date(timeIntervalSince1970: 1_748_310_065), venue: Venue(state: "NY"),
            form: RaceForm(distance: Distance(value: 1609, unit: nil)))
        _ = show(presenter(race))
        #expect(view.last?.fields.first { $0.label == "Venue" }?.value == "NY")
        #expect(view.last?.fields.first { $0.label == "Distance" }?.value == "1609")
    }

    @Test("a state that repeats the country (NZ, NZ) is said once")
    func repeatedVenuePart() {
        let race = Race(
            id: "r4", number: 6, meetingName: "Manawatu", category: .greyhound,
            advertisedStart: Date(timeIntervalSince1970: 1_748_310_065),
            venue: Venue(name: "Manawatu", state: "NZ", country: "NZ"))
        _ = show(presenter(race))
        #expect(view.last?.fields.first { $0.label == "Venue" }?.value == "Manawatu, NZ")
    }

    @Test("the start time follows the time zone it is given (TZ)")
    func timeZone() {
        _ = show(presenter(Self.fullRace, timeZone: "Australia/Sydney"))
        #expect(view.last?.fields[1].value == "Tue 27 May 11:44:05 GMT+10 (in 4m 5s)")
    }

    @Test("after the start the sheet counts up; 60 s after, it says the race has left the board")
    func expiry() {
        let sheet = presenter(Self.bareRace)  // starts at +65 s
        clock.advance(by: 65 + 59)
        _ = show(sheet)
        #expect(view.last?.fields[1].value == "Tue 27 May 01:41:05 GMT (started 59s ago)")
        #expect(view.last?.expiredNotice == nil)

        // Half a second short of the minute the list still shows it, so the sheet does not say it has gone.
        clock.advance(by: 0.5)
        _ = show(sheet)
        #expect(view.last?.expiredNotice == nil)

        clock.advance(by: 0.5)
        _ = show(sheet)
        #expect(view.last?.expiredNotice == "Race started 1m 0s ago — no longer on the board.")

        clock.advance(by: 5)
        _ = show(sheet)
        #expect(view.last?.expiredNotice == "Race started 1m 5s ago — no longer on the board.")
        #expect(view.last?.title == "Nagoya R3", "the race does not vanish")
    }

    @Test("fav toggles this race and redraws with its status")
    func toggle() {
        let sheet = presenter(Self.fullRace)
        _ = show(sheet)
        var results: [CommandResult] = []
        sheet.toggleFavourite { results.append($0) }
        #expect(interactor.favourites.ids == ["r1"])
        #expect(view.last?.isFavourite == true)
        #expect(view.last?.fields.last == DetailField("Favourite", "yes (type `fav` to remove)"))
        sheet.toggleFavourite { results.append($0) }
        #expect(interactor.favourites.ids.isEmpty)
        #expect(view.last?.isFavourite == false)
        #expect(results == [.success, .success])
        #expect(interactor.favourites.favourites.isEmpty)
    }

    @Test("a saved favourite shows as one when the sheet opens")
    func alreadyFavourite() {
        _ = try? interactor.favourites.toggle(FavouriteRace(Self.fullRace))
        _ = show(presenter(Self.fullRace))
        #expect(view.last?.isFavourite == true)
    }

    @Test("drawn live: at once with the countdown moved on; a favourite saved elsewhere is marked a second later")
    func live() throws {
        let presenter = presenter(Self.fullRace)
        #expect(show(presenter) == [.success])
        clock.advance(by: 1)
        presenter.showLive()
        #expect(view.last?.countdown == "4m 4s")
        _ = try interactor.favourites.toggle(FavouriteRace(Self.fullRace))
        presenter.showLive()
        #expect(view.last?.isFavourite == false, "the store is read for the next second, not waited for")
        presenter.showLive()
        #expect(view.last?.isFavourite == true)
        #expect(view.warnings.isEmpty)
    }

    @Test("a failed save is reported and the status does not change")
    func saveFails() {
        let sheet = presenter(Self.fullRace)
        _ = show(sheet)
        interactor.favourites.fail(with: .unavailable(location: "/data/favourites.json", reason: "disk full"))
        var results: [CommandResult] = []
        sheet.toggleFavourite { results.append($0) }
        #expect(results == [.failure(.cannotSave)])
        #expect(
            view.errors == ["Could not update favourites in /data/favourites.json: disk full. Nothing saved was lost."])
        #expect(view.displayed.count == 1)
    }

    @Test("a store warning (damaged file set aside) is shown")
    func warning() {
        interactor.favourites.warnOnce("Warning: moved it aside")
        _ = show(presenter(Self.fullRace))
        #expect(view.warnings == ["Warning: moved it aside"])
    }

    @Test("back closes the sheet through the router")
    func close() {
        let sheet = presenter(Self.fullRace)
        var results: [CommandResult] = []
        sheet.close { results.append($0) }
        #expect(router.closed == 1)
        #expect(results == [.success])
    }
}
