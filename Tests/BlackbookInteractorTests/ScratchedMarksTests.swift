import BlackbookInteractor
import Core
import Foundation
import RaceData
import TestSupport
import Testing

extension BlackbookInteractorTests {
    @Test("a followed runner scratched late is no longer marked, but said as whom the scratching took out")
    func scratchedMarks() {
        let entries = [
            BlackbookEntry(kind: .runner, name: "Brave Mistral", followedAt: clock.now()),
            BlackbookEntry(kind: .rider, name: "J McDonald", followedAt: clock.now()),
        ]
        book.record(
            field: [
                Runner(number: 1, name: "Still In", rider: "K McEvoy"),
                Runner(
                    number: 7, name: "Brave Mistral", rider: "J McDonald",
                    scratching: .late(at: clock.now(), deduction: Deduction(win: 5, place: 7))),
                Runner(number: 9, name: "Early Out", rider: "J McDonald", scratching: .scratched),
            ], forRace: "r1", at: clock.now())
        let following = marker(FakeKeptList(entries), cards(), atOnce: true)
        #expect(following.marks(inRace: "r1").isEmpty, "out of the race: not marked on the board or the sheet")
        #expect(
            following.scratchedMarks(inRace: "r1").map { "\($0.runnerNumber) \($0.role)" } == ["7 runner", "7 rider"])
        #expect(following.scratchedMarks(inRace: "r2").isEmpty, "no field read")
        let marks = RaceMarks(following)
        #expect(marks.scratchedMarks(inRace: "r1").count == 2)
        #expect(marker(FakeKeptList(), cards(), atOnce: true).scratchedMarks(inRace: "r1").isEmpty, "nobody followed")
    }
}
