import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// A kept item with text of its own, bounded in bytes as the blackbook's notes are, in a file kept within 4 KB.
struct Jotting: KeptItem {
    let id: String
    let text: String
    let at: Date

    init(_ id: String, _ text: String = "", at: TimeInterval = 1_748_310_000) {
        self.id = id
        self.text = text
        self.at = Date(timeIntervalSince1970: at)
    }

    var implausibility: String? { text.utf8.count > 200 ? "a text over 200 bytes" : nil }
    var keptOrder: Date { at }
    static let keptList = KeptListKind(
        name: "jottings", singular: "jotting", plural: "jottings", maximumItems: 50, maximumFileBytes: 4096,
        makingRoom: "`unjot N`", pruned: "gone")
}

/// A kept list's file as input: one entry too large, or a file damaged part way, costs only what is bad; a change
/// the file could not read back, or that would make it larger than it is kept within, is refused; a change to an
/// item removed meanwhile does not bring it back. Nothing saved is ever lost: what is set aside is kept.
@Suite("Kept list repair")
@MainActor
struct KeptListRepairTests {
    let directory: TemporaryDirectory
    let clock = ManualClock(1_748_310_000)
    let list: FileKeptList<Jotting>

    init() throws {
        directory = try TemporaryDirectory()
        list = FileKeptList(directory: directory.url, clock: clock)
    }

    private var file: URL { directory.url.appendingPathComponent("jottings.json") }

    private func entry(_ id: String, _ text: String) -> String {
        #"{"id":"\#(id)","text":"\#(text)","at":1748310000}"#
    }

    private func aside(_ tag: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            .filter { $0.hasPrefix("jottings.json.\(tag)-") }.map { directory.url.appendingPathComponent($0) }
    }

    @Test("a file over the size it is kept within, made so by one entry: the rest are read, the file kept aside")
    func oneEntryTooLarge() throws {
        defer { directory.remove() }
        let zalgo = "e" + String(repeating: "\u{301}", count: 5_000)
        let original = Data(
            #"{"version":1,"jottings":[\#(entry("a", "fine")),\#(entry("b", zalgo)),\#(entry("c", "also"))]}"#.utf8)
        #expect(original.count > Jotting.keptList.maximumFileBytes)
        try original.write(to: file)
        let state = try list.load()
        #expect(state.items.map(\.id) == ["a", "c"])
        #expect(state.warning?.contains("1 entry in \(file.path) made no sense (a text over 200 bytes)") == true)
        let kept = try aside("before-repair")
        #expect(kept.count == 1)
        #expect(try Data(contentsOf: try #require(kept.first)) == original)
        #expect(try FileKeptList<Jotting>(directory: directory.url, clock: clock).load().items.map(\.id) == ["a", "c"])
    }

    @Test("a file past the most read is kept aside unread, and the list starts empty")
    func pastTheMostRead() throws {
        defer { directory.remove() }
        let huge = Data(count: Jotting.keptList.largestReadableFile + 1)
        try huge.write(to: file)
        let state = try list.load()
        #expect(state.items.isEmpty)
        #expect(state.warning?.contains("\(file.path) is larger than 16 KB, far more than jottings ever take") == true)
        #expect(try Data(contentsOf: try #require(try aside("too-large").first)).count == huge.count)
    }

    @Test("a file damaged part way keeps the entries before the damage; the file as it was is kept aside")
    func damagedPartWay() throws {
        defer { directory.remove() }
        // Cut short in the third entry, as a copy of the file cut off by a full disk would be.
        let original = Data(
            #"{"version":1,"jottings":[\#(entry("a", "one")),\#(entry("b", "two")),{"id":"c","te"#.utf8)
        try original.write(to: file)
        let state = try list.load()
        #expect(state.items.map(\.id) == ["a", "b"])
        #expect(
            state.warning?.contains(
                "\(file.path) is damaged part way through; the file as it was is kept at") == true,
            "\(state.warning ?? "")")
        #expect(state.warning?.hasSuffix("kept the 2 jottings before the damage.") == true)
        #expect(try Data(contentsOf: try #require(try aside("corrupt").first)) == original)

        // Nothing before the damage: as any file that does not parse.
        try Data(#"{"version":1,"jottings":[{"id":"#.utf8).write(to: file)
        #expect(try list.load().items.isEmpty)
    }

    @Test("a change the file could not read back, or past the size it is kept within, is refused; nothing is lost")
    func refusedChanges() throws {
        defer { directory.remove() }
        _ = try list.apply(.put(Jotting("a", "fine")))
        #expect(throws: KeptListError.self) { try list.apply(.put(Jotting("b", String(repeating: "x", count: 201)))) }
        do {
            _ = try list.apply(.replace(Jotting("a", "e" + String(repeating: "\u{301}", count: 200))))
            Issue.record("a text over 200 bytes is refused")
        } catch {
            #expect(error.reason == "a jotting with a text over 200 bytes would not be read back, so it is not kept")
        }
        // Each plausible, together more than the file is kept within.
        var refusal: KeptListError?
        for index in 0..<40 {
            do {
                _ = try list.apply(.put(Jotting("j\(index)", String(repeating: "y", count: 200))))
            } catch {
                refusal = error
                break
            }
        }
        #expect(refusal?.reason.hasPrefix("the file would be ") == true, "\(refusal?.reason ?? "none")")
        #expect(refusal?.reason.hasSuffix("bytes, more than the 4 KB it is kept within") == true)
        let reread = try FileKeptList<Jotting>(directory: directory.url, clock: clock).load()
        #expect(reread.warning == nil)
        #expect(reread.items.first == Jotting("a", "fine"))
        #expect(try Data(contentsOf: file).count <= Jotting.keptList.maximumFileBytes)
    }

    @Test("two copies on one file: one removes an item, the other's replace of it does not bring it back")
    func replaceAfterRemoveElsewhere() throws {
        defer { directory.remove() }
        _ = try list.apply(.put(Jotting("a")))
        _ = try list.apply(.put(Jotting("b")))
        #expect(try list.load().items.map(\.id) == ["a", "b"])
        let other = FileKeptList<Jotting>(directory: directory.url, clock: clock)
        _ = try other.apply(.remove(["a"]))
        #expect(try list.apply(.replace(Jotting("a", "noted"))).items.map(\.id) == ["b"])
        #expect(try list.apply(.replace(Jotting("b", "noted"))).items == [Jotting("b", "noted")])
        #expect(try other.load().items == [Jotting("b", "noted")])
    }
}
