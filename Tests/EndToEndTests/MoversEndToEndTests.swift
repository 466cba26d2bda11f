import Foundation
import TestSupport
import Testing

/// `movers` on the default race day: the snapshot's own cards, read offline.
@Suite("next-to-go movers end to end")
struct MoversEndToEndTests {
    static let now = "1775318400"

    @Test("one-shot: the biggest moves of the next eight races, firming and drifting, each from its opening price")
    func oneShot() throws {
        let run = try BinaryRunner.run(["--now", Self.now, "movers"], environment: ["TZ": "UTC"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.first == "Market movers - the next 8 races")
        #expect(
            run.lines.contains("  Kempton Park R5  10m 0s  1 Silver Drifter     4.00 ->  2.80  -30%"), "\(run.stdout)")
        #expect(run.lines.contains("Drifting (eased)"))
        #expect(!run.stdout.contains("Next to Go"), "the board is not drawn under it")
    }

    @Test("piped: movers over the board, back to it; --json: one document with each side's rows")
    func pipedAndJSON() throws {
        let piped = try BinaryRunner.run(["--now", Self.now, "--strict"], stdin: "movers\nback\nlist\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("Market movers - the next 8 races"))
        #expect(piped.stdout.components(separatedBy: "Next to Go - all categories").count >= 3)
        let json = try BinaryRunner.run(["--now", Self.now, "--json", "movers"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["type"] as? String == "movers")
        let firming = try #require(document["firming"] as? [[String: Any]])
        #expect(firming.first?["runner"] as? String == "1 Silver Drifter")
        #expect(firming.first?["changePercent"] as? Int == -30)
        #expect(
            (firming.map { $0["changePercent"] as? Int ?? 0 })
                == firming.map { $0["changePercent"] as? Int ?? 0 }.sorted())
    }

    @Test("movers with no card source: every race without a card, said; a number after it is a usage error")
    func noCards() throws {
        let run = try BinaryRunner.run(["--now", Self.now, "--cards", "none", "movers"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("8 had no race card yet."), "\(run.stdout)")
        let misuse = try BinaryRunner.run(["--now", Self.now, "movers", "3"])
        #expect(misuse.status == 64)
    }
}
