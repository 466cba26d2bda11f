import Foundation
import TestSupport
import Testing

/// The whole default race day read as a punter reads it, through the program: `list all`, then every race's sheet
/// opened from its meeting's page (`--json`), at a Saturday afternoon and at a weekday night. The board and the sheet must agree on each
/// race's market favourite and its price, every open market must be framed as a bookmaker frames one, and the board
/// must say what the sheet says of an abandoned race.
@Suite("next-to-go: the race day swept, board and sheets agreeing")
struct RaceDaySweepEndToEndTests {
    /// Sat 7 Mar 2026 11:48 UTC (the README's board), and Wed 11 Mar 2026 10:30 UTC (9:30 pm in Sydney).
    static let moments = [RaceListEndToEndTests.raceDayNow, "1773225000"]

    @Test(
        "every race of the day: one market favourite, the board's price its sheet's, each book 110-130%",
        arguments: moments)
    func sweep(now: String) throws {
        // Each meeting's races, then every sheet opened from its meeting's page.
        let day = try BinaryRunner.run(["--json", "--now", now, "meetings"])
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(day.stdout.utf8)) as? [String: Any])
        let meetings = ((listing["groups"] as? [[String: Any]]) ?? []).flatMap {
            ($0["meetings"] as? [[String: Any]]) ?? []
        }
        #expect(meetings.count == 36)
        var commands = "list all\n"
        for (index, meeting) in meetings.enumerated() {
            let races = meeting["races"] as? Int ?? 0
            commands += "meeting \(index + 1)\n" + (1...max(1, races)).map { "show \($0)\nback\n" }.joined() + "back\n"
        }
        let run = try BinaryRunner.run(["--json", "--now", now], stdin: commands)
        #expect(run.status == 0, "\(run.stderr)")
        let documents = try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let board = try #require(documents.first?["races"] as? [[String: Any]])
        #expect(board.count >= 358, "the whole day ahead is on hand (but a race in its last minute)")
        let rows = Dictionary(board.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        let sheets = documents.compactMap { $0["type"] as? String == "race" ? $0["race"] as? [String: Any] : nil }
        #expect(sheets.count == 359, "every race's sheet")
        var framed = 0
        for sheet in sheets {
            let name = "\(sheet["meeting"] as? String ?? "?") R\(sheet["raceNumber"] as? Int ?? 0) at \(now)"
            let row = rows[sheet["id"] as? String ?? ""]
            let runners = (sheet["runners"] as? [[String: Any]]) ?? []
            let running = runners.filter { $0["scratched"] as? Bool != true }
            let marked = running.filter { $0["marketFavourite"] as? Bool == true }
            let status = sheet["status"] as? String
            if status == "Abandoned" {
                #expect(row.map { $0["countdown"] as? String == "Abandoned" } != false, "\(name)")
                #expect(running.allSatisfy { $0["fixedWin"] is NSNull }, "\(name): no market on an abandoned race")
                continue
            }
            guard status == "Open" else { continue }
            let prices = running.compactMap { $0["fixedWin"] as? Double }
            guard prices.count == running.count, let shortest = prices.min() else { continue }
            #expect(marked.count == 1, "\(name): \(marked.count) runners marked favourite")
            #expect(prices.filter { $0 == shortest }.count == 1, "\(name): equal favourites")
            #expect(marked.first?["fixedWin"] as? Double == shortest, "\(name): the favourite is the shortest price")
            if let favourite = row?["marketFavourite"] as? [String: Any] {
                #expect(favourite["number"] as? Int == marked.first?["number"] as? Int, "\(name): board and sheet")
                #expect(favourite["price"] as? Double == shortest, "\(name): board and sheet")
            }
            let book = prices.reduce(0) { $0 + 1 / $1 }
            #expect((1.10...1.30).contains(book), "\(name): a \(Int((book * 100).rounded()))% book")
            framed += 1
        }
        #expect(framed > 100, "many of the day's markets are open at any moment")
    }
}
