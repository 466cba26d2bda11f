import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// The embedded day's fields apart from its cards: the same runners, riders, trainers and scratchings as the
/// card tells at every moment, late scratchings from their time.
@Suite("Snapshot race fields")
struct SnapshotFieldTests {
    static let launch = Date(timeIntervalSince1970: 1_772_870_000)

    /// What of a runner the field tells.
    private static func essentials(_ runners: [Runner]) -> [String] {
        runners.map { "\($0.number) \($0.name) \($0.rider ?? "-") \($0.trainer ?? "-") \($0.isScratched)" }
    }

    @Test(
        "every race's field is its card's: names, riders, trainers, and who is scratched, before and after each late scratching; those with a late scratching found as such"
    )
    func agreesWithTheCards() throws {
        let clock = ManualClock(Self.launch.timeIntervalSince1970)
        let cards = SnapshotRaceCardService(clock: clock)
        let fields = SnapshotFieldService(clock: clock)
        let feed = try SnapshotRaceService.embedded(clock: FixedClock(Self.launch)).fetchRaces()
        let races = Dictionary(
            feed.races.map { (SnapshotReplay.captureID(of: $0.id), $0) }, uniquingKeysWith: { first, _ in first }
        ).values
        var compared = 0
        var lateScratchings = 0
        for race in races {
            let made = try #require(try SnapshotRaceCardService.embeddedCard(SnapshotReplay.captureID(of: race.id)))
            let shift = made.advertisedStart.map { race.advertisedStart.timeIntervalSince($0) } ?? 0
            var moments = [Self.launch, race.advertisedStart.addingTimeInterval(60)]
            for runner in made.runners {
                if case .late(let time?, _) = runner.scratching {
                    let shifted = time.addingTimeInterval(shift)
                    moments += [shifted.addingTimeInterval(-1), shifted]
                    lateScratchings += 1
                }
            }
            for moment in moments {
                clock.set(moment.timeIntervalSince1970)
                let card = try #require(try cards.card(forRace: race.id))
                let field = try #require(try fields.field(forRace: race.id), "\(race.id)")
                #expect(Self.essentials(field) == Self.essentials(card.runners), "\(race.id) at \(moment)")
                // The day's scratchings decode only the fields that name a late scratching: those, and no other.
                let scratchedLate = made.runners.contains { if case .late = $0.scratching { true } else { false } }
                let late = try fields.fieldWithLateScratchings(forRace: race.id)
                #expect((late != nil) == scratchedLate, "\(race.id)")
                #expect(late.map(Self.essentials) ?? Self.essentials(field) == Self.essentials(field), "\(race.id)")
                compared += 1
            }
        }
        #expect(compared > 700 && lateScratchings > 50)
    }

    @Test("a race not in the day, or a damaged field, is no field and no crash; damaged data says so")
    func unknownAndDamaged() throws {
        let clock = FixedClock(Self.launch)
        let stamp = "@\(Int(Self.launch.timeIntervalSince1970))"
        #expect(try SnapshotFieldService(clock: clock).field(forRace: "no-such-race" + stamp) == nil)
        let bundle = """
            {"a": {"data": {"race": {"advertised_start": \(Int(Self.launch.timeIntervalSince1970))}, "runners": [
              {"runner_number": 1, "name": "Ace", "jockey": " ", "trainer_name": "  "},
              {"runner_number": "x", "name": "Bad"}, {"runner_number": 2},
              {"runner_number": 3, "name": " Three ", "jockey": "R", "trainer_name": "T",
               "is_late_scratched": true, "scr_time": 1e999},
              {"runner_number": 4, "name": "Four", "is_scratched": true}, {"runner_number": 5.5, "name": "Five"},
              {"runner_number": 0, "name": "Zero"}, {"runner_number": 1000, "name": "Big"}]}},
             "b": {"data": {"runners": []}}}
            """
        let cards = try RaceCardDecoder().decodeBundle(Data(bundle.utf8), source: "test")
        let damaged = SnapshotFieldService(clock: clock) { id throws(RaceDataError) in cards[id] }
        let field = try #require(try damaged.field(forRace: "a" + stamp))
        #expect(field.map(\.number) == [1, 3, 4])
        // Trimmed as the card's decoder trims: blank is none. A late scratching at no sound time is scratched
        // throughout, as the card has it.
        #expect(field.map(\.name) == ["Ace", "Three", "Four"] && field[0].rider == nil && field[0].trainer == nil)
        #expect(field.map(\.isScratched) == [false, true, true])
        #expect(try damaged.field(forRace: "b" + stamp) == [])
        #expect(throws: RaceDataError.self) {
            try SnapshotFieldService(clock: clock) { _ throws(RaceDataError) in
                throw .unavailable(source: "test", reason: "damaged")
            }.field(forRace: "a" + stamp)
        }
    }
}
