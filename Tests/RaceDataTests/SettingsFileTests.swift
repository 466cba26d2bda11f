import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Settings file, as `save` writes it")
@MainActor
struct SettingsFileTests {
    let directory: TemporaryDirectory
    let file: URL
    let store: SettingsFile

    /// Settings as the race list saves them: keys and values as the file spells them.
    typealias Entries = [(key: String, value: String)]

    static let dogsInAustralia: Entries = [
        ("filter", "greyhound harness"), ("region", "aus"), ("count", "3"), ("alert", "10"),
    ]

    static func board(filter: String = "all", region: String = "all", count: Int = 5, alert: String? = nil)
        -> Entries
    {
        [("filter", filter), ("region", region), ("count", String(count))] + (alert.map { [("alert", $0)] } ?? [])
    }

    init() throws {
        directory = try TemporaryDirectory()
        file = directory.url.appendingPathComponent("config/next-to-go/config")
        store = SettingsFile(file: file, environment: [:])
    }

    private func write(_ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    private func contents() throws -> String { try String(decoding: Data(contentsOf: file), as: UTF8.self) }

    @Test("a first save makes the folder and a file of the four keys, under a comment that says what it is")
    func firstSave() throws {
        defer { directory.remove() }
        let saved = try store.save(Self.dogsInAustralia)
        #expect(saved == SavedSettings(location: file.path))
        #expect(
            try contents()
                == "# next-to-go settings: key = value, a line each (`next-to-go --help` lists the keys)\nfilter = greyhound harness\nregion = aus\ncount = 3\nalert = 10\n"
        )
    }

    @Test(
        "values change where they stand; comments, other keys, skipped lines and a value's comment stay, byte for byte")
    func keepsEverythingElse() throws {
        defer { directory.remove() }
        let before =
            "# my board\n\n  Count =\t7   # a longer board\nfoo = bar\nnonsense line\nfilter = horse\nregion=nz\nfilter = harness\n"
        try write(Array(before.utf8))
        _ = try store.save(Self.dogsInAustralia)
        #expect(
            try contents()
                == "# my board\n\n  Count =\t3   # a longer board\nfoo = bar\nnonsense line\nfilter = greyhound harness\nregion=aus\nfilter = greyhound harness\nalert = 10\n"
        )
    }

    @Test("a file from Windows keeps its CRLF and byte-order mark, and lines added end the same way")
    func windowsFile() throws {
        defer { directory.remove() }
        try write([0xEF, 0xBB, 0xBF] + Array("count = 9\r\n# note\r\nregion = nz".utf8))
        _ = try store.save(Self.dogsInAustralia)
        #expect(
            try Array(Data(contentsOf: file))
                == [0xEF, 0xBB, 0xBF]
                + Array("count = 3\r\n# note\r\nregion = aus\r\nfilter = greyhound harness\r\nalert = 10\r\n".utf8))
    }

    @Test("a file of only a byte-order mark is a new file that keeps its mark")
    func onlyAByteOrderMark() throws {
        defer { directory.remove() }
        try write([0xEF, 0xBB, 0xBF])
        _ = try store.save(Self.dogsInAustralia)
        #expect(
            try Array(Data(contentsOf: file)).prefix(5) == [0xEF, 0xBB, 0xBF, UInt8(ascii: "#"), UInt8(ascii: " ")])
    }

    @Test("bytes that are not UTF-8 in a comment or another key survive a save untouched")
    func invalidUTF8Survives() throws {
        defer { directory.remove() }
        let before: [UInt8] = Array("# caf".utf8) + [0xE9, 0xFF] + Array("\nnote = ".utf8) + [0xC3] + Array("\n".utf8)
        try write(before)
        _ = try store.save(Self.dogsInAustralia)
        let after = try Array(Data(contentsOf: file))
        #expect(Array(after.prefix(before.count)) == before)
    }

    @Test("an empty value gets one after a space; no alert to keep leaves the alert line as it was")
    func emptyValueAndKeptAlert() throws {
        defer { directory.remove() }
        try write(Array("filter =\nalert = 7 # mine\n".utf8))
        _ = try store.save(Self.board())
        #expect(try contents() == "filter = all\nalert = 7 # mine\nregion = all\ncount = 5\n")
    }

    @Test("alerts turned off are kept as off")
    func alertOff() throws {
        defer { directory.remove() }
        _ = try store.save(Self.board(filter: "horse", region: "intl", count: 20, alert: "off"))
        #expect(try contents().hasSuffix("filter = horse\nregion = intl\ncount = 20\nalert = off\n"))
    }

    @Test("a symbolic link stays a link, and the file it points at is written; the file's permissions stay")
    func linkAndPermissions() throws {
        defer { directory.remove() }
        let real = directory.url.appendingPathComponent("dotfiles/next-to-go.conf")
        try FileManager.default.createDirectory(
            at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# tracked\n".utf8).write(to: real)
        #expect(chmod(real.path, 0o600) == 0)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: real)
        _ = try store.save(Self.dogsInAustralia)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == real.path)
        #expect(try String(decoding: Data(contentsOf: real), as: UTF8.self).hasPrefix("# tracked\nfilter = "))
        var status = stat()
        #expect(stat(real.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
    }

    @Test("a folder or a huge file where the file should be is left alone, and the failure names it")
    func unreadableIsLeftAlone() throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        #expect(throws: SettingsError("\(file.path) is not a regular file; it is left as it is")) {
            try store.save(Self.dogsInAustralia)
        }
        try FileManager.default.removeItem(at: file)
        let huge = [UInt8](repeating: UInt8(ascii: "#"), count: 70_000)
        try write(huge)
        #expect(throws: SettingsError.self) { try store.save(Self.dogsInAustralia) }
        #expect(try Array(Data(contentsOf: file)) == huge)
    }

    @Test("a save that would grow the file past what the reader takes is refused, and the file is as it was")
    func neverPastTheLimit() throws {
        defer { directory.remove() }
        // Settings and comments up to the byte: readable now, over the limit once a key is added.
        let head = Array("filter = all\nregion = all\ncount = 3\n".utf8)
        let padding = SettingsText.maximumBytes - head.count - 1
        let bytes = head + [UInt8](repeating: UInt8(ascii: "#"), count: padding) + [0x0A]
        #expect(bytes.count == SettingsText.maximumBytes)
        try write(bytes)
        #expect(
            throws: SettingsError(
                "saving would make \(file.path) larger than 64 KB, more than the app reads at start; it is left as it is (remove lines it does not need, then save again)"
            )
        ) { try store.save(Self.board(alert: "off")) }
        #expect(try Array(Data(contentsOf: file)) == bytes)
        // A value changed in place that keeps the size is saved, up to the limit itself.
        _ = try store.save(Self.board())
        #expect(
            try Array(Data(contentsOf: file)) == Array("filter = all\nregion = all\ncount = 5\n".utf8)
                + bytes.dropFirst(head.count))
    }

    @Test("a save through a link to nowhere says where it points and makes nothing: no file, no folder")
    func danglingLink() throws {
        defer { directory.remove() }
        let nowhere = directory.url.appendingPathComponent("gone/dotfiles/next-to-go.conf")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: nowhere)
        #expect(
            throws: SettingsError(
                "\(file.path) is a symbolic link to \(nowhere.path), which does not exist; nothing is saved or created")
        ) { try store.save(Self.dogsInAustralia) }
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("gone").path))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == nowhere.path)
    }

    @Test("a file where the folder should be: the write fails and says so, and that file is as it was")
    func unwritableFolder() throws {
        defer { directory.remove() }
        let folder = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a folder\n".utf8).write(to: folder)
        #expect(throws: SettingsError.self) { try store.save(Self.dogsInAustralia) }
        #expect(try String(contentsOf: folder, encoding: .utf8) == "not a folder\n")
    }

    @Test(
        "a UTF-16 or binary file is not rewritten: nothing in it reads as settings",
        arguments: [
            [UInt8(0xFF), 0xFE, UInt8(ascii: "c"), 0, UInt8(ascii: "o"), 0],
            [UInt8(0xFE), 0xFF, 0, UInt8(ascii: "c")],
            Array("count = 3\n".utf8) + [0, 1, 2],
        ])
    func notText(bytes: [UInt8]) throws {
        defer { directory.remove() }
        try write(bytes)
        #expect(throws: SettingsError.self) { try store.save(Self.dogsInAustralia) }
        #expect(try Array(Data(contentsOf: file)) == bytes)
    }

    @Test("`key = # note` is a key with no value and a comment: the value goes before the comment, which stays one")
    func valueThatIsAComment() throws {
        defer { directory.remove() }
        try write(Array("filter = # dogs only, one day\ncount =# 3\n".utf8))
        _ = try store.save(Self.board(filter: "greyhound", count: 3))
        #expect(
            try contents()
                == "filter = greyhound # dogs only, one day\ncount =3\nregion = all\n")
        let text = SettingsText(Array("filter = # dogs only\n".utf8))
        #expect(text.lines.first?.meaning == .entry(key: "filter", value: "", valueBytes: 9..<9))
    }

    @Test("the variables set now that will come before the file are named")
    func overriddenBy() throws {
        defer { directory.remove() }
        let store = SettingsFile(file: file, environment: ["NEXT_TO_GO_COUNT": "2", "NEXT_TO_GO_REFRESH": "5"])
        #expect(try store.save(Self.dogsInAustralia).overriddenBy == ["NEXT_TO_GO_COUNT"])
    }

    @Test("the text is read as the app reads it at start: comments, tabs, control characters, lone CR")
    func parsing() {
        let text = SettingsText(Array("a = 1 # c\rb\t=\tx\ty\n#c\n\nk\u{1B} = 2\nplain\nc = v#not-a-comment".utf8))
        let meanings = text.lines.map { line -> String in
            switch line.meaning {
            case .nothing: "-"
            case .malformed: "!"
            case .entry(let key, let value, _): "\(key)=\(value)"
            }
        }
        #expect(meanings == ["a=1", "b=x y", "-", "-", "!", "!", "c=v#not-a-comment"])
        #expect(text.lineEnding == [0x0D])
    }
}
