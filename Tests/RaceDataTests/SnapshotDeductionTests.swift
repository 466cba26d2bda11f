import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// The embedded day's late scratchings and their deductions: told from the one simulated world, each deduction from
/// the scratched runner's own fixed price as the sheet showed it the second before its scratching.
@Suite("Snapshot deductions")
struct SnapshotDeductionTests {
    @Test("every late scratching's deduction is its own price's at its scratching, the same on the card and the field")
    func fromTheRunnersOwnPrice() throws {
        let clock = ManualClock(SnapshotFieldTests.launch.timeIntervalSince1970)
        let cards = SnapshotRaceCardService(clock: clock)
        let fields = SnapshotFieldService(clock: clock)
        let feed = try SnapshotRaceService.embedded(clock: FixedClock(SnapshotFieldTests.launch)).fetchRaces()
        let races = Dictionary(
            feed.races.map { (SnapshotReplay.captureID(of: $0.id), $0) }, uniquingKeysWith: { first, _ in first }
        ).values
        var checked = 0
        for race in races {
            let made = try #require(try SnapshotRaceCardService.embeddedCard(SnapshotReplay.captureID(of: race.id)))
            let shift = made.advertisedStart.map { race.advertisedStart.timeIntervalSince($0) } ?? 0
            for runner in made.runners {
                guard case .late(let time?, nil) = runner.scratching else { continue }
                let at = time.addingTimeInterval(shift)
                clock.set(at.timeIntervalSince1970 - 1)
                let before = try #require(try cards.card(forRace: race.id))
                let shown = try #require(before.runners.first { $0.number == runner.number })
                #expect(shown.scratching == nil, "not out before its time")
                let price = try #require(shown.fixedWin)
                let starters = before.runners.filter { !$0.isScratched }.count
                let expected = try #require(Deduction.scratched(atPrice: price, starters: starters))
                clock.set(at.timeIntervalSince1970)
                let card = try #require(try cards.card(forRace: race.id)).runners.first { $0.number == runner.number }
                let field = try #require(try fields.field(forRace: race.id)).first { $0.number == runner.number }
                #expect(
                    card?.scratching == .late(at: at, deduction: expected), "\(race.id) \(runner.number) at \(price)")
                #expect(field?.scratching == card?.scratching)
                checked += 1
            }
        }
        #expect(checked > 50)
    }
}
