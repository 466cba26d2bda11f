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
        board.replaceRaces(with: RaceFeed(races: races), at: now)
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

    @Test("an abandoned race takes no place on the board; the board says which it left off")
    func abandoned() {
        var board = board((1...7).map { race("r\($0)", in: TimeInterval($0 * 10)) })
        board.abandonedIDs = ["r2", "r7"]
        #expect(board.visible.map(\.id) == ["r1", "r3", "r4", "r5", "r6"])
        #expect(board.abandonedNote == "Abandoned: R1 r2.", "r7 would not have been on the board")
        board.resize(to: 10)
        #expect(board.abandonedNote == "Abandoned: R1 r2, R1 r7.", "a short board names every one")
        board.toggle([.greyhound])
        #expect(board.abandonedNote == nil, "only races the filter lets through")
    }

    @Test("positions mean the board as last drawn, even after it changed")
    func positions() throws {
        var board = board([race("a", in: 10), race("b", in: 20)])
        #expect(board.draw().map(\.id) == ["a", "b"])
        board.replaceRaces(with: RaceFeed(races: [race("c", in: 5), race("a", in: 10), race("b", in: 20)]), at: now)
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
            with: RaceFeed(races: [], skipped: [SkippedRace(key: "x", reason: "missing race_id")]), at: now)
        #expect(board.skippedNote == "1 race in the feed was left out (missing race_id).")
    }

    @Test("a race the next feed no longer lists stays until 60 s after its start: it leaves by the clock")
    func keepsItsMinute() {
        var board = board([race("started", in: -10), race("soon", in: 120), race("later", in: 600)])
        board.replaceRaces(with: RaceFeed(races: [race("later", in: 600), race("new", in: 900)]), at: now)
        #expect(board.races.map(\.id) == ["started", "soon", "later", "new"])
        #expect(board.removeExpired(at: now.addingTimeInterval(49.9)).isEmpty)
        #expect(board.removeExpired(at: now.addingTimeInterval(50)).map(\.id) == ["started"])
        // A race the feed lists again is the feed's: its new start counts.
        board.replaceRaces(with: RaceFeed(races: [race("soon", in: 300)]), at: now.addingTimeInterval(50))
        #expect(board.race(id: "soon")?.advertisedStart == now.addingTimeInterval(300))
        // Already gone by the clock when the feed comes: not kept.
        board.replaceRaces(with: RaceFeed(races: [race("new", in: 900)]), at: now.addingTimeInterval(700))
        #expect(board.races.map(\.id) == ["new"])
    }

    @Test("a short board says how many of the filter are to come; a full or empty one says nothing")
    func shortNote() {
        var board = board([race("h1", in: 60), race("g1", in: 120, .greyhound), race("h2", in: 180)])
        #expect(board.shortNote == "Only 3 races to come in the feed.")
        board.toggle([.greyhound])
        #expect(board.shortNote == "Only 1 greyhound race to come in the feed.")
        board.narrow(to: .australia)
        board.search(for: "park")
        #expect(board.visible.isEmpty)
        #expect(board.shortNote == nil, "empty: the empty message speaks")
        board = self.board((1...5).map { race("r\($0)", in: Double($0) * 60) })
        #expect(board.shortNote == nil)
        board.resize(to: 6)
        #expect(board.shortNote == "Only 5 races to come in the feed.")
    }

    @Test("a feed whose races had all run says so, with the replay that would bring them back")
    func allRan() {
        var board = RaceBoard()
        let ran = [race("a", in: -7200), race("b", in: -3600)]
        board.replaceRaces(with: RaceFeed(races: ran, replaySource: "replay:races.json"), at: now)
        board.removeExpired(at: now)
        #expect(
            board.emptyMessage
                == "All 2 races in the feed had run before it was read (the last started 2025-05-27T00:40:00Z). Type `next-to-go --source 'replay:races.json'` to replay them against the clock."
        )
        board.replaceRaces(with: RaceFeed(races: [race("c", in: 60)]), at: now)
        #expect(board.allRan == nil)
        board.replaceRaces(with: RaceFeed(races: []), at: now)
        #expect(board.emptyMessage == "No upcoming races.", "an empty feed is not one that ran")
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
