import Foundation
import TestSupport
import Testing

/// The settings file and NEXT_TO_GO_* variables, as a person keeps them.
@Suite("next-to-go settings end to end")
struct SettingsEndToEndTests {
    let home: TemporaryDirectory
    let config: URL

    init() throws {
        home = try TemporaryDirectory()
        config = home.url.appendingPathComponent("config/next-to-go/config")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    func run(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> ProcessRunner.Run {
        try BinaryRunner.run(
            ["--now", "1748310000", "--data-dir", home.url.appendingPathComponent("data").path, "--cards", "none"]
                + arguments + ["list"],
            environment: ["XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path].merging(environment) {
                $1
            }, timeout: 30)
    }

    @Test("the file sets the board; a line that is not right is named with its number and skipped, and the app starts")
    func fileSetsTheBoard() throws {
        defer { home.remove() }
        try Data(
            "# my board\nregion = nz  # New Zealand\n\ncount = 3\nfilter = dogs\ncount = 99\nmars = 1\nnonsense\n".utf8
        )
        .write(to: config)
        let run = try run()
        #expect(run.status == 0)
        #expect(run.lines.first == "Next to Go - greyhound - New Zealand")
        #expect(run.lines.filter { $0.hasPrefix("  ") && $0.contains("Manukau") }.count == 3)
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "Settings: \(config.path) line 6: count '99' is not valid: expected a number of races from 1 to 20; it is skipped.",
                "Settings: \(config.path) line 7: 'mars' is not a setting (source, filter, region, count, alert, refresh, colour, notify, accessible); it is skipped.",
                "Settings: \(config.path) line 8 is not `key = value`; it is skipped.",
            ])
    }

    @Test("flags win over NEXT_TO_GO_* variables, variables over the file; --no-config leaves the file out")
    func precedence() throws {
        defer { home.remove() }
        try Data("count = 3\nregion = aus\n".utf8).write(to: config)
        let rows = { (run: ProcessRunner.Run) in
            run.lines.filter { $0.range(of: #"^  \d+  "#, options: .regularExpression) != nil }.count
        }
        #expect(try rows(run()) == 3)
        #expect(try rows(run(environment: ["NEXT_TO_GO_COUNT": "2"])) == 2)
        #expect(try rows(run(["--count", "4"], environment: ["NEXT_TO_GO_COUNT": "2"])) == 4)
        let noFile = try run(["--no-config"])
        #expect(noFile.lines.first == "Next to Go - all categories", "the file's region is left out")
        #expect(try rows(run(["--no-config"], environment: ["NEXT_TO_GO_COUNT": "2"])) == 2, "variables still count")
        let bad = try run(environment: ["NEXT_TO_GO_REGION": "mars"])
        #expect(bad.status == 0)
        #expect(bad.stderr.hasPrefix("Settings: NEXT_TO_GO_REGION: region 'mars' is not valid"))
    }

    @Test(
        "a file from Windows (CRLF, a byte-order mark), tabs for spaces: read as meant; a source that is none is skipped"
    )
    func windowsFile() throws {
        defer { home.remove() }
        try Data("\u{FEFF}region = nz\r\ncount\t= 2\r\nsource = bogus\r\n".utf8).write(to: config)
        let run = try run()
        #expect(run.status == 0)
        #expect(run.lines.first == "Next to Go - all categories - New Zealand")
        #expect(
            run.lines.filter { $0.contains("Manukau") || $0.contains("Addington") || $0.contains("  2  ") }.count >= 1)
        #expect(run.stderr.hasPrefix("Settings: \(config.path) line 3: source 'bogus' is not valid"), "\(run.stderr)")
    }

    @Test(
        "a settings file that is a folder, a FIFO, huge or binary is said and ignored, never waited on",
        arguments: ["folder", "fifo", "huge", "binary"])
    func hostileFile(kind: String) throws {
        defer { home.remove() }
        switch kind {
        case "folder": try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        case "fifo": #expect(mkfifo(config.path, 0o600) == 0)
        case "huge": try Data(repeating: UInt8(ascii: "#"), count: 70_000).write(to: config)
        default: try Data([0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x32, 0x4A, 0x0A, 0x63, 0x3D, 0x80]).write(to: config)
        }
        let started = Date()
        let run = try run()
        #expect(run.status == 0)
        #expect(run.lines.first == "Next to Go - all categories")
        // A FIFO read would wait until the run's 60 s time-out.
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(run.stderr.hasPrefix("Settings: \(config.path)"), "\(run.stderr)")
        #expect(!run.stderr.unicodeScalars.contains { $0.value == 0x1B }, "no control bytes from the file")
    }

    @Test("`save` in a script keeps the board for the next start, and the file's own lines stay")
    func savedFromAPipe() throws {
        defer { home.remove() }
        try Data("# mine\ncount = 9  # big\ntheme = dark\n".utf8).write(to: config)
        let saving = try BinaryRunner.run(
            ["--now", "1748310000", "--data-dir", home.url.appendingPathComponent("data").path, "--cards", "none"],
            stdin: "filter dogs\nregion nz\ncount 3\nalert 10\nsave\nquit\n",
            environment: ["XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path], timeout: 30)
        #expect(saving.status == 0)
        #expect(
            saving.lines.contains(
                "Saved filter greyhound, region nz, count 3, alert 10 to \(config.path)."
            ), "\(saving.stdout)")
        #expect(
            try String(contentsOf: config, encoding: .utf8)
                == "# mine\ncount = 3  # big\ntheme = dark\nfilter = greyhound\nregion = nz\nalert = 10\n")
        let next = try run()
        #expect(next.lines.first == "Next to Go - greyhound - New Zealand")
        #expect(next.lines.filter { $0.hasPrefix("  ") && $0.contains("Manukau") }.count == 3, "\(next.stdout)")
    }

    @Test("a junk settings file is said in a few lines and a count, not a line a line; the board still starts")
    func junkFile() throws {
        defer { home.remove() }
        let junk = String(repeating: "junk\n", count: 12_000) + "count = 2\n"
        try Data(junk.utf8).write(to: config)
        let run = try run()
        #expect(run.status == 0)
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "Settings: \(config.path) line 1 is not `key = value`; it is skipped.",
                "Settings: \(config.path) line 2 is not `key = value`; it is skipped.",
                "Settings: \(config.path) line 3 is not `key = value`; it is skipped.",
                "Settings: ... and 11,997 more lines of \(config.path) skipped.",
            ])
        #expect(run.lines.filter { $0.range(of: #"^  \d+  "#, options: .regularExpression) != nil }.count == 2)
    }

    @Test("`save` that would grow the file past 64 KB: refused with 73, and the next start still reads every setting")
    func saveAtTheLimit() throws {
        defer { home.remove() }
        // At the limit to the byte: one key more is too many.
        let file = "region = nz\n" + String(repeating: "#", count: 64 * 1024 - 13) + "\n"
        try Data(file.utf8).write(to: config)
        let save = try BinaryRunner.run(
            ["--now", "1748310000", "--cards", "none", "--count", "3", "save"],
            environment: ["XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path], timeout: 30)
        #expect(save.status == 73)
        #expect(save.stderr.contains("larger than 64 KB, more than the app reads at start; it is left as it is"))
        #expect(try String(contentsOf: config, encoding: .utf8) == file)
        let next = try run()
        #expect(next.stderr.isEmpty)
        #expect(next.lines.first == "Next to Go - all categories - New Zealand")
    }

    @Test("`save` where the file cannot be written: said, exit 73 alone, and the folder in its place is untouched")
    func saveRefused() throws {
        defer { home.remove() }
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let run = try BinaryRunner.run(
            ["--now", "1748310000", "--cards", "none", "save"],
            environment: ["XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path], timeout: 30)
        #expect(run.status == 73)
        #expect(run.stderr.contains("Settings not saved: \(config.path) is not a regular file; it is left as it is."))
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: config.path, isDirectory: &isFolder) && isFolder.boolValue)
    }
}
