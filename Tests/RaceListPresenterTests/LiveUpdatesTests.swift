import Core
import Foundation
import RaceData
import RaceListPresenter
import RaceListTestSupport
import RaceListView
import TestSupport
import Testing

@Suite("Alerts of marked races")
struct RaceAlertsTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    private func favourite(_ id: String, _ seconds: TimeInterval) -> Race {
        Race(
            id: id, number: 1, meetingName: "M\(id)", category: .greyhound,
            advertisedStart: now.addingTimeInterval(seconds))
    }

    @Test("once as a favourite comes within the lead, once as it jumps, never again in the run")
    func onceEach() {
        var alerts = RaceAlerts(lead: 120)
        let race = favourite("a", 121)
        #expect(alerts.due(for: [race], at: now).isEmpty)
        #expect(alerts.due(for: [race], at: now.addingTimeInterval(1)) == [.startingSoon(race)])
        #expect(alerts.due(for: [race], at: now.addingTimeInterval(2)).isEmpty)
        #expect(alerts.due(for: [race], at: now.addingTimeInterval(121)) == [.jumped(race)])
        #expect(alerts.due(for: [race], at: now.addingTimeInterval(150)).isEmpty)
    }

    @Test("a jump over a minute old is not news; alerts off say nothing; soonest first")
    func edges() {
        var alerts = RaceAlerts(lead: 300)
        #expect(alerts.due(for: [favourite("old", -61)], at: now).isEmpty)
        let (late, soon) = (favourite("late", 200), favourite("soon", 10))
        #expect(alerts.due(for: [late, soon], at: now) == [.startingSoon(soon), .startingSoon(late)])
        var off = RaceAlerts(lead: nil)
        #expect(off.due(for: [favourite("x", 5), favourite("y", -5)], at: now).isEmpty)
    }

    @Test("an official result alerts once, as it comes (not an interim, not late); it makes the jump old news")
    func results() {
        var alerts = RaceAlerts(lead: 120)
        let race = favourite("a", -300)
        let placed = { (status: RaceStatus, from: TimeInterval) in
            [race.id: RaceStanding(status: status, placings: [2, 4, 7], from: self.now.addingTimeInterval(from))]
        }
        #expect(alerts.due(for: [race], standings: placed(.interim, -10), at: now).isEmpty)
        #expect(alerts.due(for: [race], standings: placed(.final, 1), at: now).isEmpty, "not come yet")
        let final = placed(.final, 0)
        #expect(alerts.due(for: [race], standings: final, at: now) == [.result(race, final[race.id]!)])
        #expect(alerts.due(for: [race], standings: final, at: now.addingTimeInterval(5)).isEmpty, "told once")
        var late = RaceAlerts(lead: 120)
        #expect(late.due(for: [race], standings: placed(.final, -61), at: now).isEmpty, "a result long in is old")
        // A live source says when nothing: a result is news within the window after the start.
        var live = RaceAlerts(lead: 120)
        let told = [race.id: RaceStanding(status: .final, placings: [1])]
        #expect(live.due(for: [race], standings: told, at: now).map(\.race) == [race])
        var old = RaceAlerts(lead: 120)
        let longAgo = favourite("b", -RaceAlerts.resultWindow - 1)
        #expect(old.due(for: [longAgo], standings: ["b": RaceStanding(status: .final, placings: [1])], at: now).isEmpty)
        var off = RaceAlerts(lead: nil)
        #expect(off.due(for: [race], standings: final, at: now).isEmpty)
    }
}

@MainActor
@Suite("Race list live updates")
struct LiveUpdatesTests {
    let clock = ManualClock()
    let interactor = FakeRaceListInteractor()
    let view = FakeRaceListView()
    let log = CompletionLog()
    let scheduler: ManualScheduler

    init() {
        scheduler = ManualScheduler(clock: clock)
    }

    private func presenter(alertLead: TimeInterval? = 120) -> RaceListPresenter {
        RaceListPresenter(
            interactor: interactor, router: FakeRaceListRouter(), view: view, clock: clock, scheduler: scheduler,
            refreshPolicy: .standard, alerts: RaceAlerts(lead: alertLead))
    }

    private func races(_ starts: [TimeInterval]) -> [Race] {
        starts.enumerated().map { index, start in
            Race.make("r\(index)", number: index + 1, meeting: "M\(index)", startsIn: start, from: clock)
        }
    }

    @Test("the status line ticks every second with no command, and names the next race and the data's age")
    func status() throws {
        let presenter = presenter()
        presenter.start()
        interactor.answer(.success(RaceFeed(races: races([90, 300, 400, 500, 600, 700]))))
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 1)
        scheduler.advance(by: 1)
        let texts = view.statuses.map { "\($0.next) | \($0.freshness)" }
        #expect(
            texts.suffix(3) == [
                "R1 M0 (horse) in 1m 30s | updated 0s ago",
                "R1 M0 (horse) in 1m 29s | updated 1s ago",
                "R1 M0 (horse) in 1m 28s | updated 2s ago",
            ])
        #expect(view.displayed.isEmpty)
    }

    @Test("a race leaving the board is said once; the board refills with a fetch")
    func leaving() {
        let presenter = presenter()
        presenter.start()
        let feed = RaceFeed(races: races([1, 300, 400, 500, 600]))
        interactor.answer(.success(feed))
        presenter.showList { _ in }
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 30)
        interactor.answer(.success(feed))  // the automatic refresh
        scheduler.advance(by: 31)
        // The next automatic refresh went out at 60 s; its answer still has the race that left.
        interactor.answer(.success(feed))
        #expect(view.notices == ["R1 M0 (horse) has left the board."])
        scheduler.advance(by: 5)
        #expect(view.notices.count == 1)
        #expect(view.statuses.last?.next == "R2 M1 (horse) in 3m 54s")
    }

    @Test("a start that failed, recovering by itself, draws the board; races that left unseen are not news")
    func recoveryDrawsTheBoard() {
        let presenter = presenter()
        presenter.start()
        presenter.startLiveUpdates(announcing: false)
        interactor.answer(.failure(.unavailable(source: "http://x", reason: "connection refused")))
        presenter.showList { _ in }
        #expect(view.displayed.last.map { if case .error = $0.content { true } else { false } } == true)
        scheduler.advance(by: 2)  // the retry
        interactor.answer(.success(RaceFeed(races: races([1, 300, 400, 500, 600]))))
        #expect(view.notices == ["Refresh works again; the board is up to date."])
        #expect(view.lastRows.count == 5, "the board the start never showed")
        // A race leaving now is one the user saw.
        scheduler.advance(by: 62)
        #expect(view.notices.last == "R1 M0 (horse) has left the board.")
    }

    @Test("drawn live: at once, from the races on hand, while a fetch is out; the status line comes with it")
    func drawnLive() {
        let presenter = presenter()
        presenter.start()
        interactor.answer(.success(RaceFeed(races: races([90, 300, 400, 500, 600]))))
        presenter.showList { _ in }
        presenter.startLiveUpdates(announcing: false)
        var refreshed: [CommandResult] = []
        presenter.refresh { refreshed.append($0) }
        let drawn = view.displayed.count
        clock.advance(by: 1)
        presenter.redrawLive()
        #expect(view.displayed.count == drawn + 1, "drawn without waiting for the fetch out")
        #expect(view.lastRows.first?.hasSuffix("1m 29s") == true, "\(view.lastRows)")
        #expect(view.statuses.last?.next == "R1 M0 (horse) in 1m 29s")
        #expect(refreshed.isEmpty)
        interactor.answer(.success(RaceFeed(races: races([89, 299, 399, 499, 599]))))
        #expect(refreshed == [.success])
    }

    @Test("races that leave before any board was drawn are not announced")
    func unseenRacesAreNotNews() {
        let presenter = presenter()
        presenter.start()
        interactor.answer(.success(RaceFeed(races: races([1, 300, 400, 500, 600]))))
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 62)
        #expect(view.notices.isEmpty)
    }

    @Test("background refresh failing, then working again, is said once each")
    func freshnessNotices() {
        let presenter = presenter()
        presenter.start()
        interactor.answer(.success(RaceFeed(races: races([3000, 3100, 3200, 3300, 3400]))))
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 30)
        interactor.answer(.failure(.unavailable(source: "http://x", reason: "connection refused")))
        scheduler.advance(by: 2)
        interactor.answer(.failure(.unavailable(source: "http://x", reason: "connection refused")))
        scheduler.advance(by: 4)
        interactor.answer(.success(RaceFeed(races: races([3000, 3100, 3200, 3300, 3400]))))
        #expect(
            view.notices == [
                "Refresh failed (connection refused); the board shows the last races fetched.",
                "Refresh works again; the board is up to date.",
            ])
    }

    @Test("a favourite alerts once within the lead, by the feed's start, and once as it jumps")
    func alerts() throws {
        let presenter = presenter()
        presenter.start()
        let feed = races([150, 3000, 3100, 3200, 3300])
        interactor.answer(.success(RaceFeed(races: feed)))
        // Saved an hour off: the feed's start counts.
        let saved = FavouriteRace(feed[0])
        _ = try interactor.favourites.toggle(
            FavouriteRace(
                id: saved.id, meetingName: saved.meetingName, number: saved.number, category: saved.category,
                advertisedStart: saved.advertisedStart.addingTimeInterval(3600)))
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 29)
        #expect(view.alerts.isEmpty)
        scheduler.advance(by: 1)
        #expect(view.alerts == ["R1 M0 (horse) starts in 2m 0s"])
        scheduler.advance(by: 150)
        #expect(view.alerts == ["R1 M0 (horse) starts in 2m 0s", "R1 M0 (horse) has jumped"])
        scheduler.advance(by: 10)
        #expect(view.alerts.count == 2)
    }

    @Test("a favourite's result alerts when it comes, minutes after the race has left the board")
    func resultAfterTheBoard() throws {
        let presenter = presenter()
        presenter.start()
        let feed = races([30, 3000, 3100, 3200, 3300])
        interactor.answer(.success(RaceFeed(races: feed)))
        _ = try interactor.favourites.toggle(FavouriteRace(feed[0]))
        presenter.startLiveUpdates(announcing: false)
        let start = feed[0].advertisedStart
        // Run in racing time: closed at the jump, official minutes after the board has dropped it.
        let time = RacingTime(of: feed[0])
        interactor.standings = [
            feed[0].id: RaceStanding(status: .closed, from: start),
            feed[1].id: RaceStanding(status: .open),
        ]
        scheduler.advance(by: 30 + Race.boardExpiryDelay + 1)
        #expect(view.alerts.last == "R1 M0 (horse) has jumped")
        presenter.redraw { _ in }
        #expect(!view.lastRows.contains { $0.contains("M0") }, "gone from the board: \(view.lastRows)")
        interactor.standings[feed[0].id] = RaceStanding(
            status: .final, placings: [2, 4, 7], names: ["A", "B", "C"], from: start.addingTimeInterval(time.final))
        scheduler.advance(by: start.addingTimeInterval(time.final - 1).timeIntervalSince(clock.now()))
        #expect(view.alerts.count == 1 + 1, "starting soon, jumped; no result yet")
        scheduler.advance(by: 1)
        #expect(view.alerts.last == "Result: R1 M0 (horse): won by 2 A, second 4 B, third 7 C")
        scheduler.advance(by: 60)
        #expect(view.alerts.count == 3, "told once")
    }

    @Test("a followed runner's race tells its result after it has left the board, as a favourite's does")
    func followedResultAfterTheBoard() {
        let presenter = presenter()
        presenter.start()
        let feed = races([30, 3000, 3100, 3200, 3300])
        interactor.marks = [
            feed[0].id: [RaceMark(runnerNumber: 4, runnerName: "B", role: .runner, reason: "B (runner)")]
        ]
        interactor.answer(.success(RaceFeed(races: feed)))
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 30 + Race.boardExpiryDelay + 1)
        #expect(view.alerts.last == "R1 M0 (horse) has jumped (following B (runner))")
        let start = feed[0].advertisedStart
        interactor.standings[feed[0].id] = RaceStanding(
            status: .final, placings: [2, 4], from: start.addingTimeInterval(300))
        scheduler.advance(by: start.addingTimeInterval(300).timeIntervalSince(clock.now()))
        #expect(view.alerts.last == "Result: R1 M0 (horse): won by 2, second 4 (following B (runner))")
    }

    @Test("a race marked twice, a favourite with a followed runner, alerts once of each, saying whom")
    func markedTwiceAlertsOnce() throws {
        let presenter = presenter()
        presenter.start()
        let feed = races([150, 3000, 3100, 3200, 3300])
        interactor.marks = [
            feed[0].id: [RaceMark(runnerNumber: 3, runnerName: "Crimson Tango", role: .runner, reason: "Crimson Tango")]
        ]
        _ = try interactor.favourites.toggle(FavouriteRace(feed[0]))
        interactor.answer(.success(RaceFeed(races: feed)))
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 30)
        #expect(view.alerts == ["R1 M0 (horse) starts in 2m 0s (following Crimson Tango)"])
        scheduler.advance(by: 150)
        #expect(view.alerts.count == 2, "\(view.alerts)")
        #expect(view.alerts.last == "R1 M0 (horse) has jumped (following Crimson Tango)")
    }

    @Test("a race with a followed runner alerts as a favourite's does, saying whom; its row is marked")
    func followedAlerts() throws {
        let presenter = presenter()
        presenter.start()
        let feed = races([150, 3000, 3100, 3200, 3300])
        interactor.marks = [
            feed[0].id: [
                RaceMark(runnerNumber: 3, runnerName: "Crimson Tango", role: .rider, reason: "C Merriman (rider)")
            ]
        ]
        interactor.answer(.success(RaceFeed(races: feed)))
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 30)
        #expect(view.alerts == ["R1 M0 (horse) starts in 2m 0s (following C Merriman (rider))"])
        scheduler.advance(by: 150)
        #expect(view.alerts.last == "R1 M0 (horse) has jumped (following C Merriman (rider))")
        #expect(interactor.markReloads > 0)
        presenter.redraw { _ in }
        guard case .races(let rows)? = view.last?.content else {
            Issue.record("no board drawn")
            return
        }
        #expect(rows.map(\.followed) == [["C Merriman (rider)"], [], [], [], []])
        interactor.marks[feed[1].id] = [RaceMark(runnerNumber: 1, runnerName: "X", role: .runner, reason: "X")]
        presenter.redraw { _ in }
        guard case .races(let marked)? = view.last?.content else {
            Issue.record("no board drawn")
            return
        }
        #expect(marked.map(\.followed) == [["C Merriman (rider)"], ["X"], [], [], []])
    }

    @Test("an abandoned race is never the next in the status line, and a favourite abandoned does not alert")
    func abandoned() throws {
        let presenter = presenter()
        presenter.start()
        let feed = races([90, 300, 400, 500, 600])
        interactor.answer(.success(RaceFeed(races: feed)))
        interactor.abandonedRaceIDs = ["r0"]
        _ = try interactor.favourites.toggle(FavouriteRace(feed[0]))
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 1)
        #expect(view.statuses.last?.next == "R2 M1 (horse) in 4m 59s")
        scheduler.advance(by: 100)
        #expect(view.alerts.isEmpty, "\(view.alerts)")
    }

    @Test("alert MINUTES and alert off reply, and take effect at once")
    func alertCommand() throws {
        let presenter = presenter(alertLead: nil)
        presenter.start()
        let feed = races([400, 3000, 3100, 3200, 3300])
        interactor.answer(.success(RaceFeed(races: feed)))
        _ = try interactor.favourites.toggle(FavouriteRace(feed[0]))
        presenter.showList(completion: log.callback)
        #expect(view.alerts.isEmpty)
        presenter.setAlert(.minutes(10), completion: log.callback)
        #expect(
            view.messages == [
                "Alerts on: 10 min before a favourite or a followed runner's race starts, as it jumps, and with its result."
            ])
        #expect(view.alerts == ["R1 M0 (horse) starts in 6m 40s"])
        presenter.setAlert(.off, completion: log.callback)
        #expect(view.messages.last == "Alerts off.")
        #expect(log.results == [.success, .success, .success])
    }
}

/// Accessible mode: what happens on the board said a line at a time, in minutes.
@MainActor
@Suite("Race list presenter, announcing")
struct AnnouncementTests {
    let clock = ManualClock(1_748_310_000)
    let interactor = FakeRaceListInteractor()
    let view = FakeRaceListView()
    let scheduler: ManualScheduler

    init() { scheduler = ManualScheduler(clock: clock) }

    @Test("the next race at 2 and 1 minutes, a jump, a result; nothing already so when it starts, nothing twice")
    func announces() {
        let presenter = RaceListPresenter(
            interactor: interactor, router: FakeRaceListRouter(), view: view, clock: clock, scheduler: scheduler,
            refreshPolicy: RefreshPolicy(interval: 0), alerts: RaceAlerts(lead: nil))
        let races = [
            Race.make("a", number: 5, meeting: "Moonee Valley", startsIn: 130, from: clock),
            Race.make("b", number: 2, meeting: "Hove", startsIn: 900, from: clock),
        ]
        presenter.start()
        interactor.answer(.success(RaceFeed(races: races)))
        presenter.startLiveUpdates(announcing: true)
        #expect(view.notices.isEmpty, "within 5 minutes already when it began: not said")
        scheduler.advance(by: 10)
        #expect(view.notices == ["R5 Moonee Valley (horse): 2 minutes to go."])
        scheduler.advance(by: 60)
        scheduler.advance(by: 60)
        #expect(
            view.notices.suffix(2) == [
                "R5 Moonee Valley (horse): 1 minute to go.", "R5 Moonee Valley (horse) has jumped.",
            ])
        interactor.standings = [
            "a": RaceStanding(
                status: .final, placings: [2, 4, 7], names: ["Brave Mistral", "Velvet Lantern", "Royal Banjo"])
        ]
        scheduler.advance(by: 5)
        #expect(
            view.notices.last
                == "Result: R5 Moonee Valley (horse): won by 2 Brave Mistral, second 4 Velvet Lantern, third 7 Royal Banjo."
        )
        let said = view.notices.count
        scheduler.advance(by: 30)
        #expect(view.notices.count == said, "each said once")
    }

    @Test("a result that comes after the race has left the board is still said, once")
    func resultAfterTheBoard() {
        let presenter = RaceListPresenter(
            interactor: interactor, router: FakeRaceListRouter(), view: view, clock: clock, scheduler: scheduler,
            refreshPolicy: RefreshPolicy(interval: 0), alerts: RaceAlerts(lead: nil))
        let race = Race.make("a", number: 5, meeting: "Moonee Valley", startsIn: 30, from: clock)
        presenter.start()
        interactor.answer(.success(RaceFeed(races: [race, Race.make("b", startsIn: 900, from: clock)])))
        presenter.startLiveUpdates(announcing: true)
        scheduler.advance(by: 30 + Race.boardExpiryDelay + 5)
        #expect(view.notices.contains("R5 Moonee Valley (horse) has jumped."))
        interactor.standings = ["a": RaceStanding(status: .final, placings: [3, 1], names: ["Xavier", "Yonder"])]
        scheduler.advance(by: 180)
        #expect(
            view.notices.filter { $0.hasPrefix("Result: ") } == [
                "Result: R5 Moonee Valley (horse): won by 3 Xavier, second 1 Yonder."
            ])
    }

    @Test("from the first board: a mark passed long before is not said late; races of one start are said together")
    func firstBoardAndTogether() {
        let presenter = RaceListPresenter(
            interactor: interactor, router: FakeRaceListRouter(), view: view, clock: clock, scheduler: scheduler,
            refreshPolicy: RefreshPolicy(interval: 0), alerts: RaceAlerts(lead: nil))
        // Listening before any race has come: the first board, 3m 30s before two races, is where it starts.
        presenter.startLiveUpdates(announcing: true)
        presenter.start()
        scheduler.advance(by: 1)
        interactor.answer(
            .success(
                RaceFeed(races: [
                    Race.make("a", number: 7, meeting: "Addington", startsIn: 209, from: clock),
                    Race.make("b", number: 4, meeting: "Seoul", startsIn: 209, from: clock),
                ])))
        scheduler.advance(by: 1)
        #expect(view.notices.isEmpty, "5 minutes was passed before the board came: not said")
        scheduler.advance(by: 90)
        #expect(
            view.notices == [
                "R7 Addington (horse): 2 minutes to go.", "R4 Seoul (horse): 2 minutes to go.",
            ])
    }

    @Test("without announcing, the live board says none of it")
    func quietWhenLive() {
        let presenter = RaceListPresenter(
            interactor: interactor, router: FakeRaceListRouter(), view: view, clock: clock, scheduler: scheduler,
            refreshPolicy: RefreshPolicy(interval: 0), alerts: RaceAlerts(lead: nil))
        presenter.start()
        interactor.answer(.success(RaceFeed(races: [Race.make("a", startsIn: 70, from: clock)])))
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 80)
        #expect(!view.notices.contains { $0.contains("to go") || $0.contains("jumped") })
    }
}
