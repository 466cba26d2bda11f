import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// The feed decoder reads bytes with its own JSON reader; Foundation's JSONSerialization is the oracle. Both
/// must take the same documents, reject the same ones, and read the same races, on our feeds and on thousands
/// of seeded mutations of them (broken structure, numbers, escapes, bytes that are not UTF-8). The same checks
/// run on the real captures in `RealCaptureTests` where those are present.
@Suite("The byte reader agrees with JSONSerialization")
struct FeedReaderAgreementTests {
    @Test("every feed we make reads the same", arguments: try Fixtures.allFeeds())
    func feeds(url: URL) throws {
        let data = try Data(contentsOf: url)
        #expect(Self.outcome(NedsFeedDecoder(), data) == Self.outcome(ReferenceFeedDecoder(), data))
    }

    @Test("mutated feeds read the same, or fail the same", arguments: [Fixtures.fiveRaces, Fixtures.tenRaces])
    func mutations(name: String) throws {
        let disagreements = try Self.disagreements(mutating: Fixtures.data(name), rounds: 600)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    /// Up to five ways in which the two readers, or a file and its bytes, disagree on seeded mutations of `document`.
    static func disagreements(mutating document: Data, rounds: Int) throws -> [String] {
        let original = [UInt8](document)
        var random = SeededRandom(seed: 11)
        var disagreements: [String] = []
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for round in 0..<rounds {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) { Self.mutate(&bytes, using: &random) }
            let data = Data(bytes)
            let ours = outcome(NedsFeedDecoder(), data)
            let reference = outcome(ReferenceFeedDecoder(), data)
            if ours != reference, disagreements.count < 5 {
                disagreements.append("round \(round): ours \(ours.prefix(300)) / reference \(reference.prefix(300))")
            }
            // Read from a file, its pages given back as it goes: the same outcome as from its bytes.
            if round % 10 == 0 {
                let file = try directory.file("round.json", contents: data)
                let service = FileRaceService(path: file.path)
                let fromFile: String
                do { fromFile = "\(try service.fetchRaces())" } catch { fromFile = "error \(error)" }
                let fromBytes = outcome(
                    NedsFeedDecoder(), data, source: service.sourceDescription, replaySource: "replay:\(file.path)")
                if fromFile != fromBytes, disagreements.count < 5 {
                    disagreements.append(
                        "round \(round): file \(fromFile.prefix(300)) / bytes \(fromBytes.prefix(300))")
                }
            }
        }
        return disagreements
    }

    @Test(
        "hand-picked documents read the same",
        arguments: [
            "", "  ", "[]", "\"x\"", "12", "true", "null", "{}", "{\"data\":[]}", "{\"data\":{}}",
            "{\"data\":{\"race_summaries\":[]}}", "{\"data\":{\"race_summaries\":{}}} x",
            "{\"data\":{\"race_summaries\":{\"a\":1,\"b\":null,\"c\":{}}}}", "{\"data\":{\"race_summaries\":{}},}",
            "{\"a\":01}", "{\"a\":1.}", "{\"a\":-}", "{\"a\":1e}", "{\"a\":\"\\x\"}", "{\"a\":\"\u{01}\"}",
            "{\"data\":{\"race_summaries\":{}},\"data\":5}", "{\"data\":5,\"data\":{\"race_summaries\":{}}}",
            "<html>", "{\"a\":tru}", "{\"a\":\"\\u12\"}", "\u{FEFF}{}", "[1,]", "[1,,]", "[,]", "{,}", "{\"a\":1,,}",
            "{\"a\" 1}", "{\"a\":[1 2]}", "{\"a\":\"x\u{00}\\\"y\"}", "{\"a\":\"\u{1F}\\n\"}",
            "{\"data\":{\"race_summaries\":{\"k\u{01}\\u0041\":1}}}", "{\"a\":1e+5,\"b\":-0.5E-3,\"d\":-0}",
            " \u{FEFF}{}",
        ])
    func handPicked(document: String) {
        let data = Data(document.utf8)
        #expect(Self.outcome(NedsFeedDecoder(), data) == Self.outcome(ReferenceFeedDecoder(), data))
    }

    /// Text the fast paths treat differently: exactly at the limit, one past it, padded past it, and characters of
    /// many scalars. The oracle states the rule on the whole value, so a shortcut that bends it disagrees here.
    @Test(
        "text around the length limit reads the same: padded, cut, trimmed, combining marks",
        arguments: [
            String(repeating: "A", count: 300), String(repeating: "A", count: 301),
            " " + String(repeating: "A", count: 300),
            "Flemington" + String(repeating: " ", count: 400), "\u{3000}\tMérignac\u{A0}\n",
            String(repeating: "é", count: 299) + String(repeating: " ", count: 5),
            "a" + String(repeating: "\u{301}", count: 1_199), "a" + String(repeating: "\u{301}", count: 1_200),
            String(repeating: "\u{1F1E6}\u{1F1FA}", count: 301), String(repeating: "\u{2028}", count: 900),
        ])
    func textAroundTheLimit(name: String) throws {
        let data = try Fixtures.editedSummaries(Fixtures.fiveRaces) { _, summary in summary["meeting_name"] = name }
        #expect(Self.outcome(NedsFeedDecoder(), data) == Self.outcome(ReferenceFeedDecoder(), data))
    }

    @Test("where they differ on purpose: a number past Double's range costs its race, not the whole feed")
    func outOfRangeNumber() throws {
        let data = try Fixtures.editedSummaries(Fixtures.fiveRaces) { _, summary in
            if summary["race_number"] as? Int == 11 { summary["advertised_start"] = ["seconds": 12_345] }
        }
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "12345", with: "1e400")
        #expect(throws: (any Error).self) { try ReferenceFeedDecoder().decode(Data(text.utf8), source: "s") }
        let feed = try NedsFeedDecoder().decode(Data(text.utf8), source: "s")
        #expect(feed.races.count == 4)
        #expect(feed.skipped.map(\.reason) == ["missing or non-numeric advertised_start.seconds"])
    }

    @Test(
        "a field nobody reads, escapes all the way up to the 10 MB cap, is skipped in one pass (it was quadratic)",
        arguments: [#"\u00e9"#, #"\""#, #"\\"#])
    func escapeHeavyFieldAtTheCap(escape: String) throws {
        let plain = try Fixtures.data(Fixtures.fiveRaces)
        let document = try Fixtures.editedSummaries(Fixtures.fiveRaces) { _, summary in
            if summary["race_number"] as? Int == 4 { summary["unread"] = "PLACEHOLDER" }
        }
        let room = 10_000_000 - document.count - 16
        let text = String(decoding: document, as: UTF8.self).replacingOccurrences(
            of: "PLACEHOLDER", with: String(repeating: escape, count: room / escape.utf8.count))
        let heavy = Data(text.utf8)
        #expect(heavy.count > 9_900_000 && heavy.count <= 10_000_000)
        let expected = try NedsFeedDecoder().decode(plain, source: "s").races
        #expect(try NedsFeedDecoder().decode(heavy, source: "s").races == expected)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("heavy.json", contents: heavy)
        #expect(try FileRaceService(path: file.path).fetchRaces().races == expected)
    }

    @Test("nesting past 512 levels is refused, without exhausting the stack")
    func deepNesting() {
        let deep =
            "{\"data\":{\"race_summaries\":{},\"x\":" + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}}"
        #expect(throws: RaceDataError.self) { try NedsFeedDecoder().decode(Data(deep.utf8), source: "deep") }
        let fine =
            "{\"data\":{\"race_summaries\":{},\"x\":" + String(repeating: "[", count: 500)
            + String(repeating: "]", count: 500) + "}}"
        #expect(throws: Never.self) { try NedsFeedDecoder().decode(Data(fine.utf8), source: "fine") }
    }

    /// - Parameter replaySource: what a file source says would replay it (`FileRaceService` adds it).
    static func outcome(_ decoder: NedsFeedDecoder, _ data: Data, source: String = "s", replaySource: String? = nil)
        -> String
    {
        do {
            let feed = try decoder.decode(data, source: source)
            return "\(replaySource.map { feed.replayable(as: $0) } ?? feed)"
        } catch {
            return "error \(error)"
        }
    }

    static func outcome(_ decoder: ReferenceFeedDecoder, _ data: Data) -> String {
        do { return "\(try decoder.decode(data, source: "s"))" } catch { return "error \(error)" }
    }

    /// Bytes that change what a document means: structure, numbers, escapes, literals, and bytes that are not
    /// UTF-8 or start a multi-byte character.
    static let telling: [UInt8] = Array("{}[]\",:\\/-+.eE0159ntfu ".utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xE2, 0xF0, 0xFF]

    static func mutate(_ bytes: inout [UInt8], using random: inout SeededRandom) {
        guard !bytes.isEmpty else { return }
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: bytes[at] = telling.randomElement(using: &random)!
        case 1: bytes.insert(telling.randomElement(using: &random)!, at: at)
        case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
        case 3:
            let end = min(bytes.count, at + Int.random(in: 1...40, using: &random))
            bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0..<bytes.count, using: &random))
        default: bytes.removeSubrange(at...)
        }
    }
}
