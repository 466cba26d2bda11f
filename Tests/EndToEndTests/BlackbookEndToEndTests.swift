import Foundation
import TestSupport
import Testing

/// The blackbook through the real binary on the default race day, with a pinned clock and a temporary
/// `--data-dir`: follow on a card, start again, the book and the board's mark.
@Suite("next-to-go blackbook end to end")
struct BlackbookEndToEndTests {
    /// Fri 28 Nov 2025 06:06:40 UTC: the board's first race, Alexandra Park R3 (harness), jumped 40 s ago.
    static let now = "1764310000"
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    private func run(_ stdin: String, _ arguments: [String] = []) throws -> ProcessRunner.Run {
        try Self.run(stdin, arguments, in: data.url.path)
    }

    private static func run(_ stdin: String, _ arguments: [String] = [], in folder: String) throws -> ProcessRunner.Run
    {
        try BinaryRunner.run(["--now", now, "--data-dir", folder] + arguments, stdin: stdin)
    }

    @Test("follow on a card, quit, start again: book shows each entry's next run, the board marks the race")
    func survivesRestart() throws {
        defer { data.remove() }
        let first = try run("show 1\nfollow 2\nfollow driver 3\nfollow trainer 1\nquit\n")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.lines.contains("Following Wandering Duchess. `book` lists who you follow and where they run next."))
        // The first race is a harness race: its rider is its driver.
        #expect(first.lines.contains { $0.hasPrefix("Following Craig Osgood (driver).") })

        let second = try run("book\nlist\n")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr == "")
        #expect(
            Array(second.lines.prefix(7)) == [
                "Blackbook (3)",
                "  1  Oliver Colquhoun (trainer)",
                "     next: R6 Addington 6:15am (1 Canyon Envoy), in 8m 20s",
                "  2  Craig Osgood (driver)",
                "     next: R5 Alexandra Park 7:02am (1 Storm Sentinel), in 55m 20s",
                // A runner runs once a day: having run in R3, it is not engaged again.
                "  3  Wandering Duchess (runner)",
                "     not engaged today",
            ])
        let board = second.lines.drop { !$0.hasPrefix("Next to Go") }.dropFirst()
        // The followed runner's race, and the race of the trainer's next runner (Addington R6); no other.
        #expect(board.first?.contains("Alexandra Park") == true && board.first?.contains("  B") == true, "\(board)")
        #expect(board.filter { $0.contains("  B") }.count == 2, "\(board)")
        #expect(board.contains { $0.contains("R6   Addington") && $0.hasSuffix("  B") }, "\(board)")

        // With race cards off no run can be found: the book says so, and does not promise more reads.
        let cardsOff = try run("book\n", ["--cards", "none"])
        #expect(cardsOff.status == 0, "\(cardsOff.stderr)")
        #expect(cardsOff.lines.filter { $0 == "     next run not known: race cards are off" }.count == 3)
        #expect(cardsOff.lines.last == "  Race cards are off in this run (`--cards`), so no next run can be found.")
    }

    @Test("the sheet notes the runner followed; note, unfollow and show N on the book; JSON book and board")
    func bookCommands() throws {
        defer { data.remove() }
        let first = try run(
            "show 1\nfollow 2\nfollow driver 3\nfollow trainer 1\nshow\nbook\nnote 3 first up  \nunfollow 1\nshow 1\n")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.lines.contains { $0.contains("Wandering Duchess") && $0.hasSuffix("followed") }, "\(first.lines)")
        #expect(first.lines.contains { $0.contains("Kingly Galleon") && $0.hasSuffix("driver followed") })
        #expect(first.lines.contains("Noted on Wandering Duchess."))
        #expect(first.lines.contains("No longer following Oliver Colquhoun (trainer)."))
        #expect(first.lines.contains("     note: first up"))
        #expect(
            first.lines.last { $0.contains("Alexandra Park R5") } != nil, "show 1 opens the driver's next drive")

        let book = try run("", ["--json", "book"])
        #expect(book.status == 0, "\(book.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(book.stdout.utf8)) as? [String: Any])
        #expect(document["type"] as? String == "book")
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["Craig Osgood", "Wandering Duchess"])
        #expect(entries.last?["note"] as? String == "first up")
        #expect(entries.last?["next"] is NSNull, "a runner that has run today is not engaged again")
        let next = try #require(entries.first?["next"] as? [String: Any])
        #expect(next["meeting"] as? String == "Alexandra Park")
        #expect((next["runner"] as? [String: Any])?["number"] as? Int == 1)

        let list = try run("", ["--json", "list"])
        let races = try #require(
            (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["races"]
                as? [[String: Any]])
        #expect(races.map { ($0["book"] as? [String])?.count } == [2, 0, 0, 0, 0])
        #expect(races.first?["book"] as? [String] == ["Wandering Duchess", "Craig Osgood (driver)"])
    }

    @Test("an entry keys on code and country: a namesake elsewhere is not marked; an entry saved before is, as it was")
    func keyedOnCodeAndCountry() throws {
        defer { data.remove() }
        // The first race's code, country and second runner, as the app says them.
        let sheet = try json(run("", ["--json", "show", "1"]))
        let race = try #require(sheet["race"] as? [String: Any])
        let category = try #require(race["category"] as? String)
        let country = try #require(race["country"] as? String)
        let runners = try #require(race["runners"] as? [[String: Any]])
        let name = try #require(runners.first { $0["number"] as? Int == 2 }?["name"] as? String)

        let followed = try run("show 1\nfollow 2\n", ["--json"])
        let change = try json(followed.stdout.split(separator: "\n").last.map(String.init) ?? "")
        #expect(change["type"] as? String == "bookChange")
        #expect(change["category"] as? String == category && change["country"] as? String == country)
        #expect(try firstRaceBook() == [name])

        // The same runner followed in another country: not this one.
        try writeBook(
            #"{"kind":"runner","name":"\#(name)","category":"\#(category)","country":"ZZ","followedAt":1764300000}"#)
        #expect(try firstRaceBook() == [])
        let book = try #require(try json(run("", ["--json", "book"]))["entries"] as? [[String: Any]])
        #expect(book.map { $0["country"] as? String } == ["ZZ"])

        // Saved before entries kept a code and a country: its name anywhere, as it was, and kept so.
        try writeBook(#"{"kind":"runner","name":"\#(name)","note":"old","followedAt":1764300000}"#)
        #expect(try firstRaceBook() == [name])
        let old = try #require(try json(run("", ["--json", "book"]))["entries"] as? [[String: Any]])
        #expect(old.first?["category"] is NSNull && old.first?["country"] is NSNull)
        #expect(old.first?["note"] as? String == "old")
    }

    private func json(_ run: ProcessRunner.Run) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.stderr)")
        return try json(run.stdout)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// What the blackbook marks in the board's first race.
    private func firstRaceBook() throws -> [String]? {
        let races = try json(run("", ["--json", "list"]))["races"] as? [[String: Any]]
        return races?.first?["book"] as? [String]
    }

    private func writeBook(_ entry: String) throws {
        try Data(#"{"version":1,"blackbook":[\#(entry)]}"#.utf8)
            .write(to: data.url.appendingPathComponent("blackbook.json"))
    }

    @Test("mistakes: follow off a card, a runner not there, unfollow N on an empty book; nothing saved is lost")
    func mistakes() throws {
        defer { data.remove() }
        let run = try run("follow 2\nshow 1\nfollow 42\nfollow owner 2\nback\nbook\nunfollow 1\nnote x y\n")
        #expect(run.status == 0)
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "`follow` works on a race's details, not here. Type `help` to see the commands here.",
                "No runner 42 in this race; the field is 1-9.",
                "Usage: follow N, follow rider N or follow trainer N, where N is a runner's number on this card.",
                "The blackbook is empty; there is no entry to unfollow.",
                "Usage: note N TEXT, where N is an entry's number in the blackbook.",
            ])
        #expect(!FileManager.default.fileExists(atPath: data.url.appendingPathComponent("blackbook.json").path))
    }

    @Test("two copies following at once: every entry of both lands")
    func twoCopies() async throws {
        defer { data.remove() }
        // Each copy opens races one by one and follows a runner in each, in one piped turn: a transaction each.
        let left = (1...5).map { "show \($0)\nfollow 1\nfollow trainer 1\nback\n" }.joined()
        let right = (1...5).map { "show \($0)\nfollow 2\nfollow rider 2\nback\n" }.joined()
        let folder = data.url.path
        async let leftRun = blocking { try Self.run(left, in: folder) }
        async let rightRun = blocking { try Self.run(right, in: folder) }
        let runs = try await [leftRun, rightRun]
        #expect(runs.map(\.status) == [0, 0], "\(runs.map(\.stderr))")
        // "Following Quiet Banjo. `book` …", "Following Lee Varga (trainer). `book` …": the names each copy saved.
        let followed = runs.flatMap { run in
            run.lines.filter { $0.hasPrefix("Following ") }.map { line in
                String(line.dropFirst("Following ".count).prefix { $0 != "." })
                    .replacingOccurrences(of: " (rider)", with: "").replacingOccurrences(of: " (driver)", with: "")
                    .replacingOccurrences(of: " (trainer)", with: "")
            }
        }
        let book = try run("", ["--json", "book"])
        let entries = try #require(
            (try JSONSerialization.jsonObject(with: Data(book.stdout.utf8)) as? [String: Any])?["entries"]
                as? [[String: Any]])
        #expect(followed.count >= 10)
        #expect(Set(entries.compactMap { $0["name"] as? String }) == Set(followed), "\(followed)")
    }
}
