import Core
import Foundation
import RaceData
import RaceListPresenter
import Testing

/// The board's rules with plain values: no clock, no fakes.
@Suite("Race board rules")
struct RaceBoardTests {
    let now = Date(timeIntervalSince1970: 1_748_310_000)

    private func race(_ id: String, in seconds: TimeInterval, _ category: RaceCategory = .horse) -> Race {
        Race(
            id: id, number: 1, meetingName: id, category: category,
            advertisedStart: now.addingTimeInterval(seconds))
    }

    private func board(_ races: [Race]) -> RaceBoard {
        var board = RaceBoard()
        board.replaceRaces(with: RaceFeed(races: races))
        return board
    }

    @Test("soonest first whatever the feed's order; five at most")
    func ordering() {
        let board = board((1...7).reversed().map { race("r\($0)", in: Double($0) * 60) })
        #expect(board.visible.map(\.id) == ["r1", "r2", "r3", "r4", "r5"])
        #expect(!board.isShort)
        #expect(board.nextExpiry == now.addingTimeInterval(60 + 60))
    }

    @Test("a race leaves exactly 60 s after its start, and the board refills from the rest")
    func expiry() {
        var board = board((0..<6).map { race("r\($0)", in: Double($0) * 60) })
        #expect(board.removeExpired(at: now.addingTimeInterval(59.9)).isEmpty)
        #expect(board.removeExpired(at: now.addingTimeInterval(60)).count == 1)
        #expect(board.visible.map(\.id) == ["r1", "r2", "r3", "r4", "r5"])
        #expect(board.removeExpired(at: now.addingTimeInterval(120)).count == 1)
        #expect(board.isShort)
    }

    @Test("the filter toggles, combines, clears, and names itself")
    func filter() {
        var board = board([
            race("h", in: 10, .horse), race("g", in: 20, .greyhound), race("t", in: 30, .harness),
        ])
        board.toggle([.greyhound])
        #expect(board.visible.map(\.id) == ["g"])
        #expect(board.filterSummary == "greyhound")
        board.toggle([.horse, .greyhound])
        #expect(board.visible.map(\.id) == ["h"])
        board.toggle([.harness, .harness])
        #expect(board.visible.map(\.id) == ["h"], "named twice, toggled twice")
        board.clearFilter()
        #expect(board.filterSummary == "all categories")
        #expect(board.visible.count == 3)
    }

    @Test("positions mean the board as last drawn, even after it changed")
    func positions() throws {
        var board = board([race("a", in: 10), race("b", in: 20)])
        #expect(board.draw().map(\.id) == ["a", "b"])
        board.replaceRaces(with: RaceFeed(races: [race("c", in: 5), race("a", in: 10), race("b", in: 20)]))
        #expect(try board.race(at: 1, command: "show").get().id == "a")
        guard case .failure(let error) = board.race(at: 3, command: "show") else {
            Issue.record("race 3 of a two-race board")
            return
        }
        #expect(error.message == "There is no race 3 on the board; choose 1 to 2.")
    }

    @Test("empty messages and the note about races left out")
    func wording() {
        var board = RaceBoard()
        #expect(board.emptyMessage == "No upcoming races.")
        board.toggle([.harness])
        #expect(
            board.emptyMessage == "No upcoming races for harness. Type `filter clear` to see every category.")
        board.replaceRaces(
            with: RaceFeed(races: [], skipped: [SkippedRace(key: "x", reason: "missing race_id")]))
        #expect(board.skippedNote == "1 race in the feed was left out (missing race_id).")
    }
}

@Suite("Freshness")
struct FreshnessTests {
    let now = Date(timeIntervalSince1970: 1_748_310_000)
    let refused = RaceDataError.unavailable(source: "http://x", reason: "connection refused")

    @Test("fresh after a fetch; stale with age and reason after a failure; fresh again after a success")
    func staleness() {
        var freshness = Freshness()
        freshness.recordSuccess(RaceFeed(races: []), at: now)
        #expect(freshness.staleNotice(at: now.addingTimeInterval(125)) == nil)
        freshness.recordFailure(refused)
        freshness.recordFailure(refused)
        #expect(freshness.consecutiveFailures == 2)
        #expect(
            freshness.staleNotice(at: now.addingTimeInterval(125))
                == "stale — last update 2m ago (connection refused)")
        freshness.recordSuccess(RaceFeed(races: []), at: now.addingTimeInterval(130))
        #expect(freshness.consecutiveFailures == 0)
        #expect(freshness.staleNotice(at: now.addingTimeInterval(130)) == nil)
    }

    @Test("an offline copy is as old as its save, and counts as a failure for the backoff")
    func offlineCopy() {
        var freshness = Freshness()
        let copy = RaceFeed(races: []).offline(savedAt: now.addingTimeInterval(-3_600), because: refused)
        freshness.recordSuccess(copy, at: now)
        #expect(freshness.consecutiveFailures == 1)
        #expect(freshness.staleNotice(at: now) == "stale — last update 1h 0m ago (connection refused)")
    }

    @Test("a failure before any data is not stale: there is nothing to be stale")
    func failureFirst() {
        var freshness = Freshness()
        freshness.recordFailure(refused)
        #expect(freshness.staleNotice(at: now) == nil)
    }
}
