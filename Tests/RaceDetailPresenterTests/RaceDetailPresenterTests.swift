import Core
import Foundation
import Platform
import RaceData
import RaceDetailInteractor
import RaceDetailPresenter
import RaceDetailTestSupport
import RaceDetailView
import TestSupport
import Testing

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

    private func presenter(
        _ race: Race, timeZone: String = "UTC", scheduler: ManualScheduler? = nil, firstCardWait: TimeInterval? = nil
    ) -> RaceDetailPresenter {
        RaceDetailPresenter(
            race: race, interactor: interactor, router: router, view: view, clock: clock,
            timeZone: LocalZone(identifier: timeZone)!, scheduler: scheduler, firstCardWait: firstCardWait)
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
                DetailField("In favourites", "no (`fav`, or f in watch)"),
            ])
        #expect(model?.comment == "Boxed the fence.")
    }

    @Test(
        "the feed's weather codes spelt out, words in capitals in sentence case, the rest as the feed has it",
        arguments: [
            ("OCAST", "Overcast"), ("SHWRY", "Showery"), ("FINE", "Fine"), ("HEAVY RAIN", "Heavy rain"),
            ("Showers", "Showers"), ("Fine", "Fine"), ("X", "X"), ("ÉTÉ", "ÉTÉ"), ("RAIN3", "RAIN3"),
        ])
    func weatherWording(feed: String, shown: String) {
        let form = RaceForm(weather: feed)
        let race = Race(
            id: "r3", number: 1, meetingName: "Ascot", category: .horse,
            advertisedStart: Self.fullRace.advertisedStart, form: form)
        _ = show(presenter(race))
        #expect(view.last?.fields.first { $0.label == "Weather" } == DetailField("Weather", shown))
    }

    @Test(
        "the going's rating apart from its word, as the cards' form has it; words as the feed has them",
        arguments: [
            ("Heavy8", "Heavy 8"), ("Good4", "Good 4"), ("GOOD3", "Good 3"), ("Soft10", "Soft 10"),
            ("Synthetic", "Synthetic"), ("Good", "Good"), ("FAST", "Fast"), ("8", "8"), ("G4", "G4"),
            ("Good 4", "Good 4"), ("Slow123", "Slow123"), ("Très4", "Très4"),
        ])
    func goingWording(feed: String, shown: String) {
        let race = Race(
            id: "r4", number: 1, meetingName: "Ascot", category: .horse,
            advertisedStart: Self.fullRace.advertisedStart, form: RaceForm(trackCondition: feed))
        _ = show(presenter(race))
        #expect(view.last?.fields.first { $0.label == "Track" } == DetailField("Track", shown))
    }

    @Test("class and prize money in the meeting's money, the rail and the start, where the feed gives them")
    func raceInfo() {
        let race = { (country: String, info: RaceInfo) in
            Race(
                id: "r9", number: 4, meetingName: "Gloucester Park", category: .harness,
                advertisedStart: Date(timeIntervalSince1970: 1_748_310_245),
                venue: Venue(name: "Gloucester Park", state: nil, country: country), form: RaceForm(info: info))
        }
        presenter(race("AUS", RaceInfo(raceClass: "NR 60", prizeMoney: 6_200, startType: "Mobile"))).show { _ in }
        let fields = view.last?.fields.map { "\($0.label): \($0.value)" } ?? []
        #expect(fields.contains("Class: NR 60, $6,200 prize money"))
        #expect(fields.contains("Start: Mobile start"))
        #expect(!fields.contains { $0.hasPrefix("Rail") })
        presenter(race("UK", RaceInfo(prizeMoney: 1_234_567, railPosition: "Out 3m"))).show { _ in }
        let british = view.last?.fields.map { "\($0.label): \($0.value)" } ?? []
        #expect(british.contains("Class: 1,234,567 GBP prize money") && british.contains("Rail: Out 3m"))
    }

    @Test("what the feed left out is left out: no empty labels")
    func omissions() {
        _ = show(presenter(Self.bareRace))
        let model = view.last
        #expect(model?.subtitle == nil)
        #expect(model?.comment == nil)
        #expect(model?.fields.map(\.label) == ["Category", "Starts", "In favourites"])
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
        #expect(view.last?.fields[1].value == "Tue 27 May 11:44:05 AEST (in 4m 5s)")
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
        #expect(view.last?.fields.last == DetailField("In favourites", "yes (`fav`, or f in watch)"))
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

    @Test("a favourites store that cannot be read is said once when the sheet opens, not once for each reader")
    func unreadableStoreSaidOnce() {
        interactor.favourites.fail(with: .unavailable(location: "favourites.json", reason: "permission denied"))
        _ = show(presenter(Self.fullRace))
        #expect(view.warnings.count == 1, "\(view.warnings)")
        #expect(view.last?.isFavourite == false)
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

    @Test("a sheet dropped before its card answers still finishes its `show`, once, when the card comes")
    func droppedSheetFinishesShow() {
        interactor.cardSourceDescription = "slow cards"
        var results: [CommandResult] = []
        do {
            let sheet = presenter(Self.fullRace)
            sheet.show { results.append($0) }
        }
        #expect(results.isEmpty, "waits for the card")
        interactor.answerCard(.success(nil))
        #expect(results == [.success])
    }

    // MARK: - Race card

    static let card = RaceCard(
        raceID: "r1", status: .open,
        runners: [
            Runner(number: 2, name: "Scratched Sam", barrier: 4, scratching: .scratched),
            Runner(
                number: 1, name: "Tickford", barrier: 7, rider: "Kate Hercock", trainer: "Richard French",
                weight: "60", fixedWin: 5, fixedPlace: 1.8, flucs: [8.5, 6, 5], isMarketFavourite: true),
            Runner(number: 3, name: "Drifter", fixedWin: 13, flucs: [9, 13], isMover: true),
        ])

    @Test("equal favourites: each runner at the shortest price tagged so, by the board's rule, whatever the card marks")
    func equalFavourites() throws {
        interactor.cardSourceDescription = "folder cards"
        let presenter = presenter(Self.fullRace)
        presenter.show { _ in }
        interactor.answerCard(
            .success(
                RaceCard(
                    raceID: "r1", status: .open,
                    runners: [
                        Runner(number: 1, name: "Tickford", fixedWin: 3.3, isMarketFavourite: true),
                        Runner(number: 2, name: "Scratched Sam", fixedWin: 3.3, scratching: .scratched),
                        Runner(number: 3, name: "Drifter", fixedWin: 9, flucs: [4, 9], isMover: true),
                        Runner(number: 4, name: "Twin", fixedWin: 3.3),
                    ])))
        let card = try #require(view.last?.card)
        #expect(
            card.runners.map(\.notes) == [
                ["equal market favourite"], ["mover"], ["equal market favourite"], ["scratched"],
            ])
        #expect(card.runners.map(\.compactNotes) == [["eq fav"], ["mover"], ["eq fav"], ["scratched"]])
        #expect(card.runners.map(\.shortNotes) == [["eq fav"], ["mvr"], ["eq fav"], ["scratched"]])
        #expect(card.marketFavourite == MarketFavourite(runnerNumbers: [1, 4], price: 3.3))
    }

    @Test("the sheet waits for the race card once, then shows the field: in number order, the scratched last")
    func showsTheField() throws {
        interactor.cardSourceDescription = "folder cards"
        let presenter = presenter(Self.fullRace)
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        #expect(results.isEmpty, "waits for the card")
        interactor.answerCard(.success(Self.card))
        #expect(results == [.success])
        let card = try #require(view.last?.card)
        #expect(card.status == "Open")
        #expect(card.runners.map(\.name) == ["Tickford", "Drifter", "Scratched Sam"])
        let tickford = card.runners[0]
        #expect(tickford.win == "5.00" && tickford.place == "1.80" && tickford.weight == "60kg")
        #expect(tickford.openingPrice == "8.50" && tickford.trend == .shortened)
        #expect(tickford.notes == ["market favourite"])
        #expect(tickford.compactNotes == ["mkt fav"] && tickford.shortNotes == ["fav"])
        #expect(card.runners[1].trend == .drifted && card.runners[1].notes == ["mover"])
        #expect(card.runners[2].isScratched && card.runners[2].win == nil && card.runners[2].notes == ["scratched"])
        #expect(view.last?.cardNote == nil)
        // Shown again: from the card on hand, no new fetch.
        presenter.show { results.append($0) }
        #expect(results == [.success, .success])
        #expect(interactor.cardRequests.isEmpty)
    }

    /// A sheet opened on the race, then its card answered as run: final, with these placings and dividends.
    private func showRun(_ placings: [Placing], _ dividends: [Dividend]) {
        interactor.cardSourceDescription = "folder cards"
        presenter(Self.fullRace).show { _ in }
        var card = Self.card
        card.status = .final
        card.placings = placings
        card.dividends = dividends
        interactor.answerCard(.success(card))
    }

    @Test("after the jump: the placings as 1st, 2nd, with margins, and the main dividends, place together")
    func showsTheResult() throws {
        showRun(
            [
                Placing(position: 1, runnerNumber: 1, name: "Tickford"),
                Placing(position: 2, runnerNumber: 3, name: "Drifter", margin: "LG NK"),
            ],
            [
                Dividend(bet: "Place", runners: "1", amount: 1.7, isFinal: true),
                Dividend(bet: "Double", runners: "2/4", amount: 9.8, isFinal: true),
                Dividend(bet: "Win", runners: "1", amount: 6.6, isFinal: true),
                Dividend(bet: "Place", runners: "3", amount: 3.7, isFinal: true),
                Dividend(bet: "Quinella", runners: "1:3", amount: 1350.4, isFinal: false),
            ])
        let shown = try #require(view.last?.card)
        #expect(shown.placings.map(\.position) == ["1st", "2nd"])
        #expect(shown.placings[1].margin == "LG NK")
        #expect(shown.dividends.map(\.bet) == ["Win", "Place", "Quinella"])
        #expect(shown.dividends[1].payouts == ["1 $1.70", "3 $3.70"])
        #expect(shown.dividends[2].payouts == ["1-3 $1,350.40"] && !shown.dividends[2].isFinal)
    }

    @Test("place dividends in finishing order, whatever order the card lists them in")
    func placesInFinishingOrder() throws {
        showRun(
            [
                Placing(position: 1, runnerNumber: 3, name: "Drifter"),
                Placing(position: 2, runnerNumber: 1, name: "Tickford"),
                Placing(position: 3, runnerNumber: 2, name: "Scratched Sam"),
            ],
            [
                Dividend(bet: "Place", runners: "1", amount: 1.7, isFinal: true),
                Dividend(bet: "Place", runners: "2", amount: 1.9, isFinal: true),
                Dividend(bet: "Place", runners: "3", amount: 3.7, isFinal: true),
            ])
        let shown = try #require(view.last?.card)
        #expect(shown.dividends.first?.payouts == ["3 $3.70", "1 $1.70", "2 $1.90"])
    }

    @Test(
        "the field in each code's words: a greyhound's box, a harness horse's driver, a galloper's barrier and rider",
        arguments: [
            (RaceCategory.greyhound, "Box", "Rider"), (.harness, "Bar", "Driver"), (.horse, "Bar", "Rider"),
        ])
    func fieldWords(category: RaceCategory, barrier: String, rider: String) throws {
        interactor.cardSourceDescription = "folder cards"
        let race = Race(
            id: "r3", number: 1, meetingName: "Menangle", category: category,
            advertisedStart: Date(timeIntervalSince1970: 1_748_310_245))
        presenter(race).show { _ in }
        interactor.answerCard(.success(Self.card))
        let shown = try #require(view.last?.card)
        #expect(shown.barrierHeading == barrier && shown.riderHeading == rider)
    }

    @Test("a mobile start's rows as the card gives them (Fr3, Sr1); a barrier otherwise in brackets")
    func mobileStartRows() throws {
        interactor.cardSourceDescription = "folder cards"
        presenter(Self.fullRace).show { _ in }
        var card = Self.card
        card.runners[1].barrierPosition = "Sr1"
        interactor.answerCard(.success(card))
        let rows = try #require(view.last?.card?.runners)
        #expect(rows.map(\.barrier) == ["Sr1", nil, "(4)"])
    }

    @Test("a run without race cards says so in one line, and how to have them")
    func noCardSource() {
        interactor.cardSourceDescription = nil
        var results: [CommandResult] = []
        presenter(Self.fullRace).show { results.append($0) }
        #expect(results == [.success])
        #expect(view.last?.card == nil)
        #expect(
            view.last?.cardNote?.hasPrefix("No race cards in this run: the field, prices and results come with --cards")
                == true)
    }

    @Test(
        "the sheet says what the board says at the same second: the day's book ahead of the card wins, and the card catches up"
    )
    func oneAccountOfTheRace() throws {
        interactor.cardSourceDescription = "folder cards"
        let presenter = presenter(Self.fullRace)
        presenter.show { _ in }
        interactor.answerCard(.success(Self.card))
        #expect(view.last?.card?.status == "Open")
        interactor.standingNow = RaceStanding(status: .interim, placings: [3, 1])
        presenter.showLive()
        let interim = try #require(view.last?.card)
        #expect(interim.status == "Interim")
        #expect(interim.placings.map(\.number) == ["3", "1"])
        #expect(interim.placings.map(\.name) == ["Drifter", "Tickford"])
        #expect(interactor.cardRequests.count == 1, "the card is fetched again to catch up")
        presenter.showLive()
        #expect(interactor.cardRequests.count == 1, "once")
        var final = Self.card
        final.status = .final
        final.placings = [Placing(position: 1, runnerNumber: 3, name: "Drifter")]
        final.dividends = [Dividend(bet: "Win", runners: "3", amount: 4.2, isFinal: true)]
        interactor.answerCard(.success(final))
        presenter.showLive()
        #expect(view.last?.card?.status == "Final")
        #expect(view.last?.card?.dividends.map(\.bet) == ["Win"])
    }

    @Test("no card yet, or a source that fails: a one-line note, the sheet as it was, success")
    func missingCard() {
        interactor.cardSourceDescription = "folder cards"
        let presenter = presenter(Self.fullRace)
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        interactor.answerCard(.success(nil))
        #expect(results == [.success])
        #expect(view.last?.card == nil)
        #expect(view.last?.cardNote == "No race card for this race from folder cards yet.")
        let failing = self.presenter(Self.fullRace)
        failing.show { results.append($0) }
        interactor.answerCard(.failure(.httpStatus(source: "http://cards", code: 503)))
        #expect(results == [.success, .success])
        #expect(view.last?.cardNote == "No race card: the server answered HTTP 503.")
    }

    @Test("at a terminal the first show waits for the card at most firstCardWait, then draws the sheet with a note")
    func boundedFirstWait() {
        interactor.cardSourceDescription = "http://cards"
        let scheduler = ManualScheduler(clock: clock)
        let presenter = self.presenter(Self.fullRace, scheduler: scheduler, firstCardWait: 0.5)
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        scheduler.advance(by: 0.4)
        #expect(results.isEmpty, "a card that comes quickly is waited for")
        scheduler.advance(by: 0.1)
        #expect(results == [.success])
        #expect(view.last?.card == nil)
        #expect(view.last?.cardNote == "Fetching the race card from http://cards...")
        interactor.answerCard(.success(Self.card))
        #expect(results == [.success], "the command was answered once")
        presenter.showLive()
        #expect(view.last?.card?.runners.count == 3, "the live region draws the card that came")
        #expect(view.last?.cardNote == nil)
    }

    @Test("a card that answers within firstCardWait is shown with the first sheet, and the wait is cancelled")
    func quickCardWithBoundedWait() {
        interactor.cardSourceDescription = "http://cards"
        let scheduler = ManualScheduler(clock: clock)
        let presenter = self.presenter(Self.fullRace, scheduler: scheduler, firstCardWait: 0.5)
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        interactor.answerCard(.success(Self.card))
        #expect(results == [.success])
        #expect(view.last?.card != nil && view.last?.cardNote == nil)
        let drawn = view.displayed.count
        scheduler.advance(by: 1)
        #expect(results == [.success] && view.displayed.count == drawn, "the cancelled wait draws nothing")
    }

    @Test(
        "a copy kept from an earlier fetch is shown with a note saying so; a live card of this sheet is kept over one")
    func offlineCopy() {
        interactor.cardSourceDescription = "http://cards"
        let presenter = presenter(Self.fullRace)
        presenter.show { _ in }
        var copy = Self.card
        copy.offline = OfflineCard(
            savedAt: Date(timeIntervalSince1970: 1_748_310_000), reason: "no response within 5 s")
        interactor.answerCard(.success(copy))
        #expect(view.last?.card?.runners.count == 3)
        #expect(
            view.last?.cardNote
                == "Offline: the race card as saved Tue 27 May 01:40:00 GMT (no response within 5 s).")
        let scheduler = ManualScheduler(clock: clock)
        let live = self.presenter(Self.fullRace, scheduler: scheduler)
        live.show { _ in }
        var fresh = Self.card
        fresh.status = .closed
        interactor.answerCard(.success(fresh))
        scheduler.advance(by: 60)
        #expect(interactor.cardRequests.count == 1, "fetched again")
        interactor.answerCard(.success(copy))
        live.showLive()
        #expect(view.last?.card?.status == "Closed", "the live card stays")
        #expect(view.last?.cardNote == "The race card could not be fetched again: no response within 5 s.")
    }

    @Test("while the sheet is open the card is fetched again, often near the jump, and not once the result is final")
    func refreshesTheCard() {
        interactor.cardSourceDescription = "folder cards"
        let scheduler = ManualScheduler(clock: clock)
        // 245 s to the start: near the jump, every 10 s.
        let presenter = self.presenter(Self.fullRace, scheduler: scheduler)
        presenter.show { _ in }
        interactor.answerCard(.success(Self.card))
        scheduler.advance(by: 9)
        #expect(interactor.cardRequests.isEmpty)
        scheduler.advance(by: 1)
        #expect(interactor.cardRequests.count == 1)
        var final = Self.card
        final.status = .final
        interactor.answerCard(.success(final))
        presenter.showLive()
        #expect(view.last?.card?.status == "Final", "what arrived is drawn at the next second")
        scheduler.advance(by: 600)
        #expect(interactor.cardRequests.isEmpty, "a final result is not fetched again")
    }
}
