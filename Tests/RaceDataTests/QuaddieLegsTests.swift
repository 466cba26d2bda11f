import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

@Suite("Quaddie legs")
struct QuaddieLegsTests {
    @Test(
        "as the totes set them: the last four races, the early quaddie the four before, overlapping on short cards",
        arguments: [
            (3, [], []), (4, [1, 2, 3, 4], []), (5, [2, 3, 4, 5], []), (6, [3, 4, 5, 6], [1, 2, 3, 4]),
            (7, [4, 5, 6, 7], [1, 2, 3, 4]), (8, [5, 6, 7, 8], [1, 2, 3, 4]), (10, [7, 8, 9, 10], [3, 4, 5, 6]),
            (12, [9, 10, 11, 12], [5, 6, 7, 8]),
        ] as [(Int, [Int], [Int])])
    func standard(races: Int, quaddie: [Int], early: [Int]) {
        let legs = QuaddieLegs.standard(raceNumbers: Array((1...races).reversed()))
        #expect(legs.quaddie == quaddie && legs.earlyQuaddie == early)
    }

    @Test("what a list names is kept as race numbers in order, once each; more than eight, or none real, is none")
    func sanitised() {
        #expect(QuaddieLegs(quaddie: [8, 5, 6, 7, 7], earlyQuaddie: [0, -1, 1]).quaddie == [5, 6, 7, 8])
        #expect(QuaddieLegs(quaddie: [], earlyQuaddie: [0, -1, 1]).earlyQuaddie == [1])
        #expect(QuaddieLegs(quaddie: Array(1...9), earlyQuaddie: []).isEmpty)
        #expect(QuaddieLegs.isRun(inCountry: "AUS") && QuaddieLegs.isRun(inCountry: "nz"))
        #expect(!QuaddieLegs.isRun(inCountry: "UK") && !QuaddieLegs.isRun(inCountry: nil))
    }

    @Test("a meetings list's `quaddie` and `early_quaddie`; hostile values are no legs, never a crash")
    func decoded() throws {
        func day(_ quaddie: String, _ early: String = "[]") throws -> RaceDay {
            let json = """
                {"data": {"meetings": [{"meeting": "m", "name": "Grafton", "category": "T", "country": "AUS",
                "quaddie": \(quaddie), "early_quaddie": \(early),
                "races": [{"id": "r1", "race_number": 1, "start_time": "2026-03-07T01:00:00Z", "status": "Open"}]}]}}
                """
            return try MeetingsListDecoder().decode(Data(json.utf8), source: "t")
        }
        #expect(try day("[5,6,7,8]", "[1,2,3,4]").meetings.first?.quaddies.earlyQuaddie == [1, 2, 3, 4])
        #expect(try day("[5,6,7,8]").meetings.first?.quaddies.quaddie == [5, 6, 7, 8])
        #expect(try day("[5.5, \"6\", [7], {}, 1e300, -3, 8]").meetings.first?.quaddies.quaddie == [8])
        #expect(
            try day("[\(Array(repeating: "1", count: 10_000).joined(separator: ","))]").meetings.first?.quaddies.isEmpty
                == true)
        #expect(try day("null", "\"R1-R4\"").meetings.first?.quaddies == QuaddieLegs.none)
        #expect(try day("{\"legs\": [1]}").meetings.first?.races.count == 1, "the meeting is still read")
    }
}

/// The real meetings list's legs, where the shared captures are.
@Suite("Real meetings list's quaddies", .enabled(if: RealCaptures.available, Comment(rawValue: RealCaptures.absence)))
struct RealQuaddieLegsTests {
    @Test("30 of the 76 meetings name legs; Winton's quaddie R7-R10 and early quaddie R2-R5; Grafton R5-R8, R1-R4")
    func legs() throws {
        let name = "affiliates/WarrickSmith__raceday__nztab__List-of-meetings.json"
        let day = try MeetingsListDecoder().decode(try RealCaptures.data(name), source: name)
        #expect(day.meetings.filter { !$0.quaddies.isEmpty }.count == 30)
        let winton = try #require(day.meetings.first { $0.races.first?.meetingName == "Winton" })
        #expect(winton.quaddies == QuaddieLegs(quaddie: [7, 8, 9, 10], earlyQuaddie: [2, 3, 4, 5]))
        let grafton = try #require(day.meetings.first { $0.races.first?.meetingName == "Grafton" })
        #expect(grafton.quaddies == QuaddieLegs(quaddie: [5, 6, 7, 8], earlyQuaddie: [1, 2, 3, 4]))
    }
}
