import Core
import Foundation
import Platform
import RaceData
import RaceDetailPresenter
import RaceDetailTestSupport
import RaceDetailView
import TestSupport
import Testing

/// The sheet's going, weather, class, prize money, rail and start: the board's feed's where it has them, the race
/// card's where it has none.
@MainActor
@Suite("Race detail presenter: the card's race facts")
struct CardFactsPresenterTests {
    let clock = ManualClock(1_748_310_000)
    let interactor = FakeRaceDetailInteractor()
    let view = FakeRaceDetailView()

    /// What the card says of the race, every fact given.
    static let cardFacts = RaceForm(
        trackCondition: "Good4", weather: "FINE",
        info: RaceInfo(raceClass: "Rating 58 HCP", prizeMoney: 17_000, railPosition: "Out 3m", startType: "Mobile"))

    static func race(_ form: RaceForm) -> Race {
        Race(
            id: "r1", number: 5, meetingName: "Cambridge", category: .horse,
            advertisedStart: Date(timeIntervalSince1970: 1_748_310_245),
            venue: Venue(name: "Cambridge", state: "NZ", country: "NZ"), form: form)
    }

    /// The sheet opened on `race` and its card answered, carrying `facts`.
    private func sheet(_ race: Race, cardFacts facts: RaceForm?) throws -> RaceDetailViewModel {
        interactor.cardSourceDescription = "folder cards"
        let presenter = RaceDetailPresenter(
            race: race, interactor: interactor, router: FakeRaceDetailRouter(), view: view, clock: clock,
            timeZone: LocalZone(identifier: "UTC")!)
        presenter.show { _ in }
        interactor.answerCard(
            .success(
                RaceCard(raceID: "r1", status: .open, runners: [Runner(number: 1, name: "Tickford")], raceForm: facts)))
        return try #require(view.last)
    }

    private func lines(_ model: RaceDetailViewModel) -> [String] {
        model.fields.map { "\($0.label): \($0.value)" }
    }

    @Test("a feed that has none of them: each from the card, on the sheet and in what the JSON view shows")
    func fromTheCard() throws {
        let model = try sheet(
            Self.race(RaceForm(distance: Distance(value: 1550, unit: "m"))), cardFacts: Self.cardFacts)
        #expect(
            lines(model) == [
                "Category: horse", "Starts: Tue 27 May 01:44:05 GMT (in 4m 5s)", "Venue: Cambridge, NZ",
                "Distance: 1550 m", "Track: Good 4", "Weather: Fine", "Class: Rating 58 HCP, $17,000 prize money",
                "Rail: Out 3m", "Start: Mobile start", "In favourites: no (`fav`, or f in watch)",
            ])
        #expect(model.going == "Good 4" && model.weather == "Fine")
        #expect(model.race?.form.info == Self.cardFacts.info, "the race the JSON view writes carries them")
        #expect(model.race?.form.distance == Distance(value: 1550, unit: "m"), "the feed's own kept")
    }

    @Test("the feed's win where it has them; the card fills in only what it lacks")
    func feedWins() throws {
        let feed = RaceForm(
            trackCondition: "Heavy8", weather: "SHWRY",
            info: RaceInfo(raceClass: "BM66", prizeMoney: 30_000, railPosition: "True"))
        let model = try sheet(Self.race(feed), cardFacts: Self.cardFacts)
        let shown = lines(model)
        #expect(shown.contains("Track: Heavy 8") && shown.contains("Weather: Showery"))
        #expect(shown.contains("Class: BM66, $30,000 prize money") && shown.contains("Rail: True"))
        #expect(shown.contains("Start: Mobile start"), "the feed has no start: the card's")
        #expect(model.going == "Heavy 8" && model.weather == "Showery")
        #expect(
            model.race?.form.info
                == RaceInfo(raceClass: "BM66", prizeMoney: 30_000, railPosition: "True", startType: "Mobile"))
    }

    @Test("an empty fact in the feed is none: the card's is shown (the decoders trim white space to nothing)")
    func emptyInTheFeed() throws {
        let feed = RaceForm(trackCondition: "", weather: "", info: RaceInfo(raceClass: "", railPosition: ""))
        let shown = lines(try sheet(Self.race(feed), cardFacts: Self.cardFacts))
        #expect(shown.contains("Track: Good 4") && shown.contains("Weather: Fine"))
        #expect(shown.contains("Class: Rating 58 HCP, $17,000 prize money") && shown.contains("Rail: Out 3m"))
    }

    @Test("a card that says nothing of the race leaves the feed's sheet as it was")
    func cardSaysNothing() throws {
        let feed = RaceForm(trackCondition: "Soft6", info: RaceInfo(prizeMoney: 8_000))
        let model = try sheet(Self.race(feed), cardFacts: nil)
        let facts = model.fields.filter { ["Track", "Weather", "Class", "Rail", "Start"].contains($0.label) }
        #expect(facts == [DetailField("Track", "Soft 6"), DetailField("Class", "$8,000 prize money")])
        #expect(model.race == Self.race(feed))
    }

    @Test("before the card answers, the feed's alone")
    func beforeTheCard() {
        interactor.cardSourceDescription = "folder cards"
        let presenter = RaceDetailPresenter(
            race: Self.race(RaceForm()), interactor: interactor, router: FakeRaceDetailRouter(), view: view,
            clock: clock, timeZone: LocalZone(identifier: "UTC")!)
        presenter.showLive()
        #expect(interactor.cardRequests.isEmpty, "drawn before the card is asked for")
        #expect(view.last?.fields.contains { $0.label == "Track" || $0.label == "Class" } == false)
        #expect(view.last?.going == nil)
    }
}
