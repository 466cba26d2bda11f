import Foundation
import TestSupport
import Testing

/// `next-to-go --man` as man reads it.
@Suite("The manual page")
struct ManPageTests {
    @Test(
        "man renders it without a warning; it names every option and command of the tables",
        .enabled(if: HostCapabilities.hasMan))
    func renders() throws {
        let page = try BinaryRunner.run(["--man"])
        #expect(page.status == 0)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("next-to-go.1", contents: Data(page.stdout.utf8))
        let shown = try BinaryRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["man", "--warnings", "-E", "UTF-8", "-l", file.path], stdin: "",
            environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"], timeout: 60)
        #expect(shown.status == 0)
        #expect(shown.stderr.isEmpty, "\(shown.stderr)")
        let text = shown.stdout
        for heading in [
            "NAME", "SYNOPSIS", "OPTIONS", "COMMANDS", "FILES", "ENVIRONMENT", "EXIT STATUS", "JSON", "EXAMPLES",
        ] {
            #expect(text.contains(heading), "no \(heading)")
        }
        for word in [
            "--source", "--completions", "--data-dir", "list [all]", "unfav N", "filter only CATEGORY...", "quit",
            "lateScratchedAt", "settlingLengths", "cardNote",
        ] {
            #expect(text.contains(word), "no \(word)")
        }
    }
}
