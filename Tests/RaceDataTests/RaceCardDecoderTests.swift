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

    /// - Parameter race: more members of the race's own object (its going, weather, class...).
    static func card(
        status: String = "Open", runners: [[String: Any]], results: [[String: Any]] = [],
        dividends: [[String: Any]] = [], race: [String: Any] = [:]
    )
        -> Data
    {
        let raceObject: [String: Any] = [
            "event_id": "r1", "status": status, "advertised_start": 1_752_713_400, "comment": NSNull(),
        ]
        let document: [String: Any] = [
            "header": ["title": "Event Details", "generated_time": "2025-07-17T11:16:59Z"],
            "params": ["id": "r1"],
            "data": [
                "race": raceObject.merging(race) { $1 },
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

    @Test("a harness runner's barrier position (its row in a mobile start) as the card gives it, bounded")
    func barrierPosition() throws {
        var front = CardDocuments.runner(1, "Tickford")
        front["barrier_position"] = "Fr3"
        var long = CardDocuments.runner(2, "Frosbie")
        long["barrier_position"] = String(repeating: "x", count: 500)
        let card = try decoder.decode(CardDocuments.card(runners: [front, long]), raceID: "r1", source: "test")
        #expect(card.runners.first?.barrierPosition == "Fr3")
        let cut = try #require(card.runners.last?.barrierPosition)
        #expect(cut.count <= 13 && cut.hasPrefix("xxxxxxxxxxxx"), "cut to 12 and a mark that it was: \(cut)")
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
        #expect(tickford.isMarketFavourite && !tickford.isMover && !tickford.isScratched)
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
            #expect(runner.isMarketFavourite == (raw["favourite"] as? Bool))
        }
        #expect(card.placings.count == results.count)
        #expect(card.placings.first?.position == 1)
        #expect(card.dividends.allSatisfy { $0.isFinal }, "each pool's final dividend, the interim dropped")
        #expect(card.dividends.contains { $0.bet == "Win" })
        #expect(card.dividends.contains { $0.bet == "Trifecta" })
    }
}

/// A runner's form, records, speed map, silks, gear, breeding, tote and price history, as each real card has
/// them: every value checked against the card's own JSON.
@Suite("Real race cards: the form", .enabled(if: RealCaptures.available, Comment(rawValue: RealCaptures.absence)))
struct RealRunnerFormTests {
    @Test("form, records, speed map, silks, gear, tote and flucs as the card says", arguments: RealRaceCardTests.cards)
    func form(name: String) throws {
        let data = try RealCaptures.data(name)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runners = try #require((json["data"] as? [String: Any])?["runners"] as? [[String: Any]])
        let card = try RaceCardDecoder().decode(data, raceID: "x", source: name)
        var mapped = 0
        for runner in card.runners {
            let raw = try #require(runners.first { $0["runner_number"] as? Int == runner.number })
            let form = try #require(runner.form, "runner \(runner.number) has form on the card")
            #expect(form.silks == raw["silk_colours"] as? String)
            #expect(form.gear == (raw["gear"] as? String).flatMap { $0.isEmpty ? nil : $0 })
            #expect(form.age == raw["age"] as? Int)
            #expect(form.sire == raw["sire"] as? String && form.dam == raw["dam"] as? String)
            let odds = raw["odds"] as? [String: Any]
            #expect(form.toteWin == odds?["pool_win"] as? Double)
            #expect(form.totePlace == odds?["pool_place"] as? Double)
            let starts = raw["last_starts"] as? [[String: Any]] ?? []
            #expect(form.starts.count == min(starts.count, RunnerForm.maximumStarts))
            for (start, rawStart) in zip(form.starts, starts) {
                #expect(start.track == (rawStart["track"] as? String)?.trimmingCharacters(in: .whitespaces))
                // "0" is a start it did not finish.
                #expect(
                    start.finish == (rawStart["finish"] as? String).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil })
                #expect(start.distance == (rawStart["distance"] as? String).flatMap { Int($0) })
                #expect(start.margin == rawStart["margin"] as? String)
            }
            for record in form.records {
                let rawRecord = try #require(raw[record.kind.rawValue] as? [String: Any])
                #expect(record.starts == rawRecord["number_of_starts"] as? Int)
                #expect(record.wins == rawRecord["number_of_wins"] as? Int)
            }
            #expect(form.records.map(\.kind).contains(.track))
            if let map = raw["speedmap"] as? [String: Any] {
                mapped += 1
                #expect(form.speedMap?.label == map["label"] as? String)
                #expect(form.speedMap?.settlingLengths == (map["settling_lengths"] as? NSNumber)?.doubleValue)
            }
            let open = (raw["flucs_with_timestamp"] as? [String: Any])?["open"] as? [String: Any]
            if let open, let price = open["fluc"] as? Double {
                #expect(form.priceHistory.first?.price == price)
                #expect(form.priceHistory.first?.at != nil, "its time read")
            }
        }
        #expect(mapped > 0, "the card has a speed map")
    }

    @Test("the speed map runs from the lead back: settling lengths never rise down the lanes")
    func speedMapOrder() throws {
        let data = try RealCaptures.data(RealRaceCardTests.cards[0])
        let card = try RaceCardDecoder().decode(data, raceID: "x", source: "real")
        let placed = card.runners.filter { $0.form?.speedMap?.settlingLengths != nil && !$0.isScratched }
        let order = RaceCard(raceID: "x", runners: placed).runners.sorted {
            $0.form!.speedMap!.settlingLengths! > $1.form!.speedMap!.settlingLengths!
        }
        #expect(!order.isEmpty)
        #expect(order.first!.form!.speedMap!.settlingLengths! >= order.last!.form!.speedMap!.settlingLengths!)
    }
}

@Suite("Runner form decoding")
struct RunnerFormDecodingTests {
    static func formRunner() -> [String: Any] {
        var runner = CardDocuments.runner(4, "Jolly Clover")
        runner["silk_colours"] = "Cerise & gold hoops"
        runner["gear"] = "Blinkers ON"
        runner["age"] = 5
        runner["sex"] = "m"
        runner["colour"] = "b"
        runner["sire"] = "Snitzel"
        runner["dam"] = "Clover Field"
        runner["speedmap"] = ["label": "On Pace", "settling_lengths": 7]
        runner["track"] = ["number_of_starts": 4, "number_of_wins": 2, "number_of_seconds": 1, "number_of_thirds": 0]
        runner["heavy"] = ["number_of_starts": 0]
        runner["last_starts"] = [
            [
                "date": "29/12/2024", "track": "WGUI", "distance": "2060", "track_condition": "Good 4", "finish": "6",
                "number_of_runners": "12", "margin": "8.30", "jockey": "Marc Lerner", "starting_price": "25.00",
                "winner": "Leave A Light On",
            ],
            ["date": "23/11/2024", "finish": "1", "number_of_runners": "11", "margin": "0.00"],
        ]
        runner["flucs_with_timestamp"] = [
            "open": ["fluc": 8.5, "timestamp": "2025-07-15T04:30:44.920959249Z"],
            "last_six": [
                ["fluc": 8.5, "timestamp": "2025-07-15T04:30:44.920959249Z"],
                ["fluc": 6, "timestamp": "2025-07-17T00:21:19Z"], ["fluc": 5, "timestamp": "not a time"],
            ],
        ]
        return runner
    }

    @Test("every part of the form read, the same point of the price history kept once")
    func reads() throws {
        let card = try RaceCardDecoder().decode(
            CardDocuments.card(runners: [Self.formRunner()]), raceID: "r1", source: "test")
        let form = try #require(card.runners.first?.form)
        #expect(form.silks == "Cerise & gold hoops" && form.gear == "Blinkers ON")
        #expect(form.age == 5 && form.sex == "m" && form.colour == "b" && form.sire == "Snitzel")
        #expect(form.speedMap == SpeedMapPlace(label: "On Pace", settlingLengths: 7))
        #expect(
            form.records == [
                FormRecord(kind: .track, starts: 4, wins: 2, seconds: 1, thirds: 0),
                FormRecord(kind: .heavy, starts: 0, wins: 0, seconds: 0, thirds: 0),
            ])
        #expect(form.starts.count == 2)
        #expect(
            form.starts[0]
                == PastStart(
                    date: "29/12/2024", track: "WGUI", distance: 2060, trackCondition: "Good 4", finish: 6, runners: 12,
                    margin: "8.30", rider: "Marc Lerner", startingPrice: 25, winner: "Leave A Light On"))
        #expect(form.toteWin == 4.4 && form.totePlace == nil)
        #expect(form.priceHistory.map(\.price) == [8.5, 6, 5])
        #expect(form.priceHistory.map { $0.at == nil } == [false, false, true])
    }

    @Test(
        "a part null, missing, of the wrong type or absurd leaves its cell empty, never the card",
        arguments: [
            "last_starts", "speedmap", "silk_colours", "age", "track", "flucs_with_timestamp", "gear", "sire",
        ])
    func hostile(field: String) throws {
        for value: Any in [NSNull(), "x", 1e300, -5, [1, 2], ["deep": ["deeper": ["deepest": 1]]], true, [[:]]] {
            var runner = Self.formRunner()
            runner[field] = value
            let card = try RaceCardDecoder().decode(
                CardDocuments.card(runners: [runner]), raceID: "r1", source: "test")
            #expect(card.runners.count == 1, "\(field) = \(value)")
            #expect(card.runners.first?.name == "Jolly Clover")
            if field == "age" { #expect(card.runners.first?.form?.age == nil) }
        }
    }

    @Test("a card with a thousand starts and price moves keeps a few of each")
    func bounded() throws {
        var runner = Self.formRunner()
        runner["last_starts"] = Array(repeating: ["finish": "2", "track": "Ascot"], count: 1_000)
        runner["flucs_with_timestamp"] = [
            "last_six": (0..<1_000).map { ["fluc": 2.0 + Double($0) / 10, "timestamp": "2025-07-15T04:30:44Z"] }
        ]
        let card = try RaceCardDecoder().decode(CardDocuments.card(runners: [runner]), raceID: "r1", source: "test")
        #expect(card.runners.first?.form?.starts.count == RunnerForm.maximumStarts)
        #expect((card.runners.first?.form?.priceHistory.count ?? 0) <= RunnerForm.maximumPrices)
    }
}
