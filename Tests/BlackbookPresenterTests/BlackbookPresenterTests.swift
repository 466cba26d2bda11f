import BlackbookInteractor
import BlackbookPresenter
import BlackbookTestSupport
import BlackbookView
import Core
import Foundation
import Platform
import RaceData
import TestSupport
import Testing

@MainActor
@Suite("Blackbook presenter")
struct BlackbookPresenterTests {
    let clock = ManualClock(1_764_310_000)
    let view = FakeBlackbookView()
    let router = FakeBlackbookRouter()

    func presenter(_ interactor: FakeBlackbookInteractor) -> BlackbookPresenter {
        BlackbookPresenter(
            interactor: interactor, router: router, view: view, clock: clock, timeZone: LocalZone(identifier: "UTC")!)
    }

    func cardPresenter(_ interactor: FakeBlackbookInteractor) -> CardFollowPresenter {
        CardFollowPresenter(interactor: interactor, view: view, clock: clock)
    }

    func entry(_ kind: BlackbookEntry.Kind, _ name: String, note: String? = nil) -> BlackbookEntry {
        BlackbookEntry(kind: kind, name: name, note: note, followedAt: clock.now())
    }

    /// Two races to come: R4 Addington (harness) in 10 minutes, R6 Randwick in an hour.
    func day() -> RacesToCome {
        let harness = Race.make("h4", number: 4, meeting: "Addington", category: .harness, startsIn: 600, from: clock)
        let gallop = Race.make("r6", number: 6, meeting: "Randwick", startsIn: 3600, from: clock)
        return RacesToCome(
            races: [harness, gallop],
            fields: [
                "h4": [LineupRunner(number: 11, name: "Crimson Tango", rider: "Casey Merriman", trainer: "Lee Varga")],
                "r6": [
                    LineupRunner(number: 2, name: "Brave Mistral", rider: "J. McDonald", trainer: "C Waller"),
                    LineupRunner(number: 5, name: "Velvet Lantern", rider: "Casey Merriman", trainer: "Lee Varga"),
                ],
            ])
    }

    func card(_ runners: [Runner]) -> ScreenSubject {
        let race = Race.make("r6", number: 6, meeting: "Randwick", startsIn: 3600, from: clock)
        return .race(race, card: RaceCard(raceID: "r6", runners: runners))
    }

    @Test("the book: engaged entries soonest first, each with its next run; the rest by name, not engaged")
    func ordersByNextRun() {
        let interactor = FakeBlackbookInteractor([
            entry(.runner, "Zephyr Gold"), entry(.runner, "Brave Mistral", note: "loves the wet"),
            entry(.rider, "casey merriman"), entry(.trainer, "Anne Other"),
        ])
        interactor.racesToCome = .success(day())
        presenter(interactor).show { #expect($0 == .success) }
        #expect(
            view.rows == [
                "1 casey merriman (driver) R4 Addington 6:16am (11 Crimson Tango) in 10m 0s",
                "2 Brave Mistral (runner) R6 Randwick 7:06am (no. 2) in 1h 0m loves the wet",
                "3 Anne Other (trainer)", "4 Zephyr Gold (runner)",
            ])
        #expect(view.displayed.last?.title == "Blackbook (4)")
        #expect(view.displayed.last?.footnote == nil)
    }

    @Test("cards not all read: the footnote says how many, and book again reads more")
    func footnote() {
        let interactor = FakeBlackbookInteractor([entry(.runner, "Brave Mistral")])
        var races = day()
        races = RacesToCome(races: races.races, fields: ["r6": races.fields["r6"]!])
        interactor.racesToCome = .success(races)
        presenter(interactor).show { _ in }
        #expect(view.displayed.last?.footnote?.hasPrefix("Cards read for 1 of 2 races to come") == true)
    }

    @Test("at a terminal the book is drawn after the first wait: runs found so far, the rest said as being read")
    func drawnBeforeTheCards() {
        let interactor = FakeBlackbookInteractor([entry(.runner, "Brave Mistral"), entry(.rider, "Casey Merriman")])
        interactor.holdsAnswers = true
        interactor.racesToCome = .success(day())
        let scheduler = ManualScheduler(clock: clock)
        let book = BlackbookPresenter(
            interactor: interactor, router: router, view: view, clock: clock, timeZone: LocalZone(identifier: "UTC")!,
            firstWait: 0.5, scheduler: scheduler)
        var results: [CommandResult] = []
        book.show { results.append($0) }
        scheduler.advance(by: 0.4)
        #expect(results.isEmpty && view.displayed.isEmpty)
        scheduler.advance(by: 0.1)
        #expect(results == [.success], "the prompt is back while the cards are read")
        #expect(view.displayed.last?.footnote == "Reading the races to come...")
        #expect(view.rows == ["1 Brave Mistral (runner)", "2 Casey Merriman (rider)"])
        guard case .entries(let rows)? = view.displayed.last?.content else {
            Issue.record("the book draws its entries")
            return
        }
        #expect(rows.map(\.withoutRun) == Array(repeating: BlackbookRowViewModel.stillLooking, count: 2))
        // The races are known and one card read: the live region draws the run found.
        interactor.soFar = RacesToCome(races: day().races, fields: ["r6": day().fields["r6"]!])
        book.showLive()
        #expect(view.displayed.last?.footnote == "Reading race cards for next runs: 1 of 2 races read so far...")
        #expect(view.rows.contains { $0.contains("Brave Mistral (runner) R6 Randwick") }, "\(view.rows)")
        interactor.release()
        book.showLive()
        #expect(results == [.success] && view.displayed.last?.footnote == nil)
        #expect(view.rows.first?.hasPrefix("1 Casey Merriman (driver) R4 Addington") == true, "\(view.rows)")
    }

    @Test("cards off in the run: no next run can be known, and the book says so, not that more can be read")
    func cardsOff() {
        let interactor = FakeBlackbookInteractor([entry(.runner, "Brave Mistral")])
        interactor.readsCards = false
        interactor.racesToCome = .success(RacesToCome(races: day().races, fields: [:]))
        let book = presenter(interactor)
        book.show { _ in }
        #expect(
            view.displayed.last?.footnote == "Race cards are off in this run (`--cards`), so no next run can be found.")
        guard case .entries(let rows)? = view.displayed.last?.content else {
            Issue.record("the book draws its entries")
            return
        }
        #expect(rows.map(\.withoutRun) == [BlackbookRowViewModel.notKnown])
        book.openNextRun(position: 1) { #expect($0 == .failure(.usage)) }
        #expect(view.errors.last == "Brave Mistral's next run not known: race cards are off in this run (`--cards`).")
    }

    @Test("a rider of a harness race is named its driver: on the card's follow, the book's unfollow and note")
    func driverInHarness() {
        let interactor = FakeBlackbookInteractor()
        let harness = Race.make("h4", number: 4, meeting: "Addington", category: .harness, startsIn: 600, from: clock)
        let runner = Runner(number: 11, name: "Crimson Tango", rider: "Casey Merriman")
        cardPresenter(interactor).follow(
            "rider 11", on: .race(harness, card: RaceCard(raceID: "h4", runners: [runner]))
        ) {
            #expect($0 == .success)
        }
        #expect(view.changes.last?.message.hasPrefix("Following Casey Merriman (driver).") == true)
        interactor.racesToCome = .success(day())
        let book = presenter(interactor)
        book.show { _ in }
        book.note("1 sharp") { _ in }
        #expect(view.changes.last?.message == "Noted on Casey Merriman (driver).")
        book.unfollow(position: 1) { _ in }
        #expect(view.changes.last?.message == "No longer following Casey Merriman (driver).")
    }

    @Test("a next run that jumped since the look is no longer shown as next")
    func jumpedSinceLook() {
        let interactor = FakeBlackbookInteractor([entry(.rider, "Casey Merriman")])
        interactor.racesToCome = .success(day())
        let book = presenter(interactor)
        book.show { _ in }
        clock.advance(by: 601)
        book.showLive()
        #expect(view.rows == ["1 Casey Merriman (rider) R6 Randwick 7:06am (5 Velvet Lantern) in 49m 59s"])
    }

    @Test("empty book says how to follow")
    func empty() {
        presenter(FakeBlackbookInteractor()).show { _ in }
        #expect(view.displayed.last?.content == .empty(message: BlackbookPresenter.emptyMessage))
    }

    @Test("unfollow N removes entry N as drawn; note N TEXT keeps it, and no text clears it")
    func unfollowAndNote() {
        let interactor = FakeBlackbookInteractor([entry(.runner, "Brave Mistral"), entry(.trainer, "Lee Varga")])
        interactor.racesToCome = .success(day())
        let book = presenter(interactor)
        book.show { _ in }
        book.note(" 2   first up  ") { #expect($0 == .success) }
        #expect(interactor.list.items.first { $0.name == "Brave Mistral" }?.note == "first up")
        book.note("2") { _ in }
        #expect(interactor.list.items.first { $0.name == "Brave Mistral" }?.note == nil)
        book.unfollow(position: 1) { #expect($0 == .success) }
        #expect(interactor.list.items.map(\.name) == ["Brave Mistral"])
        #expect(view.changes.map(\.message).last == "No longer following Lee Varga (trainer).")
        book.unfollow(position: 3) { #expect($0 == .failure(.usage)) }
        #expect(view.errors.last == "There is no entry 3 in the blackbook; choose 1.")
        book.note("first up") { #expect($0 == .failure(.usage)) }
        #expect(view.errors.last == "Usage: note N TEXT, where N is an entry's number in the blackbook.")
    }

    @Test("a note is bounded in bytes: one letter with 600,000 accents is refused, and nothing is saved")
    func zalgoNote() {
        let interactor = FakeBlackbookInteractor([entry(.runner, "Brave Mistral")])
        let book = presenter(interactor)
        book.show { _ in }
        book.note("1 e" + String(repeating: "\u{301}", count: 600_000)) { #expect($0 == .failure(.usage)) }
        #expect(
            view.errors.last
                == "A note is at most 2000 bytes (a letter takes 1 to 4, and each accent on it 2 or 3 more); this one is 1200001; nothing was noted."
        )
        #expect(interactor.list.changes.count == 0)
        book.note("1 " + String(repeating: "é", count: 1_000)) { #expect($0 == .success) }
        #expect(interactor.list.items.first?.note?.utf8.count == 2_000)
    }

    @Test("note N on a book drawn before another copy unfollowed N: the unfollow stands, and the note says so")
    func noteAfterUnfollowElsewhere() throws {
        let trainer = entry(.trainer, "Lee Varga")
        let interactor = FakeBlackbookInteractor([entry(.runner, "Brave Mistral"), trainer])
        interactor.racesToCome = .success(day())
        let book = presenter(interactor)
        book.show { _ in }
        #expect(view.rows.first?.hasPrefix("1 Lee Varga (trainer)") == true)
        // Another copy of the app unfollows Lee Varga; this copy's book is as it was drawn.
        _ = try interactor.list.apply(.remove([trainer.id]))
        book.note("1 sharp") { #expect($0 == .failure(.usage)) }
        #expect(interactor.list.items.map(\.name) == ["Brave Mistral"])
        #expect(
            view.errors.last
                == "Lee Varga (trainer) is no longer followed: it was unfollowed after this book was drawn, so nothing was noted. `book` draws it as it is now."
        )
        #expect(view.changes.isEmpty)
    }

    @Test("show N opens entry N's next run; one not engaged has nothing to open")
    func openNextRun() {
        let interactor = FakeBlackbookInteractor([entry(.runner, "Brave Mistral"), entry(.runner, "Nobody")])
        interactor.racesToCome = .success(day())
        let book = presenter(interactor)
        book.show { _ in }
        router.expectNavigation()
        book.openNextRun(position: 1) { _ in }
        #expect(router.opened.map(\.id) == ["r6"])
        book.openNextRun(position: 2) { #expect($0 == .failure(.usage)) }
        #expect(view.errors.last == "Nobody is not engaged today; there is no race to open.")
    }

    @Test("follow on a card: runner, rider, trainer by number; its race is noted at once")
    func follow() {
        let interactor = FakeBlackbookInteractor()
        let book = cardPresenter(interactor)
        let subject = card([
            Runner(number: 2, name: "Brave Mistral", rider: "J McDonald", trainer: "C Waller")
        ])
        book.follow("2", on: subject) { #expect($0 == .success) }
        book.follow("rider 2", on: subject) { _ in }
        book.follow("Trainer  2", on: subject) { _ in }
        #expect(
            interactor.list.items.map(\.id) == [
                "runner:brave mistral@horse/", "rider:j mcdonald@horse/", "trainer:c waller@horse/",
            ])
        #expect(interactor.learned == ["r6", "r6", "r6"])
        book.follow("jockey 2", on: subject) { _ in }
        #expect(view.changes.last?.message == "Already following J McDonald (rider). `book` lists who you follow.")
        #expect(interactor.list.items.count == 3)
    }

    @Test("follow keys the entry on the card's code and country; the same name elsewhere is another entry")
    func followKeysOnCodeAndCountry() {
        let interactor = FakeBlackbookInteractor()
        let book = cardPresenter(interactor)
        let runner = Runner(number: 2, name: "Brave Mistral", rider: "J McDonald")
        let randwick = Race.make("r6", number: 6, meeting: "Randwick", country: "AUS", startsIn: 3600, from: clock)
        let ascot = Race.make("a1", meeting: "Ascot", country: "UK", startsIn: 600, from: clock)
        book.follow("2", on: .race(randwick, card: RaceCard(raceID: "r6", runners: [runner]))) { _ in }
        book.follow("rider 2", on: .race(randwick, card: RaceCard(raceID: "r6", runners: [runner]))) { _ in }
        #expect(interactor.list.items.map(\.category) == [.horse, .horse])
        #expect(interactor.list.items.map(\.country) == ["AUS", "AUS"])
        #expect(view.changes.last?.category == .horse && view.changes.last?.country == "AUS")
        // Its namesake in Britain is not already followed: following it makes a second entry.
        book.follow("2", on: .race(ascot, card: RaceCard(raceID: "a1", runners: [runner]))) { _ in }
        #expect(view.changes.last?.message.hasPrefix("Following Brave Mistral.") == true)
        #expect(
            interactor.list.items.map(\.id) == [
                "runner:brave mistral@horse/AUS", "rider:j mcdonald@horse/AUS", "runner:brave mistral@horse/UK",
            ])
        // Unfollowing it there leaves the Australian one.
        book.unfollow("2", on: .race(ascot, card: RaceCard(raceID: "a1", runners: [runner]))) { _ in }
        #expect(interactor.list.items.count == 2)
        #expect(interactor.learned == ["r6", "r6", "a1"])
    }

    @Test("the book finds a keyed entry's next run in its own code and country, past namesakes sooner elsewhere")
    func nextRunInOwnCodeAndCountry() {
        let horse = RunnerPlace(code: .horse, country: "AUS")
        let interactor = FakeBlackbookInteractor([
            BlackbookEntry(kind: .runner, name: "Brave Mistral", followedAt: clock.now(), at: horse),
            BlackbookEntry(kind: .rider, name: "J McDonald", followedAt: clock.now(), at: horse),
            entry(.trainer, "C Waller"),
        ])
        let namesake = [LineupRunner(number: 7, name: "Brave Mistral", rider: "J McDonald", trainer: "C Waller")]
        let dogs = Race.make(
            "g1", meeting: "The Meadows", category: .greyhound, country: "AUS", startsIn: 300, from: clock)
        let ascot = Race.make("a1", meeting: "Ascot", country: "UK", startsIn: 400, from: clock)
        let trots = Race.make("h1", meeting: "Menangle", category: .harness, country: "AUS", startsIn: 500, from: clock)
        let randwick = Race.make("r6", number: 6, meeting: "Randwick", country: "AUS", startsIn: 3600, from: clock)
        interactor.racesToCome = .success(
            RacesToCome(
                races: [dogs, ascot, trots, randwick],
                fields: [
                    "g1": namesake, "a1": namesake, "h1": namesake,
                    "r6": [LineupRunner(number: 2, name: "Brave Mistral", rider: "J. McDonald", trainer: "C Waller")],
                ]))
        presenter(interactor).show { #expect($0 == .success) }
        #expect(
            view.rows == [
                // An entry saved before entries kept a code and a country: its name anywhere, the soonest.
                "1 C Waller (trainer) R1 The Meadows 6:11am (7 Brave Mistral) in 5m 0s",
                "2 Brave Mistral (runner) R6 Randwick 7:06am (no. 2) in 1h 0m",
                "3 J McDonald (rider) R6 Randwick 7:06am (2 Brave Mistral) in 1h 0m",
            ])
        guard case .entries(let rows)? = view.displayed.last?.content else { return }
        #expect(rows.map(\.category) == [nil, .horse, .horse])
        #expect(rows.map(\.country) == [nil, "AUS", "AUS"])
    }

    @Test("an entry saved before entries kept a code and a country already follows the runner; unfollow removes it")
    func oldEntryOnCard() {
        let interactor = FakeBlackbookInteractor([entry(.runner, "Brave Mistral", note: "loves the wet")])
        let book = cardPresenter(interactor)
        let subject = card([Runner(number: 2, name: "Brave Mistral")])
        book.follow("2", on: subject) { #expect($0 == .success) }
        #expect(view.changes.last?.message == "Already following Brave Mistral. `book` lists who you follow.")
        #expect(interactor.list.items.map(\.id) == ["runner:brave mistral"])
        book.unfollow("2", on: subject) { #expect($0 == .success) }
        #expect(interactor.list.items.isEmpty)
    }

    @Test("follow's mistakes: no card, no such runner, no rider named, words it does not take")
    func followMistakes() {
        let interactor = FakeBlackbookInteractor()
        let book = cardPresenter(interactor)
        let subject = card([Runner(number: 2, name: "Brave Mistral"), Runner(number: 4, name: "Quiet Banjo")])
        for (words, message) in [
            ("9", "No runner 9 in this race; the field is 2-4."),
            ("rider 2", "The card names no rider for runner 2."),
            (
                "owner 2",
                "Usage: follow N, follow rider N or follow trainer N, where N is a runner's number on this card."
            ),
            ("2 3", "Usage: follow N, follow rider N or follow trainer N, where N is a runner's number on this card."),
        ] {
            book.follow(words, on: subject) { #expect($0 == .failure(.usage)) }
            #expect(view.errors.last == message)
        }
        book.follow("2", on: nil) { #expect($0 == .failure(.usage)) }
        #expect(view.errors.last == "`follow` works on a race's card: open one with `show N` first.")
        #expect(interactor.list.items.isEmpty)
    }

    @Test("unfollow on a card: only what is followed")
    func unfollowOnCard() {
        let interactor = FakeBlackbookInteractor([entry(.runner, "Brave Mistral")])
        let book = cardPresenter(interactor)
        let subject = card([Runner(number: 2, name: "BRAVE MISTRAL", rider: "J McDonald")])
        book.unfollow("rider 2", on: subject) { #expect($0 == .failure(.usage)) }
        #expect(view.errors.last == "You do not follow J McDonald (rider).")
        book.unfollow("2", on: subject) { #expect($0 == .success) }
        #expect(interactor.list.items.isEmpty)
    }

    @Test("a store that cannot save: the error, and nothing said to have changed")
    func storeFails() {
        let interactor = FakeBlackbookInteractor()
        interactor.list.fail(
            with: KeptListError(things: "blackbook entries", location: "/d/blackbook.json", reason: "disk full"))
        cardPresenter(interactor).follow("2", on: card([Runner(number: 2, name: "Brave Mistral")])) {
            #expect($0 == .failure(.cannotSave))
        }
        #expect(view.changes.isEmpty)
        #expect(
            view.errors.last
                == "Could not update blackbook entries in /d/blackbook.json: disk full. Nothing saved was lost.")
        presenter(interactor).show { #expect($0 == .failure(.cannotSave)) }
    }
}
