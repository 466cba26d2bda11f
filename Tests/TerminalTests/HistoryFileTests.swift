import Foundation
import Terminal
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("History file")
struct HistoryFileTests {
    @Test("kept across runs, at the XDG state path or under ~/.local/state")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(
            HistoryFile.defaultURL(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path
                == "/s/next-to-go/history")
        #expect(
            HistoryFile.defaultURL(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]).path
                == "/h/.local/state/next-to-go/history")
        let file = HistoryFile(url: directory.url.appendingPathComponent("a/b/history")) { _ in }
        file.save(LineHistory(["list", "show 1"]))
        #expect(file.load().entries == ["list", "show 1"])
    }

    @Test("hostile files: broken UTF-8, control characters, a FIFO, a directory, a huge file; never a hang")
    func hostile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let broken = try directory.file(
            "broken", contents: Data("list\n".utf8) + Data([0xFF, 0xFE]) + Data("\nshow\u{1B}[2J 1\nfav 2\n".utf8))
        #expect(HistoryFile(url: broken) { _ in }.load().entries == ["list", "\u{FFFD}\u{FFFD}", "fav 2"])
        let fifo = directory.url.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(HistoryFile(url: fifo) { _ in }.load().entries.isEmpty)
        var warnings: [String] = []
        HistoryFile(url: fifo) { warnings.append($0) }.save(LineHistory(["list"]))
        var info = stat()
        #expect(stat(fifo.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO is left as it was")
        #expect(warnings.first?.contains("is not a regular file") == true)
        #expect(HistoryFile(url: directory.url) { _ in }.load().entries.isEmpty)
        let huge = try directory.file(
            "huge", contents: Data(String(repeating: "show 1\n", count: 400_000).utf8) + Data("last\n".utf8))
        #expect(HistoryFile(url: huge) { _ in }.load().entries.suffix(2) == ["show 1", "last"])
    }

    @Test("a history that cannot be written is said once, and the run goes on")
    func unwritable() throws {
        var warnings: [String] = []
        let file = HistoryFile(url: URL(fileURLWithPath: "/proc/next-to-go/history")) { warnings.append($0) }
        file.save(LineHistory(["list"]))
        file.save(LineHistory(["list", "favs"]))
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("History could not be saved to /proc/next-to-go/history") == true)
    }
}
