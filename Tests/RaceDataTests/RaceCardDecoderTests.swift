import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// Race cards of the affiliates API (`/racing/events/{id}`), built here in the API's shape: the runners' keys
/// as the API spells them, with the nulls, strings-for-numbers and interim dividends real cards carry.
enum CardDocuments {
    static func runner(
        _ number: Int, _ name: String, barrier: Any = 1, win: Any = 5.0, place: Any = 1.8, flucs: Any = [8.5, 6, 5],
        scratched: Bool = false, late: Bool = false, favourite: Bool = false, mover: Bool = false
    ) -> [String: Any] {
        [
            "runner_number": number, "name": name, "barrier": barrier, "jockey": "Kate Hercock",
            "trainer_name": "Richard French", "weight": ["allocated": "57.5", "total": "57.5"],
            "odds": ["fixed_win": win, "fixed_place": place, "pool_win": 4.4, "pool_place": NSNull()],
            "flucs": flucs, "is_scratched": scratched, "is_late_scratched": late,
            "scr_time": late ? 1_752_713_000 : NSNull(), "favourite": favourite, "mover": mover,
            "last_twenty_starts": "4776X", "form_comment": NSNull(), "form_indicators": NSNull(),
            "past_performances": [["finish": 1, "margin": NSNull()]],
        ]
    }

    static func card(
        status: String = "Open", runners: [[String: Any]], results: [[String: Any]] = [],
        dividends: [[String: Any]] = []
    )
        -> Data
    {
        let document: [String: Any] = [
            "header": ["title": "Event Details", "generated_time": "2025-07-17T11:16:59Z"],
            "params": ["id": "r1"],
            "data": [
                "race": ["event_id": "r1", "status": status, "advertised_start": 1_752_713_400, "comment": NSNull()],
                "runners": runners, "results": results, "dividends": dividends, "favourite": NSNull(),
            ],
        ]
        return try! JSONSerialization.data(withJSONObject: document)
    }
}

@Suite("Race card decoding")
struct RaceCardDecoderTests {
    let decoder = RaceCardDecoder()

    @Test(
        "a weight given as a number no Int holds (the fuzz's 1e300) or out of range is left out, never a crash",
        arguments: [1e300, -1e300, 9.3e18, 250, 0])
    func hugeWeight(allocated: Double) throws {
        var runner = CardDocuments.runner(1, "Tickford")
        runner["weight"] = ["allocated": allocated]
        let card = try decoder.decode(CardDocuments.card(runners: [runner]), raceID: "r1", source: "test")
        #expect(card.runners.first?.weight == nil)
    }

    @Test("a weight given as a number is written as people write it: 58, 57.5")
    func numericWeight() throws {
        var whole = CardDocuments.runner(1, "Tickford")
        whole["weight"] = ["allocated": 58.0]
        var half = CardDocuments.runner(2, "Frosbie")
        half["weight"] = ["allocated": 57.5]
        let card = try decoder.decode(CardDocuments.card(runners: [whole, half]), raceID: "r1", source: "test")
        #expect(card.runners.map(\.weight) == ["58", "57.5"])
    }

    @Test("the field in number order, every column the sheet shows, scratchings and market marks")
    func field() throws {
        let data = CardDocuments.card(runners: [
            CardDocuments.runner(3, "Dealers Choice", barrier: 6, scratched: true),
            CardDocuments.runner(1, "Tickford", barrier: 7, favourite: true),
            CardDocuments.runner(2, "Frosbie", barrier: "2", win: 7.5, place: NSNull(), late: true, mover: true),
        ])
        let card = try decoder.decode(data, raceID: "r1", source: "test")
        #expect(card.status == .open)
        #expect(card.runners.map(\.number) == [1, 2, 3])
        let tickford = try #require(card.runners.first)
        #expect(tickford.name == "Tickford")
        #expect(tickford.barrier == 7)
        #expect(tickford.rider == "Kate Hercock")
        #expect(tickford.trainer == "Richard French")
        #expect(tickford.weight == "57.5")
        #expect(tickford.fixedWin == 5)
        #expect(tickford.fixedPlace == 1.8)
        #expect(tickford.flucs == [8.5, 6, 5])
        #expect(tickford.isFavourite && !tickford.isMover && !tickford.isScratched)
        #expect(tickford.lastStarts == "4776X")
        let frosbie = card.runners[1]
        #expect(frosbie.barrier == 2, "a number given as a string")
        #expect(frosbie.fixedPlace == nil, "null leaves a gap")
        #expect(frosbie.scratching == .late(at: Date(timeIntervalSince1970: 1_752_713_000)))
        #expect(frosbie.isMover)
        #expect(card.runners[2].scratching == .scratched)
    }

    @Test("after the jump: placings with margins, and each pool's final dividend where the card also lists the interim")
    func results() throws {
        let data = CardDocuments.card(
            status: "Final", runners: [CardDocuments.runner(1, "A")],
            results: [
                [
                    "position": 2, "runner_number": 4, "name": "Ruji", "margin_length": 0.4,
                    "positional_margin": "LG NK",
                ],
                ["position": 1, "runner_number": 2, "name": "Frosbie", "margin_length": 0],
                ["position": "x", "runner_number": 9],
            ],
            dividends: [
                ["product_name": "Pool Win", "status": "Interim", "dividend": 6.5, "description": "2"],
                ["product_name": "Pool Win", "status": "Final", "dividend": 6.6, "description": "2"],
                ["product_name": "Pool Quinella", "status": "Interim", "dividend": 13.7, "description": "2:4"],
                ["product_name": "Pool Trifecta", "status": "Final", "dividend": -1, "description": "2:4:7"],
            ])
        let card = try decoder.decode(data, raceID: "r1", source: "test")
        #expect(card.status == .final)
        #expect(
            card.placings == [
                Placing(position: 1, runnerNumber: 2, name: "Frosbie"),
                Placing(position: 2, runnerNumber: 4, name: "Ruji", margin: "LG NK"),
            ])
        #expect(
            card.dividends == [
                Dividend(bet: "Win", runners: "2", amount: 6.6, isFinal: true),
                Dividend(bet: "Quinella", runners: "2:4", amount: 13.7, isFinal: false),
            ])
    }

    @Test("prices that are not prices, runners without a number or name, and wrong types leave gaps, never a crash")
    func tolerant() throws {
        let data = CardDocuments.card(runners: [
            CardDocuments.runner(1, "Good", win: 1e308, place: "1.8", flucs: [0, -3, "x", 4.5, 1e300]),
            ["name": "No number"], ["runner_number": 5], ["runner_number": 1e20, "name": "Huge"],
            [
                "runner_number": 6, "name": "Odd types", "barrier": true, "odds": "none", "flucs": 7,
                "is_scratched": "yes",
            ],
        ])
        let card = try decoder.decode(data, raceID: "r1", source: "test")
        #expect(card.runners.map(\.name) == ["Good", "Odd types"])
        #expect(card.runners[0].fixedWin == nil)
        #expect(card.runners[0].fixedPlace == nil)
        #expect(card.runners[0].flucs == [4.5])
        #expect(card.runners[1].barrier == nil && card.runners[1].flucs.isEmpty && !card.runners[1].isScratched)
    }

    @Test("a card that is not one is a clear error naming the source")
    func notACard() {
        #expect(throws: RaceDataError.invalidFeed(source: "s", reason: "it has no `data` object")) {
            try decoder.decode(Data(#"{"header": {}}"#.utf8), raceID: "r", source: "s")
        }
        #expect(
            throws: RaceDataError.invalidFeed(
                source: "s", reason: "expected a JSON object at the top level, found an array")
        ) {
            try decoder.decode(Data("[1]".utf8), raceID: "r", source: "s")
        }
        #expect(throws: RaceDataError.invalidFeed(source: "s", reason: "it is HTML, not JSON (starts \"<html>\")")) {
            try decoder.decode(Data("<html>".utf8), raceID: "r", source: "s")
        }
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: RaceDataError.self) {
            try decoder.decode(Data(#"{"data": {"runners": \#(deep)"#.utf8), raceID: "r", source: "s")
        }
    }

    @Test("a field of thousands is capped; a name of megabytes is cut")
    func capped() throws {
        let runners = (1...999).map { CardDocuments.runner($0, String(repeating: "N", count: $0 == 1 ? 3_000_000 : 5)) }
        let card = try decoder.decode(CardDocuments.card(runners: runners), raceID: "r1", source: "test")
        #expect(card.runners.count == RaceCard.maximumEntries)
        #expect(card.runners[0].name.count == Race.maximumTextLength + 1)
    }
}

/// The two real cards of the affiliates API (NZ TAB's deployment, the same platform as Neds), read where the
/// shared captures are; skipped with a note in a clone without them.
@Suite("Real race cards", .enabled(if: RealCaptures.available, Comment(rawValue: RealCaptures.absence)))
struct RealRaceCardTests {
    static let cards = [
        "affiliates/WarrickSmith__raceday__nztab__Events-For-A-Specified-Race.json",
        "affiliates/WarrickSmith__raceday-postgresql__sample-race-data.json",
    ]

    @Test(
        "each real card decodes: every runner with its prices, the placings and the final dividends", arguments: cards)
    func decodes(name: String) throws {
        let data = try RealCaptures.data(name)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let body = try #require(json["data"] as? [String: Any])
        let runners = try #require(body["runners"] as? [[String: Any]])
        let results = try #require(body["results"] as? [[String: Any]])
        let card = try RaceCardDecoder().decode(data, raceID: "x", source: name)
        #expect(card.status == .final)
        #expect(card.runners.count == runners.count)
        #expect(card.runners.map(\.number) == runners.compactMap { $0["runner_number"] as? Int }.sorted())
        for runner in card.runners {
            let raw = try #require(runners.first { $0["runner_number"] as? Int == runner.number })
            #expect(runner.name == raw["name"] as? String)
            #expect(runner.rider == raw["jockey"] as? String)
            #expect(runner.fixedWin == (raw["odds"] as? [String: Any])?["fixed_win"] as? Double)
            #expect(runner.flucs == (raw["flucs"] as? [Double]) ?? [])
            #expect(runner.isFavourite == (raw["favourite"] as? Bool))
        }
        #expect(card.placings.count == results.count)
        #expect(card.placings.first?.position == 1)
        #expect(card.dividends.allSatisfy { $0.isFinal }, "each pool's final dividend, the interim dropped")
        #expect(card.dividends.contains { $0.bet == "Win" })
        #expect(card.dividends.contains { $0.bet == "Trifecta" })
    }
}
