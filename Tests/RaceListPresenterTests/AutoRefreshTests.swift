import Core
import Foundation
import RaceData
import RaceListPresenter
import RaceListTestSupport
import RaceListView
import TestSupport
import Testing

@MainActor
@Suite("Race list automatic refresh")
struct AutoRefreshTests {
    let clock = ManualClock()
    let interactor = FakeRaceListInteractor()
    let view = FakeRaceListView()
    let log = CompletionLog()
    let scheduler: ManualScheduler

    init() {
        scheduler = ManualScheduler(clock: clock)
    }

    private func presenter(_ policy: RefreshPolicy = .standard) -> RaceListPresenter {
        RaceListPresenter(
            interactor: interactor, router: FakeRaceListRouter(), view: view, clock: clock, scheduler: scheduler,
            refreshPolicy: policy)
    }

    /// Races far enough out that expiry plays no part.
    private func races(_ count: Int = 6, from start: TimeInterval = 3600) -> [Race] {
        (0..<count).map { Race.make("r\($0)", startsIn: start + Double($0) * 60, from: clock) }
    }

    private static let refused = RaceDataError.unavailable(source: "http://x", reason: "connection refused")

    @Test("every 30 s by default, without drawing anything")
    func interval() {
        let presenter = presenter()
        presenter.start()
        interactor.answer(races())
        #expect(scheduler.pendingDelays.first == 30)
        scheduler.advance(by: 29)
        #expect(interactor.refreshCount == 1)
        scheduler.advance(by: 1)
        #expect(interactor.refreshCount == 2)
        interactor.answer(races())
        #expect(view.displayed.isEmpty)
    }

    @Test("failures back off 2, 4, 8 … 60 s; a success goes back to the interval")
    func backoff() {
        let presenter = presenter()
        presenter.start()
        var delays: [TimeInterval] = []
        for _ in 0..<8 {
            interactor.answer(.failure(Self.refused))
            let delay = scheduler.pendingDelays.first ?? -1
            delays.append(delay)
            scheduler.advance(by: delay)
        }
        #expect(delays == [2, 4, 8, 16, 32, 60, 60, 60])
        #expect(interactor.refreshCount == 9)
        interactor.answer(races())
        #expect(scheduler.pendingDelays.first == 30)
    }

    @Test("while fetches fail the board keeps the last good races, marked stale with age and reason")
    func staleBoard() {
        let presenter = presenter()
        presenter.start()
        interactor.answer(races())
        scheduler.advance(by: 30)
        interactor.answer(.failure(Self.refused))
        scheduler.advance(by: 95)  // 2 and 4 s retries fail too
        interactor.answer(.failure(Self.refused))
        presenter.showList(completion: log.callback)
        #expect(log.results == [.success])
        #expect(view.last?.staleNotice == "stale — last update 2m ago (connection refused)")
        guard case .races(let rows)? = view.last?.content else {
            Issue.record("expected the last good races")
            return
        }
        #expect(rows.count == 5)
    }

    @Test("it recovers by itself: the next good fetch clears the stale mark")
    func recovers() {
        let presenter = presenter()
        presenter.start()
        interactor.answer(races())
        scheduler.advance(by: 30)
        interactor.answer(.failure(Self.refused))
        scheduler.advance(by: 2)
        #expect(interactor.refreshCount == 3)
        interactor.answer(races())
        presenter.showList(completion: log.callback)
        #expect(view.last?.staleNotice == nil)
    }

    @Test("a manual refresh during an automatic one does not ask again")
    func manualDuringAutomatic() {
        let presenter = presenter()
        presenter.start()
        interactor.answer(races())
        scheduler.advance(by: 30)
        #expect(interactor.refreshCount == 2)
        presenter.refresh(completion: log.callback)
        #expect(interactor.refreshCount == 2)
        interactor.answer(races())
        #expect(log.results == [.success])
    }

    @Test("while an automatic fetch is out, commands that need no new data answer at once from the races on hand")
    func commandsDoNotWaitForAutomatic() {
        let router = FakeRaceListRouter()
        let presenter = RaceListPresenter(
            interactor: interactor, router: router, view: view, clock: clock, scheduler: scheduler,
            refreshPolicy: .standard)
        presenter.start()
        interactor.answer(races())
        scheduler.advance(by: 30)
        #expect(interactor.hasPendingRefresh, "the automatic fetch is out, and slow")
        presenter.showList(completion: log.callback)
        router.expectNavigation()
        presenter.openRace(position: 3, completion: log.callback)
        presenter.toggleFavourite(position: 2, completion: log.callback)
        #expect(log.results == [.success, .success, .success], "none waited")
        #expect(router.opened.map(\.id) == ["r2"])
        #expect(view.lastRows.count == 5)
        // A fetch a command needs makes the one out awaited: refresh waits for what it brings.
        presenter.refresh(completion: log.callback)
        #expect(log.results.count == 3)
        interactor.answer(races(6, from: 7200))
        #expect(log.results.count == 4)
        #expect(interactor.refreshCount == 2)
    }

    @Test("a board left short by expiry waits for the fetch already out, automatic or not")
    func shortBoardWaitsForAutomatic() {
        let presenter = presenter(RefreshPolicy(interval: 60))
        presenter.start()
        interactor.answer(races(5, from: 10))  // r0 leaves at +70 s
        scheduler.advance(by: 60)
        #expect(interactor.hasPendingRefresh)
        clock.advance(by: 10)
        presenter.showList(completion: log.callback)
        #expect(log.results.isEmpty, "four races left of five: it waits for the fetch out")
        #expect(interactor.refreshCount == 2, "and asks for none besides")
        interactor.answer(races(6, from: 3600))
        #expect(log.results == [.success])
        #expect(view.lastRows.count == 5)
    }

    @Test("when a race leaves and fewer than five remain, it fetches at once, with no command typed")
    func expiryFetchesAtOnce() {
        let presenter = presenter(RefreshPolicy(interval: 600))
        presenter.start()
        interactor.answer(races(5, from: 10))  // r0 leaves at +70 s
        scheduler.advance(by: 69)
        #expect(interactor.refreshCount == 1)
        scheduler.advance(by: 1)
        #expect(interactor.refreshCount == 2)
    }

    @Test("with plenty left, expiry alone does not fetch")
    func expiryWithPlentyLeft() {
        let presenter = presenter()
        presenter.start()
        interactor.answer(races(8, from: 10))
        scheduler.advance(by: 25)
        #expect(interactor.refreshCount == 1)
        presenter.showList(completion: log.callback)
        #expect(view.lastRows.first == "R1 Meeting r0 -15s")
    }

    @Test("--refresh 0: no automatic fetches, no backoff, no expiry wake-ups")
    func off() {
        let presenter = presenter(.off)
        presenter.start()
        interactor.answer(races(5, from: 10))
        #expect(scheduler.pendingDelays.isEmpty)
        presenter.refresh(completion: log.callback)
        interactor.answer(.failure(Self.refused))
        #expect(scheduler.pendingDelays.isEmpty)
    }

    @Test("an offline copy at start is shown stale, with its age, and retried with backoff")
    func offlineCopy() {
        let presenter = presenter()
        presenter.start()
        let saved = clock.now().addingTimeInterval(-3 * 3600)
        interactor.answer(.success(RaceFeed(races: races()).offline(savedAt: saved, because: Self.refused)))
        presenter.showList(completion: log.callback)
        #expect(view.last?.staleNotice == "stale — last update 3h 0m ago (connection refused)")
        #expect(scheduler.pendingDelays.first == 2)
    }

    @Test("the policy's delays")
    func policy() {
        #expect(RefreshPolicy(interval: 30).delay(afterConsecutiveFailures: 0) == 30)
        #expect(RefreshPolicy(interval: 5).delay(afterConsecutiveFailures: 3) == 8)
        #expect(RefreshPolicy(interval: 30).delay(afterConsecutiveFailures: 100) == 60)
        #expect(RefreshPolicy(interval: 0).delay(afterConsecutiveFailures: 1) == nil)
        #expect(RefreshPolicy(interval: -3) == .off)
    }

    // MARK: - watch

    @Test("watch N draws the board N times, a second apart, then finishes; the countdown moves")
    func watch() {
        let presenter = presenter(.off)
        presenter.start()
        interactor.answer(races(6, from: 65))
        presenter.watch(seconds: 3, completion: log.callback)
        #expect(log.results.isEmpty)
        scheduler.advance(by: 1)
        scheduler.advance(by: 1)
        #expect(log.results == [.success])
        let boards = view.displayed.compactMap { model -> (String, Bool)? in
            guard case .races(let rows) = model.content else { return nil }
            return (rows.first?.countdown ?? "(empty board)", model.replacesPrevious)
        }
        #expect(boards.map(\.0) == ["1m 5s", "1m 4s", "1m 3s"])
        #expect(boards.map(\.1) == [false, true, true])
        presenter.showList(completion: log.callback)
        #expect(view.last?.replacesPrevious == false, "a later list is a board of its own")
    }

    @Test("watch started 0.7 s into a second draws its next frame just after the second turns, not a second later")
    func watchFramesOnTheSecond() {
        clock.advance(by: 0.7)
        let presenter = presenter(.off)
        presenter.start()
        interactor.answer(races(6, from: 65))
        presenter.watch(seconds: 3, completion: log.callback)
        let first = view.displayed.count
        scheduler.advance(by: 0.31)
        #expect(view.displayed.count == first + 1, "the second frame, at the turn of the second")
        scheduler.advance(by: 0.99)
        #expect(view.displayed.count == first + 1)
        scheduler.advance(by: 0.02)
        #expect(log.results == [.success])
    }

    @Test("watch with a frozen clock still ends: frames are counted, not timed")
    func watchCountsFrames() {
        let frozen = FixedClock(unixSeconds: 1_748_310_000)
        let presenter = RaceListPresenter(
            interactor: interactor, router: FakeRaceListRouter(), view: view, clock: frozen, scheduler: scheduler,
            refreshPolicy: .off)
        presenter.start()
        interactor.answer(races())
        presenter.watch(seconds: 3, completion: log.callback)
        scheduler.advance(by: 2)
        #expect(log.results == [.success])
        #expect(view.displayed.count == 3)
    }
}
