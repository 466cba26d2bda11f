import Core
import Foundation
import RaceData
import Synchronization
import TestSupport
import Testing

/// Races are marked through one place, by every marker a feature hands it.
@Suite("Race marks")
struct RaceMarksTests {
    /// Marks runner `number` of every race as `reason`; records what it is asked and told.
    final class Marker: RaceMarker {
        let number: Int
        let reason: String
        let warning: String?
        let prepared = Mutex<[[String]]>([])

        init(_ number: Int, _ reason: String, warning: String? = nil) {
            self.number = number
            self.reason = reason
            self.warning = warning
        }

        func prepare(_ races: [Race]) { prepared.withLock { $0.append(races.map(\.id)) } }
        func marks(inRace id: String) -> [RaceMark] {
            [RaceMark(runnerNumber: number, runnerName: "Runner \(number)", role: .runner, reason: reason)]
        }
        @MainActor func reload() -> String? { warning }
    }

    @Test("with none registered, nothing is marked")
    func none() {
        let marks = RaceMarks()
        #expect(marks.marks(inRace: "r1").isEmpty)
    }

    @Test("a second marker adds its marks to the first's: each is prepared and heard on reload")
    @MainActor
    func everyMarker() {
        let marks = RaceMarks()
        let book = Marker(3, "Brave Mistral", warning: "the book was set aside")
        let other = Marker(5, "a stable", warning: "the stable list was set aside")
        marks.register(book)
        #expect(marks.marks(inRace: "r1").map(\.reason) == ["Brave Mistral"])
        marks.register(other)
        #expect(marks.marks(inRace: "r1").map(\.runnerNumber) == [3, 5], "in the order they were registered")
        let clock = ManualClock(1_772_870_000)
        marks.prepare([Race.make("r1", startsIn: 60, from: clock)])
        for marker in [book, other] {
            #expect(marker.prepared.withLock { $0 } == [["r1"]])
        }
        #expect(marks.reload() == "the book was set aside\nthe stable list was set aside")
    }
}
