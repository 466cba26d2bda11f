import Foundation
import TestSupport
import Testing

/// The blackbook's file through the real binary: a note too long in bytes is refused, a file with one bad entry
/// keeps the rest, a note never brings back an entry another copy unfollowed, and `--json` answers a change with
/// the change.
@Suite("next-to-go blackbook keeping end to end")
struct BlackbookKeepingEndToEndTests {
    /// As `BlackbookEndToEndTests`: the board's first race is Alexandra Park R3, whose runner 2 is Wandering Duchess,
    /// trained by Oliver Colquhoun (engaged again later, so first in the book).
    static let now = BlackbookEndToEndTests.now
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    private var arguments: [String] { ["--now", Self.now, "--data-dir", data.url.path] }
    private var bookFile: URL { data.url.appendingPathComponent("blackbook.json") }

    private func run(_ stdin: String, _ extra: [String] = []) throws -> ProcessRunner.Run {
        try BinaryRunner.run(arguments + extra, stdin: stdin)
    }

    /// Follows Wandering Duchess and its trainer: the book is `1 Oliver Colquhoun (trainer)`, `2 Wandering Duchess`.
    private func followTwo() throws {
        let run = try run("show 1\nfollow 2\nfollow trainer 1\n")
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
    }

    @Test("one letter with 400,000 accents is refused as too long a note; the file stays small and reads whole")
    func zalgoNoteRefused() throws {
        defer { data.remove() }
        try followTwo()
        let zalgo = "e" + String(repeating: "\u{301}", count: 400_000)
        let noted = try run("book\nnote 1 \(zalgo)\nnote 2 sharp\n", ["--strict"])
        #expect(noted.status == 64, "the refused note is a usage error")
        #expect(
            noted.stderr.contains(
                "A note is at most 2000 bytes (a letter takes 1 to 4, and each accent on it 2 or 3 more)"),
            "\(noted.stderr.prefix(300))")
        #expect(noted.stderr.contains("this one is 800001; nothing was noted."), "\(noted.stderr.prefix(300))")
        #expect(noted.lines.filter { $0.hasPrefix("Noted on") } == ["Noted on Wandering Duchess."])
        let size = try FileManager.default.attributesOfItem(atPath: bookFile.path)[.size] as? Int ?? .max
        #expect(size < 10_000)

        let again = try run("book\n")
        #expect(again.stderr == "")
        #expect(again.lines.first == "Blackbook (2)")
        #expect(again.lines.contains("     note: sharp"))
    }

    @Test("a file with one entry too large among good ones keeps the good ones; the file as it was is kept aside")
    func badEntryAmongGood() throws {
        defer { data.remove() }
        // An older copy acknowledged this note: 1.2 MB in one character, more than the whole file was read to.
        let zalgo = "e" + String(repeating: "\u{301}", count: 600_000)
        let original = Data(
            """
            {"version":1,"blackbook":[
            {"kind":"trainer","name":"Oliver Colquhoun","note":"keep","followedAt":1764300000},
            {"kind":"runner","name":"Quiet Banjo","note":"\(zalgo)","followedAt":1764300000},
            {"kind":"runner","name":"Wandering Duchess","followedAt":1764300000}]}
            """.utf8)
        try original.write(to: bookFile)
        let first = try run("book\n")
        #expect(first.status == 0)
        #expect(Array(first.lines.prefix(2)) == ["Blackbook (2)", "  1  Oliver Colquhoun (trainer)"], "\(first.lines)")
        #expect(first.lines.contains("     note: keep"))
        #expect(first.lines.contains("  2  Wandering Duchess (runner)"))
        #expect(
            first.stderr.contains(
                "Warning: 1 entry in \(bookFile.path) made no sense (a note over 2000 bytes); the file as it was is kept at"
            ), "\(first.stderr)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: data.url.path).filter {
            $0.hasPrefix("blackbook.json.before-repair-")
        }
        #expect(aside.count == 1)
        let kept = try Data(contentsOf: data.url.appendingPathComponent(aside.first ?? "none"))
        #expect(kept == original, "nothing saved is lost: the bad entry is kept aside with the file")

        let second = try run("book\n")
        #expect(second.stderr == "")
        #expect(second.lines.first == "Blackbook (2)")
    }

    @Test("a note typed on a book drawn before another copy unfollowed its entry: the unfollow stands")
    func noteAfterUnfollowElsewhere() throws {
        defer { data.remove() }
        try followTwo()
        let left = try RunningProcess(
            executable: BinaryRunner.binary, arguments: arguments, environment: BinaryRunner.baseEnvironment)
        left.send("book")
        left.expect(shows: "  2  Wandering Duchess (runner)")

        let right = try run("book\nunfollow 1\n")
        #expect(right.lines.contains("No longer following Oliver Colquhoun (trainer)."), "\(right.lines)")

        left.send("note 1 sharp")
        left.expect(
            shows:
                "Oliver Colquhoun (trainer) is no longer followed: it was unfollowed after this book was drawn, so nothing was noted."
        )
        left.send("note 2 fresh")
        left.expect(shows: "Noted on Wandering Duchess.")
        let done = try left.finish()
        #expect(done.status == 0, "\(done.stderr)")

        let book = try run("", ["--json", "book"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(book.stdout.utf8)) as? [String: Any])
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["Wandering Duchess"])
        #expect(entries.first?["note"] as? String == "fresh")
    }

    @Test("--json: note N and unfollow N answer the change (bookChange), as the README says")
    func jsonChanges() throws {
        defer { data.remove() }
        try followTwo()
        let run = try run("book\nnote 1 sharp\nnote 1\nunfollow 2\n", ["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let documents = try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(documents.map { $0["type"] as? String } == ["book", "bookChange", "bookChange", "bookChange"])
        guard documents.count == 4 else { return }
        #expect(documents[1]["action"] as? String == "note")
        #expect(documents[1]["name"] as? String == "Oliver Colquhoun" && documents[1]["kind"] as? String == "trainer")
        #expect(documents[1]["note"] as? String == "sharp")
        #expect(documents[1]["message"] as? String == "Noted on Oliver Colquhoun (trainer).")
        #expect(documents[2]["note"] is NSNull)
        #expect(documents[2]["message"] as? String == "Note on Oliver Colquhoun (trainer) cleared.")
        #expect(documents[3]["action"] as? String == "unfollow")
        #expect(documents[3]["name"] as? String == "Wandering Duchess")
        #expect(documents[3]["message"] as? String == "No longer following Wandering Duchess.")
    }
}
