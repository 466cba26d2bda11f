import Foundation
import TestSupport
import Testing

/// Race cards on the sheet, from a folder of cards in the affiliates API's shape (`--cards file:DIR`).
@Suite("next-to-go race cards end to end")
struct RaceCardEndToEndTests {
    /// Northfield Park R7, race 1 of the ten-race feed at `RaceListEndToEndTests.now`.
    static let northfieldPark = "782a173e-f085-4512-a93e-3fcdb427b66d"

    /// A folder holding Northfield Park R7's open card alone, as a card server serves it.
    static func openCardFolder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        _ = try folder.file(northfieldPark + ".json", contents: try card(status: "Open"))
        return folder
    }

    /// - Parameter race: more members of the card's race object (its going, weather, class...).
    static func card(status: String, race: [String: Any] = [:]) throws -> Data {
        let runners: [[String: Any]] = [
            [
                "runner_number": 1, "name": "Silver Comet", "barrier": 4, "jockey": "Ana Reyes",
                "trainer_name": "Tom Hale",
                "weight": ["allocated": "54.5"], "odds": ["fixed_win": 3.5, "fixed_place": 1.4], "flucs": [4.5, 3.5],
                "favourite": true, "is_scratched": false, "form_comment": NSNull(),
            ],
            [
                "runner_number": 2, "name": "Dusty Road", "barrier": 7, "jockey": "Li Wen",
                "odds": ["fixed_win": 4.5, "fixed_place": NSNull()], "mover": true,
            ],
            ["runner_number": 3, "name": "Quiet Achiever\u{1B}[31m", "is_scratched": true],
        ]
        var data: [String: Any] = ["race": race.merging(["status": status]) { $1 }, "runners": runners]
        if status == "Final" {
            data["results"] = [
                ["position": 1, "runner_number": 2, "name": "Dusty Road"],
                ["position": 2, "runner_number": 1, "name": "Silver Comet", "positional_margin": "HD"],
            ]
            data["dividends"] = [
                ["product_name": "Pool Win", "status": "Final", "dividend": 5.6, "description": "2"],
                ["product_name": "Pool Quinella", "status": "Final", "dividend": 8.1, "description": "1:2"],
            ]
        }
        return try JSONSerialization.data(withJSONObject: ["header": [:], "data": data])
    }

    private func show(_ cards: TemporaryDirectory, _ arguments: [String] = []) throws -> BinaryRunner.Run {
        try BinaryRunner.run(
            [
                "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--cards",
                "file:" + cards.url.path,
            ]
                + arguments,
            stdin: "show 1\nquit\n")
    }

    @Test("show N prints the field from the race's card: prices, marks, the scratched last, never a control byte")
    func field() throws {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        _ = try cards.file(Self.northfieldPark + ".json", contents: try Self.card(status: "Open"))
        let run = try show(cards)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  Field (2 runners, 1 scratched) - Open"), "\(run.stdout)")
        #expect(run.stdout.contains("    1  Silver Comet"), "\(run.stdout)")
        let silver = try #require(run.stdout.split(separator: "\n").first { $0.contains("Silver Comet") })
        #expect(
            silver.contains("(4)") && silver.contains("3.50") && silver.contains("1.40")
                && silver.hasSuffix("  mkt fav"), "\(silver)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let scratched = try #require(lines.firstIndex { $0.contains("Quiet Achiever") })
        let dusty = try #require(lines.firstIndex { $0.contains("Dusty Road") })
        #expect(scratched > dusty, "the scratched runner is listed last")
        #expect(lines[scratched].hasSuffix("scratched"))
        #expect(!run.stdout.contains("\u{1B}"))
    }

    @Test("after the jump the sheet adds the result and the dividends")
    func result() throws {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        _ = try cards.file(Self.northfieldPark + ".json", contents: try Self.card(status: "Final"))
        let run = try show(cards)
        #expect(
            run.stdout.contains("  Result - Final\n    1st    2  Dusty Road\n    2nd    1  Silver Comet  HD"),
            "\(run.stdout)")
        #expect(run.stdout.contains("    Win        2 $5.60\n    Quinella   1-2 $8.10"), "\(run.stdout)")
    }

    @Test("the board reads the folder's cards too: in its last minute a race shows the result its card holds")
    func boardReadsTheFolder() throws {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        _ = try cards.file(Self.northfieldPark + ".json", contents: try Self.card(status: "Final"))
        // Northfield Park R7 jumps a minute after `now`: 30 seconds after the jump it is in its last minute.
        let run = try BinaryRunner.run(
            [
                "--source", RaceListEndToEndTests.tenRaces, "--now", String(Int(RaceListEndToEndTests.now)! + 90),
                "--cards", "file:" + cards.url.path, "list",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines[checked: 1] == "  1  H  R7   Northfield Park  Final 2-1 -30s  Dusty Road", "\(run.stdout)")
    }

    @Test("a card missing or broken leaves the sheet as it was with a one-line note, exit 0")
    func missingOrBroken() throws {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        let missing = try show(cards)
        #expect(missing.status == 0)
        #expect(missing.stdout.contains("  Category       harness"))
        #expect(missing.stdout.contains("  No race card for this race from folder"), "\(missing.stdout)")
        _ = try cards.file(Self.northfieldPark + ".json", contents: Data("{\"data\": [1, 2".utf8))
        let broken = try show(cards)
        #expect(broken.status == 0)
        #expect(broken.stdout.contains("  No race card: it is not valid JSON"), "\(broken.stdout)")
    }

    @Test("--cards that is no card source is a usage error naming what is expected")
    func badOption() throws {
        let run = try BinaryRunner.run(["--cards", "ftp://x", "list"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--cards 'ftp://x' is not valid: expected snapshot, file:DIR"), "\(run.stderr)")
    }

    @Test("--json show carries the card: status, runners, results and dividends")
    func json() throws {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        _ = try cards.file(Self.northfieldPark + ".json", contents: try Self.card(status: "Final"))
        let run = try BinaryRunner.run([
            "--json", "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--cards",
            "file:" + cards.url.path, "show", "1",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let race = try #require(document["race"] as? [String: Any])
        #expect(race["status"] as? String == "Final")
        let runners = try #require(race["runners"] as? [[String: Any]])
        #expect(runners.map { $0["number"] as? Int } == [1, 2, 3])
        #expect(runners[0]["fixedWin"] as? Double == 3.5)
        #expect(runners[0]["marketFavourite"] as? Bool == true)
        #expect(runners[2]["scratched"] as? Bool == true)
        #expect(runners[2]["name"] as? String == "Quiet Achiever[31m", "the escape byte dropped")
        let results = try #require(race["results"] as? [[String: Any]])
        #expect(results.first?["runner"] as? Int == 2)
        let dividends = try #require(race["dividends"] as? [[String: Any]])
        #expect(dividends.first?["bet"] as? String == "Win")
        #expect(dividends.first?["amount"] as? Double == 5.6)
        #expect(document["cardNote"] is NSNull)
    }

    /// Northfield Park R7's feed gives its going (Fast), class (Pace), prize money ($4,500) and start (Mobile),
    /// but no weather and an empty rail: its card gives all six, its rail with an escape sequence in it.
    static var raceFacts: [String: Any] {
        [
            "track_condition": "Heavy8", "weather": "SHWRY", "class": "Other Class",
            "prize_monies": ["1st": 6_000, "total_value": 9_000], "rail_position": "Out 3m\u{1B}[31m",
            "start_type": "Standing",
        ]
    }

    @Test("the sheet takes the going, weather, class, prize money and rail from the card where the feed has none")
    func cardFacts() throws {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        _ = try cards.file(Self.northfieldPark + ".json", contents: try Self.card(status: "Open", race: Self.raceFacts))
        let run = try show(cards)
        #expect(run.status == 0, "\(run.stderr)")
        for line in [
            "  Track          Fast", "  Weather        Showery", "  Class          Pace, $4,500 prize money",
            "  Rail           Out 3m[31m", "  Start          Mobile start",
        ] {
            #expect(run.lines.contains(line), "\(line) in \(run.stdout)")
        }
        #expect(!run.stdout.contains("\u{1B}"))
        let json = try BinaryRunner.run([
            "--json", "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--cards",
            "file:" + cards.url.path, "show", "1",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let race = try #require(document["race"] as? [String: Any])
        #expect(race["track"] as? String == "Fast" && race["weather"] as? String == "Showery")
        #expect(race["class"] as? String == "Pace" && race["prizeMoney"] as? Int == 4_500)
        #expect(race["rail"] as? String == "Out 3m[31m" && race["startType"] as? String == "Mobile")
    }
}
