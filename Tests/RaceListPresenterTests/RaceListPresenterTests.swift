import Core
import Foundation
import Platform
import RaceData
import RaceListInteractor
import RaceListPresenter
import RaceListTestSupport
import RaceListView
import TestSupport
import Testing

@MainActor
@Suite("Race list presenter")
struct RaceListPresenterTests {
    let clock = ManualClock()
    let interactor = FakeRaceListInteractor()
    let view = FakeRaceListView()
    let router = FakeRaceListRouter()
    let log = CompletionLog()
    let scheduler: ManualScheduler
    let presenter: RaceListPresenter

    init() {
        scheduler = ManualScheduler(clock: clock)
        presenter = RaceListPresenter(
            interactor: interactor, router: router, view: view, clock: clock, scheduler: scheduler,
            refreshPolicy: .standard, timeZone: LocalZone(identifier: "Australia/Sydney")!)
    }

    private func race(
        _ id: String, _ seconds: TimeInterval, _ category: RaceCategory = .horse, meeting: String? = nil,
        number: Int = 1
    ) -> Race {
        Race.make(id, number: number, meeting: meeting ?? id, category: category, startsIn: seconds, from: clock)
    }

    /// Starts the presenter and answers its first fetch.
    private func load(_ races: [Race]) {
        presenter.start()
        interactor.answer(races)
    }

    private var shownMeetings: [String] {
        guard case .races(let rows)? = view.last?.content else { return [] }
        return rows.map(\.meetingName)
    }

    // MARK: - Ordering and size

    @Test("at most five races, ascending by start")
    func fiveAscending() {
        load([race("f", 500), race("a", 100), race("g", 600), race("c", 300), race("b", 200), race("d", 400)])
        presenter.showList(completion: log.callback)
        #expect(shownMeetings == ["a", "b", "c", "d", "f"])
        #expect(log.results == [.success])
    }

    @Test("a race its card says was abandoned takes no place on the board, which names it; list all says Abandoned")
    func abandoned() {
        load([race("a", 100), race("b", 200)])
        interactor.abandonedRaceIDs = ["a"]
        presenter.showList(completion: log.callback)
        #expect(view.lastRows == ["R1 b 3m 20s"])
        #expect(view.displayed.last?.footnote?.contains("Abandoned: R1 a.") == true)
        presenter.showAll(completion: log.callback)
        guard case .sections(let sections)? = view.last?.content else {
            Issue.record("list all draws sections")
            return
        }
        #expect(sections.flatMap(\.rows).map(\.countdown) == ["Abandoned", "3m 20s"])
    }

    @Test("equal favourites: the board's price says so, as wide as a lone favourite's")
    func equalFavourites() {
        load([race("a", 100), race("b", 200)])
        interactor.marketFavourites = [
            "a": MarketFavourite(runnerNumbers: [5, 3], price: 3.3)!,
            "b": MarketFavourite(runnerNumber: 2, price: 3.3)!,
        ]
        presenter.showList(completion: log.callback)
        guard case .races(let rows)? = view.last?.content else {
            Issue.record("the board draws rows")
            return
        }
        #expect(rows.map(\.marketFavouritePrice) == ["EqF 3.30", "Fav 3.30"])
        #expect(rows.first?.marketFavourite?.runnerNumbers == [3, 5])
    }

    @Test("each row carries its market favourite's price until the jump; none for an unknown market or abandoned race")
    func marketFavourites() {
        load([race("a", 100), race("b", 200), race("c", 300)])
        interactor.marketFavourites = [
            "a": MarketFavourite(runnerNumber: 4, price: 2.6)!, "c": MarketFavourite(runnerNumber: 1, price: 21)!,
        ]
        presenter.showList(completion: log.callback)
        guard case .races(let rows)? = view.last?.content else {
            Issue.record("the board draws rows")
            return
        }
        #expect(rows.map(\.marketFavouritePrice) == ["Fav 2.60", nil, "Fav 21.00"])
        #expect(rows.first?.marketFavourite == MarketFavourite(runnerNumber: 4, price: 2.6))
        // The market closes at the jump; an abandoned race's market is no market.
        clock.advance(by: 100)
        interactor.abandonedRaceIDs = ["c"]
        presenter.showAll(completion: log.callback)
        guard case .sections(let sections)? = view.last?.content else {
            Issue.record("list all draws sections")
            return
        }
        #expect(sections.flatMap(\.rows).map(\.marketFavouritePrice) == [nil, nil, nil])
    }

    @Test("list all: a meeting's next race day (its numbers starting again) is a section of its own")
    func nextRaceDayApart() {
        load([
            race("s9", 600, meeting: "Santa Anita", number: 9), race("s1", 40_000, meeting: "Santa Anita", number: 1),
            race("s2", 42_000, meeting: "Santa Anita", number: 2), race("r5", 900, meeting: "Randwick", number: 5),
        ])
        presenter.showAll(completion: log.callback)
        guard case .sections(let sections)? = view.last?.content else {
            Issue.record("list all draws sections")
            return
        }
        // 11:40 in Sydney: the second Santa Anita day is still the viewer's day, after Randwick's race.
        #expect(sections.map(\.rows.count) == [1, 1, 2])
        #expect(sections[0].heading == "Santa Anita")
        #expect(sections[1].heading == "Randwick")
        #expect(sections[2].heading == "Santa Anita · next race day")
        #expect(sections.flatMap(\.rows).map(\.position) == [1, 2, 3, 4])
    }

    @Test("list all: a meeting sits whole under its own date, at its venue, though the viewer's midnight cuts it")
    func meetingNeverSplitAcrossDays() throws {
        // 11:40am Tuesday 27 May 2025 in Sydney. Cannington (Perth) races 7pm to 10:30pm on its Tuesday: 9pm to
        // 12:30am Wednesday in Sydney. Randwick races on Sydney's Wednesday.
        func venueRace(_ id: String, _ meeting: String, state: String, number: Int, in seconds: TimeInterval) -> Race {
            Race(
                id: id, number: number, meetingName: meeting, category: .greyhound,
                advertisedStart: clock.now().addingTimeInterval(seconds),
                venue: Venue(name: meeting, state: state, country: "AUS"))
        }
        let cannington = (1...8).map {
            venueRace("c\($0)", "Cannington", state: "WA", number: $0, in: 33_600 + Double($0 - 1) * 1_800)
        }
        let randwick = [venueRace("r1", "Randwick", state: "NSW", number: 1, in: 89_400)]
        load(cannington + randwick)
        presenter.showAll(completion: log.callback)
        guard case .sections(let sections)? = view.last?.content else {
            Issue.record("list all draws sections")
            return
        }
        #expect(sections.map(\.heading) == ["Cannington · WA, AUS", "Randwick · NSW, AUS"])
        #expect(sections.map(\.day) == ["Tuesday 27 May 2025", "Wednesday 28 May 2025"])
        #expect(sections.map(\.date) == ["2025-05-27", "2025-05-28"])
        #expect(sections[0].rows.map(\.raceNumber) == (1...8).map { "R\($0)" }, "every race under one heading")
        #expect(sections.flatMap(\.rows).map(\.position) == Array(1...9))
        #expect(sections[0].rows.last?.startTime == "12:30am", "its last race after Sydney's midnight")
    }

    @Test("list all: the day before the viewer's today is named yesterday")
    func yesterdayNamed() {
        // 11:40am Tuesday in Sydney: Santa Anita's Monday card (California) is still racing.
        let santaAnita = (1...2).map { number in
            Race(
                id: "s\(number)", number: number, meetingName: "Santa Anita", category: .horse,
                advertisedStart: clock.now().addingTimeInterval(Double(number) * 1_800),
                venue: Venue(name: "Santa Anita", state: "CA", country: "USA"))
        }
        let randwick = Race(
            id: "r1", number: 1, meetingName: "Randwick", category: .horse,
            advertisedStart: clock.now().addingTimeInterval(7_200), venue: Venue(state: "NSW", country: "AUS"))
        load(santaAnita + [randwick])
        presenter.showAll(completion: log.callback)
        guard case .sections(let sections)? = view.last?.content else {
            Issue.record("list all draws sections")
            return
        }
        #expect(sections.map(\.day) == ["Yesterday, Monday 26 May 2025", "Tuesday 27 May 2025"])
        #expect(sections.map(\.heading) == ["Santa Anita · CA, USA", "Randwick · NSW, AUS"])
    }

    @Test("list all: races of one day, the viewer's today, have no day heading")
    func oneDayNoHeading() {
        load([
            Race(
                id: "r1", number: 1, meetingName: "Randwick", category: .horse,
                advertisedStart: clock.now().addingTimeInterval(600), venue: Venue(state: "NSW", country: "AUS")),
            race("x", 900),
        ])
        presenter.showAll(completion: log.callback)
        guard case .sections(let sections)? = view.last?.content else {
            Issue.record("list all draws sections")
            return
        }
        #expect(sections.map(\.day) == [nil, nil])
        #expect(sections.map(\.date) == ["2025-05-27", "2025-05-27"])
    }

    @Test("in its last minute a race says how it stands beside its seconds: Closed, then Interim and Final 2-4-7")
    func standingOnTheBoard() {
        load([race("a", -30), race("b", 200)])
        interactor.standings = [
            "a": RaceStanding(status: .interim, placings: [2, 4, 7]), "b": RaceStanding(status: .closed),
        ]
        presenter.showList(completion: log.callback)
        #expect(view.lastRows == ["R1 a Interim 2-4-7 -30s", "R1 b 3m 20s"], "only once it has jumped")
        interactor.standings["a"] = RaceStanding(status: .final, placings: [2, 4, 7])
        presenter.showList(completion: log.callback)
        #expect(view.lastRows.first == "R1 a Final 2-4-7 -30s")
        guard case .races(let unnamed)? = view.last?.content else {
            Issue.record("a board of races")
            return
        }
        #expect(unnamed.first?.winner == nil, "no name told: none shown")
        interactor.standings["a"] = RaceStanding(status: .final, placings: [2, 4, 7], names: ["Ace", "Bo", "Cy"])
        presenter.showList(completion: log.callback)
        guard case .races(let named)? = view.last?.content else {
            Issue.record("a board of races")
            return
        }
        #expect(named.map(\.winner) == ["Ace", nil], "the winner's name in its last minute; none before the jump")
    }

    @Test("a bare alert says how alerts stand and changes nothing; what is kept stays as it was")
    func bareAlert() {
        presenter.setAlert(.minutes(5), completion: log.callback)
        presenter.setAlert(nil, completion: log.callback)
        #expect(
            view.messages.suffix(2)
                == Array(
                    repeating:
                        "Alerts on: 5 min before a favourite or a followed runner's race starts, as it jumps, and with its result.",
                    count: 2
                ))
        presenter.setAlert(.off, completion: log.callback)
        presenter.setAlert(nil, completion: log.callback)
        #expect(view.messages.last == "Alerts off.")
    }

    @Test("ties break by meeting name, then race number")
    func tieBreaks() {
        load([
            race("1", 300, meeting: "Casino", number: 10),
            race("2", 300, meeting: "albion Park", number: 3),
            race("3", 300, meeting: "Casino", number: 2),
            race("4", 200, meeting: "Zeta", number: 9),
        ])
        presenter.showList(completion: log.callback)
        #expect(view.lastRows == ["R9 Zeta 3m 20s", "R3 albion Park 5m 0s", "R2 Casino 5m 0s", "R10 Casino 5m 0s"])
    }

    @Test("rows carry position, category, race number, countdown, and the local start and place for wide windows")
    func rowContents() throws {
        let casino = race("a", 245, .greyhound, meeting: "Casino", number: 10)
        load([casino])
        presenter.showList(completion: log.callback)
        guard case .races(let rows)? = view.last?.content else {
            Issue.record("expected rows")
            return
        }
        let row = try #require(rows.first)
        #expect(
            row
                == RaceRowViewModel(
                    position: 1, category: .greyhound, raceNumber: "R10", meetingName: "Casino", countdown: "4m 5s",
                    urgency: .soon, race: casino, secondsToStart: 245, startTime: "11:44am", place: nil))
        #expect(view.last?.title == "Next to Go")
        #expect(view.last?.filterSummary == "all categories")
    }

    // MARK: - Countdown

    @Test(
        "countdown text and urgency at the boundaries",
        arguments: [
            (3600.0, "1h 0m", CountdownUrgency.later),
            (3599, "59m 59s", .later),
            (300, "5m 0s", .later),
            (299, "4m 59s", .soon),
            (60, "1m 0s", .soon),
            (59, "59s", .imminent),
            (1, "1s", .imminent),
            (0, "0s", .started),
            (-59, "-59s", .started),
        ])
    // Seconds as Double: with Platform and Foundation both imported, a parameterised @Test cannot name
    // TimeInterval (Modules/Platform/Exports.swift says why).
    func countdownBoundaries(seconds: Double, text: String, urgency: CountdownUrgency) {
        load([race("a", seconds)])
        presenter.showList(completion: log.callback)
        guard case .races(let rows)? = view.last?.content else {
            Issue.record("expected rows at \(seconds)s")
            return
        }
        #expect(rows.map(\.countdown) == [text])
        #expect(rows.map(\.urgency) == [urgency])
    }

    @Test("the countdown follows the clock between renders")
    func countsDown() {
        load([race("a", 65)])
        presenter.showList(completion: log.callback)
        clock.advance(by: 10)
        presenter.showList(completion: log.callback)
        clock.advance(by: 55)
        presenter.showList(completion: log.callback)
        clock.advance(by: 20)
        presenter.showList(completion: log.callback)
        let countdowns = view.displayed.compactMap { model -> String? in
            guard case .races(let rows) = model.content else { return nil }
            return rows.first?.countdown
        }
        #expect(countdowns == ["1m 5s", "55s", "0s", "-20s"])
    }

    // MARK: - Expiry and refill

    @Test("a race stays until 60 s after its start, then goes, and the list refills")
    func expiryAt60Seconds() {
        let races = (0..<7).map { race("r\($0)", Double($0) * 60 + 10) }
        load(races)
        clock.advance(by: 10 + 59)  // r0 started 59 s ago
        presenter.showList(completion: log.callback)
        #expect(shownMeetings == ["r0", "r1", "r2", "r3", "r4"])
        #expect(view.lastRows.first == "R1 r0 -59s")

        clock.advance(by: 1)  // r0 started exactly 60 s ago
        presenter.showList(completion: log.callback)
        #expect(shownMeetings == ["r1", "r2", "r3", "r4", "r5"])
        #expect(interactor.refreshCount == 1)
    }

    @Test("when expiry leaves fewer than five, it refetches and draws the fresh list")
    func refetchWhenShort() {
        load((0..<5).map { race("r\($0)", Double($0) * 60) })
        clock.advance(by: 60)
        presenter.showList(completion: log.callback)
        #expect(interactor.refreshCount == 2)
        #expect(log.results.isEmpty, "the command waits for the refetch")

        interactor.answer((1..<7).map { race("r\($0)", Double($0) * 60 - 60) })
        #expect(log.results == [.success])
        #expect(shownMeetings == ["r1", "r2", "r3", "r4", "r5"])
    }

    @Test("a short feed is not refetched on every render, only after expiry")
    func noRefetchLoop() {
        load([race("a", 100), race("b", 200)])
        presenter.showList(completion: log.callback)
        presenter.showList(completion: log.callback)
        #expect(interactor.refreshCount == 1)
        #expect(log.results == [.success, .success])
    }

    @Test("races already expired when a feed arrives are dropped without a refetch")
    func expiredOnArrival() {
        load([race("old", -61), race("a", 100)])
        presenter.showList(completion: log.callback)
        #expect(shownMeetings == ["a"])
        #expect(interactor.refreshCount == 1)
    }

    // MARK: - Filter

    private func loadMixed() {
        load([
            race("h1", 100, .horse), race("g1", 110, .greyhound), race("t1", 120, .harness),
            race("h2", 130, .horse), race("g2", 140, .greyhound), race("t2", 150, .harness),
            race("h3", 160, .horse), race("g3", 170, .greyhound), race("t3", 180, .harness),
            race("h4", 190, .horse), race("h5", 200, .horse), race("h6", 210, .horse),
        ])
    }

    @Test("a filter shows the next five of that category")
    func singleFilter() {
        loadMixed()
        presenter.change(.toggle([.horse]), completion: log.callback)
        #expect(shownMeetings == ["h1", "h2", "h3", "h4", "h5"])
        #expect(view.last?.filterSummary == "horse")
    }

    @Test("several categories may be on at once")
    func combinedFilter() {
        loadMixed()
        presenter.change(.toggle([.greyhound, .harness]), completion: log.callback)
        #expect(shownMeetings == ["g1", "t1", "g2", "t2", "g3"])
        #expect(view.last?.filterSummary == "greyhound, harness")
    }

    @Test("filtering a category again turns it off; none on means all")
    func toggleOff() {
        loadMixed()
        presenter.change(.toggle([.horse]), completion: log.callback)
        presenter.change(.toggle([.greyhound]), completion: log.callback)
        #expect(view.last?.filterSummary == "horse, greyhound")
        presenter.change(.toggle([.horse]), completion: log.callback)
        #expect(shownMeetings == ["g1", "g2", "g3"])
        presenter.change(.toggle([.greyhound]), completion: log.callback)
        #expect(shownMeetings == ["h1", "g1", "t1", "h2", "g2"])
        #expect(view.last?.filterSummary == "all categories")
    }

    @Test("all three on shows the same as none")
    func allThree() {
        loadMixed()
        presenter.change(.toggle([.horse, .greyhound, .harness]), completion: log.callback)
        #expect(shownMeetings == ["h1", "g1", "t1", "h2", "g2"])
        #expect(view.last?.filterSummary == "horse, greyhound, harness")
    }

    @Test("filter clear turns every category off")
    func clear() {
        loadMixed()
        presenter.change(.toggle([.harness, .greyhound]), completion: log.callback)
        presenter.change(.clearFilter, completion: log.callback)
        #expect(view.last?.filterSummary == "all categories")
        #expect(shownMeetings == ["h1", "g1", "t1", "h2", "g2"])
    }

    @Test("expiry refills a filtered board from the same category")
    func filteredRefill() {
        loadMixed()
        presenter.change(.toggle([.harness]), completion: log.callback)
        #expect(shownMeetings == ["t1", "t2", "t3"])
        clock.advance(by: 120 + 60)  // t1 expires
        presenter.showList(completion: log.callback)
        #expect(interactor.refreshCount == 2, "fewer than five harness races remain")
        interactor.answer([race("t2", -30, .harness), race("t3", 0, .harness), race("t4", 100, .harness)])
        #expect(shownMeetings == ["t2", "t3", "t4"])
    }

    // MARK: - States

    @Test("loading while the first fetch is out, then loaded")
    func loadingThenLoaded() {
        presenter.start()
        presenter.showList(completion: log.callback)
        #expect(view.last?.content == .loading(source: "file races.json"))
        #expect(log.results.isEmpty)
        interactor.answer([race("a", 100)])
        #expect(shownMeetings == ["a"])
        #expect(log.results == [.success])
        #expect(interactor.refreshCount == 1)
    }

    @Test("start fetches once and draws nothing")
    func startIsQuiet() {
        presenter.start()
        presenter.start()
        #expect(interactor.refreshCount == 1)
        interactor.answer([race("a", 100)])
        #expect(view.displayed.isEmpty)
    }

    @Test("empty feed: 'No upcoming races'")
    func empty() {
        load([])
        presenter.showList(completion: log.callback)
        #expect(view.last?.content == .empty(message: "No upcoming races."))
        #expect(log.results == [.success])
    }

    @Test("empty under a filter names the filter")
    func emptyFiltered() {
        load([race("h", 100, .horse)])
        presenter.change(.toggle([.greyhound, .harness]), completion: log.callback)
        #expect(
            view.last?.content
                == .empty(
                    message: "No upcoming races for greyhound, harness. Type `filter clear` to see every category."))
    }

    @Test("error: message naming the source, the retry hint, and the error's exit status")
    func errorState() {
        let error = RaceDataError.unavailable(source: "file races.json", reason: "no such file")
        presenter.start()
        presenter.showList(completion: log.callback)
        interactor.answer(.failure(error))
        #expect(
            view.last?.content
                == .error(
                    message: "Could not read races from file races.json: no such file.",
                    hint: "Type `refresh` to retry."))
        #expect(log.results == [.failure(.unavailable)])
    }

    @Test("refresh after an error recovers")
    func retry() {
        presenter.start()
        interactor.answer(.failure(.invalidFeed(source: "file races.json", reason: "it is empty")))
        presenter.refresh(completion: log.callback)
        #expect(interactor.refreshCount == 2)
        interactor.answer([race("a", 100)])
        #expect(shownMeetings == ["a"])
        #expect(log.results == [.success])
    }

    @Test("refresh while a fetch is out joins it instead of asking again")
    func refreshJoins() {
        presenter.start()
        presenter.refresh(completion: log.callback)
        presenter.refresh(completion: log.callback)
        #expect(interactor.refreshCount == 1)
        interactor.answer([race("a", 100)])
        #expect(log.results == [.success, .success])
        #expect(view.displayed.filter { if case .races = $0.content { true } else { false } }.count == 2)
    }

    @Test("refresh brings the new feed's races; one it no longer lists stays until its minute is up")
    func refreshReplaces() {
        load([race("a", 100)])
        presenter.refresh(completion: log.callback)
        interactor.answer([race("b", 50), race("c", 70)])
        #expect(shownMeetings == ["b", "c", "a"])
        clock.advance(by: 160)
        presenter.refresh(completion: log.callback)
        interactor.answer([race("d", 50)])
        #expect(shownMeetings == ["d"], "b, c and a have all had their minute")
    }

    @Test("races the feed left out are mentioned under the board")
    func skippedFootnote() {
        presenter.start()
        interactor.answer(
            .success(
                RaceFeed(
                    races: [race("a", 100)],
                    skipped: [
                        SkippedRace(key: "x", reason: "unknown category_id 123"),
                        SkippedRace(key: "y", reason: "missing race_id"),
                    ])))
        presenter.showList(completion: log.callback)
        #expect(
            view.last?.footnote
                == "Only 1 race to come in the feed. 2 races in the feed were left out (first: unknown category_id 123)."
        )
    }

    // MARK: - Favourites and navigation

    @Test("fav N toggles race N of the board and the board marks it")
    func favouriteMarker() {
        load([race("a", 100), race("b", 200), race("c", 300)])
        presenter.showList(completion: log.callback)
        presenter.toggleFavourite(position: 2, completion: log.callback)
        #expect(interactor.favourites.ids == ["b"])
        guard case .races(let rows)? = view.last?.content else {
            Issue.record("expected rows")
            return
        }
        #expect(rows.map(\.isFavourite) == [false, true, false])
        presenter.toggleFavourite(position: 2, completion: log.callback)
        #expect(interactor.favourites.ids.isEmpty)
        #expect(log.results == [.success, .success, .success])
    }

    @Test("N refers to the board as last drawn, even under a filter")
    func positionsFollowTheBoard() {
        load([race("h", 100, .horse), race("g", 200, .greyhound)])
        presenter.change(.toggle([.greyhound]), completion: log.callback)
        router.expectNavigation()
        presenter.openRace(position: 1, completion: log.callback)
        #expect(router.opened.map(\.id) == ["g"])
    }

    @Test("show N before any board was drawn uses the board as it would be drawn")
    func showBeforeList() {
        presenter.start()
        router.expectNavigation()
        presenter.openRace(position: 2, completion: log.callback)
        #expect(router.opened.isEmpty, "waits for the first fetch")
        interactor.answer([race("a", 100), race("b", 200)])
        #expect(router.opened.map(\.id) == ["b"])
        #expect(log.results == [.success])
    }

    @Test("a race that left the board since it was drawn still opens (its sheet says it has gone)")
    func showExpired() {
        load([race("a", 10), race("b", 200), race("c", 300), race("d", 400), race("e", 500), race("f", 600)])
        presenter.showList(completion: log.callback)
        clock.advance(by: 75)
        router.expectNavigation()
        presenter.openRace(position: 1, completion: log.callback)
        #expect(router.opened.map(\.id) == ["a"])
    }

    @Test("positions off the board are usage errors naming the range")
    func badPositions() {
        load([race("a", 100), race("b", 200)])
        presenter.showList(completion: log.callback)
        presenter.openRace(position: 3, completion: log.callback)
        presenter.toggleFavourite(position: 0, completion: log.callback)
        presenter.openRace(position: -1, completion: log.callback)
        #expect(
            view.commandErrors == [
                "There is no race 3 on the board; choose 1 to 2.",
                "There is no race 0 on the board; choose 1 to 2.",
                "There is no race -1 on the board; choose 1 to 2.",
            ])
        #expect(log.results == [.success, .failure(.usage), .failure(.usage), .failure(.usage)])
        #expect(router.opened.isEmpty)
        #expect(interactor.favourites.toggled.isEmpty)
    }

    @Test("an empty board has nothing to show")
    func emptyBoardPositions() {
        load([])
        presenter.openRace(position: 1, completion: log.callback)
        #expect(view.commandErrors == ["The board is empty; there is no race to show."])
    }

    @Test("with no data at all, show N repeats the load error")
    func positionsAfterError() {
        presenter.start()
        interactor.answer(.failure(.unavailable(source: "file races.json", reason: "no such file")))
        presenter.toggleFavourite(position: 1, completion: log.callback)
        #expect(
            view.commandErrors == ["Could not read races from file races.json: no such file. Type `refresh` to retry."])
        #expect(log.results == [.failure(.unavailable)])
    }

    @Test("markers are re-read before every draw, so changes made elsewhere show")
    func markersFollowTheStore() {
        let races = [race("a", 100), race("b", 200)]
        load(races)
        presenter.showList(completion: log.callback)
        _ = try? interactor.favourites.toggle(FavouriteRace(races[0]))
        presenter.showList(completion: log.callback)
        guard case .races(let rows)? = view.last?.content else {
            Issue.record("expected rows")
            return
        }
        #expect(rows.map(\.isFavourite) == [true, false])
    }

    @Test("a failed save is reported, the board is unchanged, and the status says it")
    func saveFails() {
        load([race("a", 100)])
        presenter.showList(completion: log.callback)
        interactor.favourites.fail(with: .unavailable(location: "/d/favourites.json", reason: "disk full"))
        presenter.toggleFavourite(position: 1, completion: log.callback)
        #expect(log.results == [.success, .failure(.cannotSave)])
        #expect(
            view.commandErrors == [
                "Could not update favourites in /d/favourites.json: disk full. Nothing saved was lost."
            ])
    }

    @Test("a favourites warning is shown and the board still draws")
    func favouritesWarning() {
        load([race("a", 100)])
        interactor.favourites.warnOnce("Warning: set aside")
        presenter.showList(completion: log.callback)
        #expect(view.warnings == ["Warning: set aside"])
        #expect(shownMeetings == ["a"])
    }

    @Test("favs goes to the favourites screen through the router")
    func openFavourites() {
        router.expectNavigation()
        presenter.openFavourites(completion: log.callback)
        #expect(router.favouritesOpened == 1)
        #expect(log.results == [.success])
    }

    // MARK: - save

    @Test("save keeps the board's filter, region and count and the alert, and says where and what")
    func saveKeepsTheBoard() {
        load([race("a", 100, .greyhound)])
        presenter.change(.only([.harness, .greyhound]), completion: log.callback)
        presenter.change(.region(.australia), completion: log.callback)
        presenter.change(.size(3), completion: log.callback)
        presenter.change(.search("park"), completion: log.callback)
        presenter.setAlert(.minutes(10), completion: log.callback)
        presenter.saveSettings(completion: log.callback)
        #expect(
            interactor.savedSettings == [
                BoardSettings(categories: [.greyhound, .harness], region: .australia, count: 3, alert: .minutes(10))
            ], "a search is not kept")
        #expect(
            view.messages.last
                == "Saved filter greyhound harness, region aus, count 3, alert 10 to /home/you/.config/next-to-go/config."
        )
        #expect(log.results.last == .success)
    }

    @Test("save with a terminal's default alert (2 min, nobody asked) leaves the kept alert alone")
    func saveDefaultAlertAtATerminal() {
        let presenter = RaceListPresenter(
            interactor: interactor, router: router, view: view, clock: clock, scheduler: scheduler,
            refreshPolicy: .standard, alerts: RaceAlerts(lead: 120, isChosen: false))
        presenter.saveSettings(completion: log.callback)
        #expect(interactor.savedSettings.last?.alert == nil)
        presenter.setAlert(.minutes(2), completion: log.callback)
        presenter.saveSettings(completion: log.callback)
        #expect(interactor.savedSettings.last?.alert == .minutes(2), "asked for, it is kept")
    }

    @Test("save with alerts only off by default leaves the kept alert alone; alerts turned off are kept off")
    func saveAlertChoice() {
        let presenter = RaceListPresenter(
            interactor: interactor, router: router, view: view, clock: clock, scheduler: scheduler,
            refreshPolicy: .standard, alerts: RaceAlerts(lead: nil, isChosen: false))
        presenter.start()
        interactor.answer([race("a", 100)])
        presenter.saveSettings(completion: log.callback)
        #expect(interactor.savedSettings.last?.alert == nil)
        #expect(view.messages.last?.hasSuffix("(not the alert: this run's is only the default).") == true)
        presenter.setAlert(.off, completion: log.callback)
        presenter.saveSettings(completion: log.callback)
        #expect(interactor.savedSettings.last == BoardSettings(categories: [], region: nil, count: 5, alert: .off))
    }

    @Test("a variable that will win over the saved file is named")
    func saveNamesOverridingVariables() {
        interactor.settingsAnswer = .success(SavedSettings(location: "/c", overriddenBy: ["NEXT_TO_GO_COUNT"]))
        presenter.saveSettings(completion: log.callback)
        #expect(view.messages.last?.hasSuffix(" NEXT_TO_GO_COUNT is set and comes first.") == true)
    }

    @Test("a save that fails says why, and the command fails as a save does (73)")
    func saveSettingsFails() {
        interactor.settingsAnswer = .failure(SettingsError("/c is not a regular file; it is left as it is"))
        presenter.saveSettings(completion: log.callback)
        #expect(view.commandErrors == ["Settings not saved: /c is not a regular file; it is left as it is."])
        #expect(log.results == [.failure(.cannotSave)])
    }
}
