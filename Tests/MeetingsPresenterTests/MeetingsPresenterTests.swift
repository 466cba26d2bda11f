import Core
import Foundation
import MeetingsInteractor
import MeetingsPresenter
import MeetingsTestSupport
import MeetingsView
import Platform
import RaceData
import TestSupport
import Testing

@MainActor
@Suite("Meetings presenter")
struct MeetingsPresenterTests {
    let clock = ManualClock(1_772_884_080)
    let view = FakeMeetingsView()
    let router = FakeMeetingsRouter()
    let utc = LocalZone(identifier: "UTC")!

    /// Randwick ran R1–R3 and R4 jumps in 10 minutes; Hove (UK) starts in an hour; Ellerslie (NZ) is over;
    /// Albion Park (QLD) and Cannington (WA) are on.
    var day: [[Race]] {
        let now = clock.now()
        return [
            meetingRaces(
                "Hove", .greyhound, country: "UK", state: "UK", count: 3, first: now.addingTimeInterval(3_600)),
            meetingRaces("Randwick", count: 6, first: now.addingTimeInterval(-3 * 1_800 + 600)),
            meetingRaces("Ellerslie", country: "NZ", state: "NZ", count: 2, first: now.addingTimeInterval(-7_200)),
            meetingRaces("Cannington", .greyhound, state: "WA", count: 2, first: now.addingTimeInterval(300)),
            meetingRaces("Albion Park", .harness, state: "QLD", count: 2, first: now.addingTimeInterval(900)),
        ]
    }

    private func list(_ interactor: FakeMeetingsInteractor, selection: String = "") -> MeetingsPresenter {
        MeetingsPresenter(
            interactor: interactor, router: router, view: view, clock: clock, timeZone: utc,
            selection: RaceSelection(words: selection), scheduler: ManualScheduler(clock: clock))
    }

    private func meeting(_ interactor: FakeMeetingsInteractor, _ word: String) -> MeetingPresenter {
        MeetingPresenter(
            request: MeetingRequest(word: word), interactor: interactor, router: router, view: view, clock: clock,
            timeZone: utc, scheduler: ManualScheduler(clock: clock))
    }

    private func run(_ command: (@escaping CommandCompletion) -> Void) -> [CommandResult] {
        var results: [CommandResult] = []
        command { results.append($0) }
        return results
    }

    @Test("grouped by place: Australia by state, New Zealand, then countries by name; races run and the next")
    func grouped() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        let presenter = list(interactor)
        #expect(run(presenter.show) == [.success])
        #expect(
            view.listLines == [
                "Australia · NSW", "1 Randwick 3/6 R4 10m 0s",
                "Australia · QLD", "2 Albion Park 0/2 R1 15m 0s",
                "Australia · WA", "3 Cannington 0/2 R1 5m 0s",
                "New Zealand", "4 Ellerslie 2/2 finished",
                "United Kingdom", "5 Hove 0/3 R1 1h 0m",
            ])
        #expect(view.lists.last?.title == "Meetings · 5 today" && view.lists.last?.note == nil)
        let randwick = view.lists.last?.groups.first?.rows.first
        #expect(randwick?.nextTime == "11:58am" && randwick?.nextRace?.id == "Randwick-4")
        #expect(presenter.highestNumber == 5)
    }

    @Test("by day, each meeting whole under its own date at its venue; last night's named yesterday, as the board does")
    func byDay() throws {
        let sydney = try #require(LocalZone(identifier: "Australia/Sydney"))
        let now = clock.now()  // 10:48pm Saturday 7 March 2026 in Sydney
        // Meadowlands raced Friday night in New Jersey (Saturday late morning in Sydney); Cannington races on Perth's
        // Saturday evening, past Sydney's midnight; Ellerslie races on New Zealand's Sunday.
        let meadowlands = meetingRaces(
            "Meadowlands", .harness, country: "USA", state: "NJ", count: 3,
            first: Date(timeIntervalSince1970: 1_772_842_500))
        let cannington = meetingRaces(
            "Cannington", .greyhound, state: "WA", count: 6, first: now.addingTimeInterval(-3_720))
        let ellerslie = meetingRaces(
            "Ellerslie", country: "NZ", state: "NZ", count: 2, first: Date(timeIntervalSince1970: 1_772_924_400))
        let interactor = FakeMeetingsInteractor(meetings: [ellerslie, cannington, meadowlands])
        let presenter = MeetingsPresenter(
            interactor: interactor, router: router, view: view, clock: clock, timeZone: sydney,
            scheduler: ManualScheduler(clock: clock))
        #expect(run(presenter.show) == [.success])
        #expect(
            view.listLines == [
                "Yesterday, Friday 6 March 2026", "United States", "1 Meadowlands 3/3 finished",
                "Saturday 7 March 2026", "Australia · WA", "2 Cannington 3/6 R4 28m 0s",
                "Sunday 8 March 2026", "New Zealand", "3 Ellerslie 0/2 R1 11h 12m",
            ])
        #expect(view.lists.last?.title == "Meetings · 3", "the days are told under it")
        #expect(view.lists.last?.groups.map(\.date) == ["2026-03-06", "2026-03-07", "2026-03-08"])
        // Cannington's last race is on Sydney's Sunday: the meeting stays under Saturday, and is `meeting 2`.
        #expect(cannington.last.map { MeetingDate(at: $0.advertisedStart, in: sydney).day } == 8)
        _ = run(meeting(interactor, "2").show)
        #expect(view.meetings.last?.title == "Cannington" && view.meetings.last?.date == "2026-03-07")
    }

    @Test("a race told Final, Interim or Closed counts as run; an abandoned one is neither run nor next")
    func standingsCount() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        interactor.standings = [
            "Cannington-1": RaceStanding(status: .abandoned), "Albion Park-1": RaceStanding(status: .closed),
        ]
        #expect(run(list(interactor).show) == [.success])
        #expect(view.listLines.contains("2 Albion Park 1/2 R2 45m 0s"))
        #expect(view.listLines.contains("3 Cannington 0/2 R2 35m 0s"))
    }

    @Test("narrowed by code, region or name, each meeting keeps its number on the day's list")
    func narrowed() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        _ = run(list(interactor, selection: "dogs").show)
        #expect(
            view.listLines == ["Australia · WA", "3 Cannington 0/2 R1 5m 0s", "United Kingdom", "5 Hove 0/3 R1 1h 0m"])
        #expect(view.lists.last?.title == "Meetings · 2 today · greyhound")
        _ = run(list(interactor, selection: "greyhound aus").show)
        #expect(view.listLines == ["Australia · WA", "3 Cannington 0/2 R1 5m 0s"])
        _ = run(list(interactor, selection: "ELLER").show)
        #expect(view.listLines == ["New Zealand", "4 Ellerslie 2/2 finished"])
        _ = run(list(interactor, selection: "harness nz").show)
        #expect(view.listLines.isEmpty)
        #expect(
            view.lists.last?.emptyMessage == "No meeting today is harness · New Zealand. Type `meetings` for them all.")
    }

    @Test("a code's letter narrows as its name does, in either case: T thoroughbred, H harness, G greyhound")
    func narrowedByLetter() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        _ = run(list(interactor, selection: "T").show)
        #expect(
            view.listLines == [
                "Australia · NSW", "1 Randwick 3/6 R4 10m 0s", "New Zealand", "4 Ellerslie 2/2 finished",
            ])
        #expect(view.lists.last?.title == "Meetings · 2 today · horse")
        _ = run(list(interactor, selection: "h").show)
        #expect(view.listLines == ["Australia · QLD", "2 Albion Park 0/2 R1 15m 0s"])
        _ = run(list(interactor, selection: "G aus").show)
        #expect(view.listLines == ["Australia · WA", "3 Cannington 0/2 R1 5m 0s"])
        _ = run(meeting(interactor, "H albion").show)
        #expect(view.meetings.last?.title == "Albion Park")
        #expect(run(meeting(interactor, "T albion").show) == [.failure(.usage)])
    }

    @Test("`show N` opens meeting N of the day, by its key; a number not on the list is said")
    func opens() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        let presenter = list(interactor, selection: "dogs")
        _ = run(presenter.show)
        router.expectNavigation()
        #expect(run { presenter.openMeeting(number: 5, completion: $0) } == [.success])
        #expect(router.openedMeetings == [.id("m0")])
        #expect(run { presenter.openMeeting(number: 9, completion: $0) } == [.failure(.usage)])
        #expect(view.errors.last == "There is no meeting 9 today; choose 1 to 5 (`meetings` lists them).")
    }

    @Test("a list grouped from the feed says so; no meetings at all is said; a failed fetch says why")
    func notes() {
        let feed = FakeMeetingsInteractor(meetings: day, source: .feed("file races.json"))
        _ = run(list(feed).show)
        #expect(view.lists.last?.note?.hasPrefix("From the races in the feed (file races.json)") == true)
        _ = run(list(FakeMeetingsInteractor(meetings: [])).show)
        #expect(view.lists.last?.emptyMessage == "No meetings today.")
        let failing = FakeMeetingsInteractor(.failure(.unavailable(source: "x", reason: "down")))
        #expect(
            run(list(failing).show) == [.failure(RaceDataError.unavailable(source: "x", reason: "down").exitStatus)])
        #expect(view.errors.last?.hasPrefix("Could not list the meetings:") == true)
    }

    @Test("a meeting race by race: countdown, jumped, Closed, Interim and Final with placings, Abandoned")
    func meetingRows() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        interactor.standings = [
            "Randwick-1": RaceStanding(status: .final, placings: [3, 1, 7]),
            "Randwick-2": RaceStanding(status: .interim, placings: [5, 2]),
            "Randwick-5": RaceStanding(status: .abandoned),
        ]
        let presenter = meeting(interactor, "randwick")
        #expect(run(presenter.show) == [.success])
        #expect(
            view.raceLines == [
                "R1 10:28am Final 3-1-7", "R2 10:58am Interim 5-2", "R3 11:28am jumped 20m ago", "R4 11:58am 10m 0s",
                "R5 12:28pm Abandoned", "R6 12:58pm 1h 10m",
            ])
        #expect(
            view.meetings.last?.details
                == "horse · NSW, Australia · 3 of 6 run · 1 abandoned · next R4 10m 0s")
        #expect(interactor.resultsAsked == [["Randwick-3"]], "run with nothing told of it: its card is asked for")
        interactor.standings["Randwick-3"] = RaceStanding(status: .final, placings: [1, 2, 3])
        _ = run(presenter.show)
        #expect(interactor.resultsAsked.count == 1, "every race run has its placings")
        #expect(view.raceLines[2] == "R3 11:28am Final 1-2-3")
        #expect(presenter.highestNumber == 6)
        // A result that names its winner and what the win paid says so; one without names gives the number.
        interactor.standings["Randwick-1"] = RaceStanding(
            status: .final, placings: [3, 1, 7], names: ["Copper Comet", "Ace", "Bo"], winDividend: 4.6)
        _ = run(presenter.show)
        let rows = view.meetings.last.flatMap { model -> [MeetingRaceRowViewModel]? in
            if case .races(let rows) = model.content { return rows }
            return nil
        }
        #expect(rows?.first?.result == "won by Copper Comet, $4.60")
        #expect(rows?[2].result == "won by 1")
        #expect(rows?[3].result == nil, "still to run")
    }

    @Test("a meeting names its quaddie and early quaddie legs, kept through a narrowing; none where it has none")
    func quaddies() {
        let legs = [
            "Randwick": QuaddieLegs(quaddie: [3, 4, 5, 6], earlyQuaddie: [1, 2, 3, 4]),
            "Albion Park": QuaddieLegs(quaddie: [5, 2, 4, 6], earlyQuaddie: []),
        ]
        let meetings = day.enumerated().map { index, races in
            RaceDay.Meeting(id: "m\(index)", races: races, quaddies: legs[races[0].meetingName] ?? .none)
        }
        let interactor = FakeMeetingsInteractor(
            .success(MeetingsAnswer(day: RaceDay(meetings: meetings), source: .list("l"))))
        _ = run(meeting(interactor, "randwick").show)
        #expect(view.meetings.last?.quaddies == "Quaddie R3-R6 · Early quaddie R1-R4")
        #expect(
            view.meetings.last?.quaddieLegs == [3, 4, 5, 6] && view.meetings.last?.earlyQuaddieLegs == [1, 2, 3, 4])
        _ = run(meeting(interactor, "hove").show)
        #expect(view.meetings.last?.quaddies == nil && view.meetings.last?.quaddieLegs == [])
        _ = run(meeting(interactor, "albion").show)
        #expect(view.meetings.last?.quaddies == "Quaddie R2, R4, R5, R6", "legs not in a run, one by one")
    }

    @Test("a meeting by number, by code and name, by part of a name; several or none are said, with a guess")
    func findsMeeting() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        _ = run(meeting(interactor, "4").show)
        #expect(view.meetings.last?.title == "Ellerslie")
        _ = run(meeting(interactor, "dogs canning").show)
        #expect(view.meetings.last?.title == "Cannington")
        #expect(run(meeting(interactor, "harness canning").show) == [.failure(.usage)])
        #expect(view.errors.last == "Cannington races greyhound today: `meeting Cannington` opens it.")
        #expect(run(meeting(interactor, "Randwik").show) == [.failure(.usage)])
        #expect(
            view.errors.last
                == "No meeting today is called 'Randwik'. Did you mean Randwick? Type `meetings` to see them.")
        #expect(run(meeting(interactor, "n").show) == [.failure(.usage)])
        #expect(
            view.errors.last
                == "'n' could be Randwick (horse), Albion Park (harness), Cannington (greyhound). Type more of the name, or its number from `meetings n`."
        )
        #expect(run(meeting(interactor, "  ").show) == [.failure(.usage)])
        #expect(view.errors.last == "Usage: meeting N|NAME opens a meeting of the day.")
        #expect(run(meeting(interactor, "0").show) == [.failure(.usage)])
        #expect(view.errors.last == "There is no meeting 0 today; choose 1 to 5 (`meetings` lists them).")
    }

    @Test("found once, a meeting stays itself as the list's order changes; gone from the list, it says so live")
    func staysFound() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        let presenter = meeting(interactor, "3")
        _ = run(presenter.show)
        #expect(view.meetings.last?.title == "Cannington")
        clock.advance(by: 3_600)
        _ = run(presenter.show)
        #expect(view.meetings.last?.title == "Cannington", "now over, it is listed later, yet still shown")
        interactor.answer = .success(MeetingsAnswer(day: RaceDay(meetings: []), source: .list("l")))
        presenter.showLive()
        presenter.showLive()
        #expect(view.meetings.last?.content == .missing("Type `meetings` to see the day's meetings, or `back`."))
        #expect(view.errors.isEmpty)
    }

    @Test("`show N` opens race N of the meeting by its number; a number the meeting has not is said")
    func opensRace() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        let presenter = meeting(interactor, "Hove")
        _ = run(presenter.show)
        router.expectNavigation()
        #expect(run { presenter.openRace(number: 2, completion: $0) } == [.success])
        #expect(router.opened.map(\.id) == ["Hove-2"])
        #expect(run { presenter.openRace(number: 7, completion: $0) } == [.failure(.usage)])
        #expect(view.errors.last == "Hove has no race 7; choose 1 to 3.")
    }

    @Test("`watch 3` in a pipe: three draws, a second apart, the later ones follow-up frames")
    func watch() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        let scheduler = ManualScheduler(clock: clock)
        let presenter = MeetingsPresenter(
            interactor: interactor, router: router, view: view, clock: clock, timeZone: utc, scheduler: scheduler)
        var results: [CommandResult] = []
        presenter.watch(seconds: 3) { results.append($0) }
        #expect(view.lists.count == 1 && results.isEmpty)
        scheduler.advance(by: 2)
        #expect(view.lists.map(\.isFollowUpFrame) == [false, true, true] && results == [.success])
        #expect(view.lists.last?.groups.first?.rows.first?.next == "R4 9m 58s")
        presenter.showLive()
        #expect(view.lists.last?.isFollowUpFrame == nil)
    }

    @Test("at a terminal a list slow to come gives the prompt back after the first wait, saying it is read; then drawn")
    func slowListAtATerminal() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        interactor.holdsAnswers = true
        let scheduler = ManualScheduler(clock: clock)
        let presenter = MeetingsPresenter(
            interactor: interactor, router: router, view: view, clock: clock, timeZone: utc, scheduler: scheduler,
            firstWait: 0.5)
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        scheduler.advance(by: 0.4)
        #expect(results.isEmpty && view.lists.isEmpty)
        scheduler.advance(by: 0.1)
        #expect(results == [.success] && view.lists.last?.emptyMessage == "Reading the day's meetings...")
        presenter.showLive()
        #expect(view.lists.last?.emptyMessage == "Reading the day's meetings...", "still reading")
        interactor.release()
        #expect(results == [.success], "the command is not finished twice")
        presenter.showLive()
        #expect(view.listLines.contains("1 Randwick 3/6 R4 10m 0s"), "the live region draws the list once it comes")
        // A failure after the first draw stands in its place; the status of the command drawn was success.
        let failing = FakeMeetingsInteractor(.failure(.unavailable(source: "s", reason: "down")))
        failing.holdsAnswers = true
        let other = MeetingsPresenter(
            interactor: failing, router: router, view: view, clock: clock, timeZone: utc, scheduler: scheduler,
            firstWait: 0.5)
        other.show { results.append($0) }
        scheduler.advance(by: 0.5)
        failing.release()
        other.showLive()
        #expect(view.lists.last?.emptyMessage?.hasPrefix("Could not list the meetings: ") == true)
        #expect(results == [.success, .success] && view.errors.isEmpty)
    }

    @Test("at a terminal one meeting from a list slow to come: said as read, then drawn race by race")
    func slowMeetingAtATerminal() {
        let interactor = FakeMeetingsInteractor(meetings: day)
        interactor.holdsAnswers = true
        let scheduler = ManualScheduler(clock: clock)
        let presenter = MeetingPresenter(
            request: MeetingRequest(word: "randwick"), interactor: interactor, router: router, view: view,
            clock: clock, timeZone: utc, scheduler: scheduler, firstWait: 0.5)
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        scheduler.advance(by: 0.5)
        #expect(results == [.success] && view.meetings.last?.details == "Reading the day's meetings...")
        interactor.release()
        presenter.showLive()
        #expect(view.meetings.last?.title == "Randwick" && view.raceLines.count == 6)
    }
}
