import Core
import Foundation
import Platform
import RaceData
import RaceListPresenter
import RaceListTestSupport
import RaceListView
import TestSupport
import Testing

@Suite("Alerts of marked races: late scratchings")
struct ScratchedAlertTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    private func race(_ id: String, _ seconds: TimeInterval) -> Race {
        Race(
            id: id, number: 1, meetingName: "M\(id)", category: .horse, advertisedStart: now.addingTimeInterval(seconds)
        )
    }

    private func scratched(_ race: Race, _ number: Int, at seconds: TimeInterval?) -> RaceAlerts.Scratched {
        RaceAlerts.Scratched(
            race: race,
            runner: Runner(
                number: number, name: "R\(number)", scratching: .late(at: seconds.map { now.addingTimeInterval($0) })))!
    }

    @Test("once a runner, from its time, earliest first; not once its race has left the board; not with alerts off")
    func once() {
        var alerts = RaceAlerts(lead: 120)
        let soon = race("a", 600)
        let told = [scratched(soon, 7, at: -30), scratched(soon, 3, at: -90), scratched(soon, 9, at: 60)]
        #expect(alerts.due(scratchings: told, at: now).map(\.runnerNumber) == [3, 7])
        #expect(alerts.due(scratchings: told, at: now).isEmpty, "each told once")
        #expect(alerts.due(scratchings: told, at: now.addingTimeInterval(60)).map(\.runnerNumber) == [9])
        #expect(alerts.due(scratchings: [scratched(soon, 4, at: nil)], at: now).map(\.runnerNumber) == [4])
        let gone = race("b", -Race.boardExpiryDelay - 1)
        #expect(alerts.due(scratchings: [scratched(gone, 1, at: -600)], at: now).isEmpty)
        var off = RaceAlerts(lead: nil)
        #expect(off.due(scratchings: told, at: now).isEmpty)
        #expect(RaceAlerts.Scratched(race: soon, runner: Runner(number: 1, name: "In")) == nil, "not scratched late")
        #expect(
            RaceAlerts.Scratched(race: soon, runner: Runner(number: 2, name: "Early", scratching: .scratched)) == nil)
    }
}

extension RaceAlerts.Alert {
    fileprivate var runnerNumber: Int? {
        if case .scratched(let scratched) = self { scratched.number } else { nil }
    }
}

@MainActor
@Suite("Race list live updates: late scratchings")
struct ScratchedLiveUpdatesTests {
    let clock = ManualClock()
    let interactor = FakeRaceListInteractor()
    let view = FakeRaceListView()
    let scheduler: ManualScheduler

    init() {
        scheduler = ManualScheduler(clock: clock)
    }

    private func presenter(alertLead: TimeInterval? = 120) -> RaceListPresenter {
        RaceListPresenter(
            interactor: interactor, router: FakeRaceListRouter(), view: view, clock: clock, scheduler: scheduler,
            refreshPolicy: .standard, alerts: RaceAlerts(lead: alertLead), timeZone: LocalZone(identifier: "UTC")!)
    }

    private func races(_ starts: [TimeInterval]) -> [Race] {
        starts.enumerated().map { index, start in
            Race.make("r\(index)", number: index + 1, meeting: "M\(index)", startsIn: start, from: clock)
        }
    }

    private func late(_ number: Int, _ name: String, in seconds: TimeInterval, deduction: Deduction? = nil) -> Runner {
        Runner(
            number: number, name: name,
            scratching: .late(at: clock.now().addingTimeInterval(seconds), deduction: deduction))
    }

    @Test("a favourite's runner scratched late alerts once, from its time, with the time and deduction")
    func favourite() throws {
        let presenter = presenter()
        presenter.start()
        let feed = races([3000, 3100, 3200, 3300, 3400])
        interactor.answer(.success(RaceFeed(races: feed)))
        _ = try interactor.favourites.toggle(FavouriteRace(feed[0]))
        interactor.lateScratchings[feed[0].id] = [
            late(7, "Brave Mistral", in: 10, deduction: Deduction(win: 5, place: 7))
        ]
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 5)
        #expect(view.alerts.isEmpty, "not before its time")
        scheduler.advance(by: 5)
        // 1,748,310,010 is 1:40am UTC.
        #expect(view.alerts == ["R1 M0 (horse): 7 Brave Mistral scratched 1:40am, ded 5.0c/7.0c"])
        scheduler.advance(by: 60)
        #expect(view.alerts.count == 1, "told once")
    }

    @Test("a followed runner scratched late alerts, saying whom; the race's other scratchings do not")
    func followed() {
        let presenter = presenter()
        presenter.start()
        let feed = races([3000, 3100, 3200, 3300, 3400])
        interactor.answer(.success(RaceFeed(races: feed)))
        interactor.lateScratchings[feed[1].id] = [late(4, "Quiet One", in: -120), late(7, "Brave Mistral", in: -60)]
        interactor.scratchedMarks[feed[1].id] = [
            RaceMark(runnerNumber: 7, runnerName: "Brave Mistral", role: .runner, reason: "Brave Mistral"),
            RaceMark(runnerNumber: 7, runnerName: "Brave Mistral", role: .rider, reason: "C Merriman (rider)"),
        ]
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 1)
        #expect(
            view.alerts == [
                "R2 M1 (horse): 7 Brave Mistral scratched 1:39am (following Brave Mistral, C Merriman (rider))"
            ])
        scheduler.advance(by: 30)
        #expect(view.alerts.count == 1)
    }

    @Test("a race that has left the board, or a runner nobody follows in an unmarked race, alerts nothing")
    func quiet() throws {
        let presenter = presenter()
        presenter.start()
        let feed = races([-100, 3100, 3200, 3300, 3400])
        interactor.answer(.success(RaceFeed(races: feed)))
        _ = try interactor.favourites.toggle(FavouriteRace(feed[0]))
        interactor.lateScratchings = [
            feed[0].id: [late(2, "Gone", in: -300)], feed[1].id: [late(3, "Nobody's", in: -5)],
        ]
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 2)
        #expect(view.alerts.isEmpty, "\(view.alerts)")
    }

    @Test("with alerts off a followed runner's scratching alerts nothing")
    func off() {
        let presenter = presenter(alertLead: nil)
        presenter.start()
        let feed = races([3000, 3100, 3200, 3300, 3400])
        interactor.answer(.success(RaceFeed(races: feed)))
        interactor.lateScratchings[feed[1].id] = [late(3, "Followed", in: -5)]
        interactor.scratchedMarks[feed[1].id] = [
            RaceMark(runnerNumber: 3, runnerName: "Followed", role: .runner, reason: "Followed")
        ]
        presenter.startLiveUpdates(announcing: false)
        scheduler.advance(by: 2)
        #expect(view.alerts.isEmpty)
    }
}
