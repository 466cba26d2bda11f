import Core
import Foundation
import TestSupport
import Testing
import Text

/// `form`, `map` and `runner N` on a sheet, from a card of our own in the affiliates API's shape, at 60 and 120
/// columns: every line within the width and broken between words.
@Suite("next-to-go form, speed map and runner end to end")
struct RunnerFormEndToEndTests {
    static func card() throws -> Data {
        let start: [String: Any] = [
            "date": "29/12/2024", "track": "Flemington", "distance": "1200", "track_condition": "Good 4",
            "finish": "6", "number_of_runners": "12", "margin": "8.30", "jockey": "Marc Lerner",
            "starting_price": "25.00", "winner": "Leave A Light On",
        ]
        let runners: [[String: Any]] = [
            [
                "runner_number": 1, "name": "Silver Comet", "jockey": "Ana Reyes",
                "odds": ["fixed_win": 3.5, "fixed_place": 1.4, "pool_win": 3.8, "pool_place": 1.5],
                "last_twenty_starts": "x61", "last_starts": [start], "silk_colours": "Cerise & gold hoops, cerise cap",
                "gear": "Blinkers ON", "age": 5, "sex": "m", "colour": "b", "sire": "Snitzel", "dam": "Clover",
                "speedmap": ["label": "Leader", "settling_lengths": 9],
                "track": ["number_of_starts": 4, "number_of_wins": 2, "number_of_seconds": 1, "number_of_thirds": 0],
                "flucs_with_timestamp": [
                    "open": ["fluc": 4.5, "timestamp": "2025-05-26T00:00:00Z"],
                    "last_six": [["fluc": 3.5, "timestamp": "2025-05-27T00:20:00Z"]],
                ],
            ],
            [
                "runner_number": 2, "name": "Dusty Road", "odds": ["fixed_win": 4.5],
                "speedmap": ["label": "Backmarker", "settling_lengths": 1],
            ],
            ["runner_number": 3, "name": "Quiet Achiever"],
        ]
        return try JSONSerialization.data(
            withJSONObject: ["header": [:], "data": ["race": ["status": "Open"], "runners": runners]])
    }

    private func run(_ stdin: String, columns: Int) throws -> BinaryRunner.Run {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        _ = try cards.file(RaceCardEndToEndTests.northfieldPark + ".json", contents: try Self.card())
        return try BinaryRunner.run(
            [
                "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--cards",
                "file:" + cards.url.path, "--strict",
            ], stdin: stdin, environment: ["COLUMNS": String(columns), "TZ": "UTC"])
    }

    @Test("form, map and runner N in place of the field, each line within the width", arguments: [60, 120])
    func sections(columns: Int) throws {
        let run = try run("show 1\nform\nmap\nrunner 1\nform 1\nshow\n", columns: columns)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(
            out.contains(
                "  Form guide: last starts, latest first\n  Records: starts, then 1st-2nd-3rd (Track 4: 2-1-0 is 4"
            ),
            "\(out)")
        #expect(out.contains("Flemington 1200m Good 4: 6th of 12, 8.30L,"), "\(out)")
        #expect(out.contains("    Records: Track 4: 2-1-0\n"), "\(out)")
        #expect(!out.contains("    Records (starts"), "the legend once, above: \(out)")
        #expect(out.contains("  Leader\n    1 Silver Comet (9)\n  Backmarker\n    2 Dusty Road (1)\n"), "\(out)")
        #expect(out.contains("  Not on the map\n    3 Quiet Achiever\n"), "\(out)")
        #expect(out.contains("  Silks: Cerise & gold hoops, cerise cap\n"), "\(out)")
        #expect(out.contains("  Tote: win 3.80, place 1.50\n"), "\(out)")
        #expect(out.contains("  Prices: 4.50 (Mon 00:00) -> 3.50 (00:20)\n"), "\(out)")
        #expect(out.contains("  Breeding: Snitzel - Clover\n"), "\(out)")
        for line in out.split(separator: "\n") {
            #expect(TerminalText.width(of: line) <= columns, "\(line)")
        }
        // The tote's price beside the fixed ones where the window has room for it.
        let heading = out.split(separator: "\n").first { $0.hasPrefix("    #  Runner") } ?? ""
        if columns >= 100 { #expect(heading.contains("Tote"), "\(heading)") }
        // Nothing cut mid-word: every word of a wrapped start is whole on some line.
        let words = out.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        for word in ["Lerner,", "(won", "Light"] { #expect(words.contains(word), "\(word)") }
        // `show` gives the field back.
        #expect(
            out.hasSuffix("    3  Quiet Achiever\n" + String(repeating: "-", count: min(columns, 120)) + "\n")
                || out.contains("Field (3 runners)"), "\(out)")
    }

    @Test("a runner the card does not have, or a word for a number, is a usage error: exit 64 with --strict")
    func misuse() throws {
        let run = try run("show 1\nrunner 9\nform x\n", columns: 80)
        #expect(run.status == 64)
        #expect(run.stderr.contains("No runner 9 in this race; the field is 1-3."), "\(run.stderr)")
        #expect(run.stderr.contains("Usage: form [N], where N is a runner's number."), "\(run.stderr)")
    }

    @Test("--json show N carries each runner's form")
    func json() throws {
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        _ = try cards.file(RaceCardEndToEndTests.northfieldPark + ".json", contents: try Self.card())
        let run = try BinaryRunner.run([
            "--source", RaceListEndToEndTests.tenRaces, "--now", RaceListEndToEndTests.now, "--cards",
            "file:" + cards.url.path, "--json", "show", "1",
        ])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let runners = try #require((document["race"] as? [String: Any])?["runners"] as? [[String: Any]])
        let form = try #require(runners.first?["form"] as? [String: Any])
        #expect(form["silks"] as? String == "Cerise & gold hoops, cerise cap")
        #expect((form["speedMap"] as? [String: Any])?["settlingLengths"] as? Double == 9)
        #expect((form["starts"] as? [[String: Any]])?.first?["finish"] as? Int == 6)
        #expect((form["prices"] as? [[String: Any]])?.map { $0["price"] as? Double } == [4.5, 3.5])
        #expect(runners.last?["form"] is NSNull)
    }
}
