import Core
import Foundation
import RaceData
import RaceListPresenter
import RaceListTestSupport
import TestSupport
import Testing

@Suite("Board narrowing: search, region, only, count")
struct BoardNarrowingTests {
    let clock = ManualClock()

    private func race(_ id: String, _ minutes: Double, meeting: String, venue: String? = nil, country: String?) -> Race
    {
        Race(
            id: id, number: 1, meetingName: meeting, category: id.hasPrefix("g") ? .greyhound : .horse,
            advertisedStart: clock.now().addingTimeInterval(minutes * 60),
            venue: Venue(name: venue ?? meeting, country: country))
    }

    private var board: RaceBoard {
        var board = RaceBoard()
        board.replaceRaces(
            with: RaceFeed(races: [
                race("h1", 1, meeting: "Flemington", country: "AUS"),
                race("g1", 2, meeting: "Wentworth Park", country: "AUS"),
                race("h2", 3, meeting: "Trentham", country: "NZ"),
                race("h3", 4, meeting: "Mérignac", country: "FR"),
                race("g2", 5, meeting: "Albion Park", country: nil),
                race("h4", 6, meeting: "Happy Valley", venue: "Sha Tin", country: "HK"),
            ]), at: clock.now())
        return board
    }

    @Test("search is case- and accent-insensitive, on meeting or venue, and combines with the categories")
    func search() {
        var board = self.board
        board.search(for: "PARK")
        #expect(board.visible.map(\.id) == ["g1", "g2"])
        board.search(for: "merignac")
        #expect(board.visible.map(\.id) == ["h3"])
        board.search(for: "sha tin")
        #expect(board.visible.map(\.id) == ["h4"])
        board.search(for: "park")
        board.toggle([.horse])
        #expect(board.visible.isEmpty)
        #expect(
            board.emptyMessage
                == "No upcoming horse races matching \"park\". Type `filter clear` or `search` to see more.")
        board.search(for: "  ")
        #expect(board.search == nil)
        #expect(board.narrowing.isEmpty)
    }

    @Test("regions by the venue's country; no country counts as international")
    func regions() {
        var board = self.board
        board.narrow(to: .australia)
        #expect(board.visible.map(\.id) == ["h1", "g1"])
        board.narrow(to: .newZealand)
        #expect(board.visible.map(\.id) == ["h2"])
        board.narrow(to: .international)
        #expect(board.visible.map(\.id) == ["h3", "g2", "h4"])
        #expect(board.narrowing == ["international"])
        board.search(for: "valley")
        #expect(board.narrowing == ["international", "\"valley\""])
        #expect(RaceRegion(userInput: "NZ") == .newZealand && RaceRegion(userInput: "all") == nil)
    }

    @Test("only sets the categories exactly; count sets the size within 1 to 20")
    func onlyAndCount() {
        var board = self.board
        board.toggle([.greyhound])
        board.showOnly([.horse])
        #expect(board.categories == [.horse])
        board.resize(to: 2)
        #expect(board.visible.map(\.id) == ["h1", "h2"])
        board.resize(to: 50)
        #expect(board.size == 20)
        #expect(board.isShort)
    }
}

@Suite("Did you mean")
struct DidYouMeanTests {
    @Test("the nearest known word within a slip, or nothing")
    func nearest() {
        #expect(DidYouMean.closest(to: "lsit", among: ["list", "watch"]) == "list")
        #expect(DidYouMean.closest(to: "greyhund", among: RaceCategory.typedNames) == "greyhound")
        #expect(DidYouMean.closest(to: "dance", among: ["list", "watch"]) == nil)
        #expect(DidYouMean.closest(to: "list", among: ["list"]) == nil)
        #expect(DidYouMean.closest(to: "?", among: ["f", "q"]) == nil, "under three letters is no word")
        #expect(DidYouMean.closest(to: String(repeating: "x", count: 10_000), among: ["list"]) == nil)
    }
}
