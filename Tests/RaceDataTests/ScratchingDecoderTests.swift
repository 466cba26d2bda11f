import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// A late scratching on an affiliates card: `scr_time` as the API documents it (a date-time) or as the race day
/// writes it (Unix seconds), and `deduction {win, place}` in cents in the dollar.
@Suite("Race card decoding: late scratchings")
struct ScratchingDecoderTests {
    let decoder = RaceCardDecoder()
    static let time = Date(timeIntervalSince1970: 1_752_713_000)

    private func late(_ members: [String: Any]) throws -> Scratching? {
        var runner = CardDocuments.runner(3, "Late One", late: true)
        runner.merge(members) { $1 }
        let card = try decoder.decode(CardDocuments.card(runners: [runner]), raceID: "r1", source: "test")
        return card.runners.first?.scratching
    }

    @Test(
        "scr_time as a date-time string (any offset, a fraction) or as Unix seconds; null, 0 or nonsense is none",
        arguments: [
            ("1752713000", true), ("\"2025-07-17T00:43:20Z\"", true), ("\"2025-07-17T12:43:20+12:00\"", true),
            ("\"2025-07-17T00:43:20.250Z\"", true), ("null", false), ("\"yesterday\"", false), ("0", false),
            ("1e300", false), ("\"1752713000\"", false),
        ])
    func scratchTime(json: String, known: Bool) throws {
        let told = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let scratching = try late(["scr_time": told, "scratch_time": 0])
        guard case .late(let at, _)? = scratching else {
            Issue.record("not a late scratching: \(String(describing: scratching))")
            return
        }
        #expect(
            (at.map { abs($0.timeIntervalSince(Self.time)) < 1 } ?? false) == known,
            "\(json): \(String(describing: at))")
    }

    @Test("scratch_time stands in where scr_time is not told")
    func scratchTimeInstead() throws {
        #expect(try late(["scr_time": NSNull(), "scratch_time": 1_752_713_000]) == .late(at: Self.time))
    }

    @Test("a deduction, win and place in cents; absent, partial or not numbers: none")
    func deduction() throws {
        #expect(
            try late(["deduction": ["win": 12.5, "place": 4]])
                == .late(at: Self.time, deduction: Deduction(win: 12.5, place: 4)))
        #expect(try late([:]) == .late(at: Self.time))
        for told: Any in [NSNull(), ["win": 12.5], ["win": "12.5", "place": "4"], [12.5, 4], "12.5c/4c"] {
            #expect(try late(["deduction": told]) == .late(at: Self.time), "\(told)")
        }
    }

    @Test(
        "hostile numbers are no deduction: negative, past a dollar, huge; 0 and 100 are",
        arguments: [
            (-1.0, 4.0, false), (12.5, 100.5, false), (1e300, 1, false), (-0.0001, 0, false), (0, 0, true),
            (100, 100, true),
        ] as [(Double, Double, Bool)])
    func hostile(win: Double, place: Double, kept: Bool) throws {
        let scratching = try late(["deduction": ["win": win, "place": place]])
        #expect(scratching == .late(at: Self.time, deduction: kept ? Deduction(win: win, place: place) : nil))
    }

    @Test("a deduction on a runner not scratched late is not read as one; an early scratching has no time")
    func notLate() throws {
        var runner = CardDocuments.runner(4, "Early", scratched: true)
        runner["deduction"] = ["win": 5, "place": 2]
        let fine = CardDocuments.runner(5, "Running")
        let card = try decoder.decode(CardDocuments.card(runners: [runner, fine]), raceID: "r1", source: "test")
        #expect(card.runners.map(\.scratching) == [.scratched, nil])
    }

    @Test("the race day's deduction comes from the runner's own price at its scratching, in cents, to the half cent")
    func derived() {
        // $21 in a field of 10: 4.76c off a win; three places, its place price $4.80, so 100/(4.8 x 3) off a place.
        #expect(Deduction.scratched(atPrice: 21, starters: 10) == Deduction(win: 5, place: 7))
        // $4 in six: 25c; two places at $1.40.
        #expect(Deduction.scratched(atPrice: 4, starters: 6) == Deduction(win: 25, place: 35.5))
        #expect(Deduction.scratched(atPrice: 4, starters: 4)?.place == 0, "no places paid, nothing off a place bet")
        #expect(Deduction.scratched(atPrice: .nan, starters: 8) == nil)
        #expect(Deduction.scratched(atPrice: 0.5, starters: 8) == nil)
        #expect(Deduction(win: 12.5, place: 4)?.text == "12.5c/4.0c")
    }
}
