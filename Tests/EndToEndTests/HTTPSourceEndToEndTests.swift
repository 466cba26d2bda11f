import Foundation
import TestSupport
import Testing

@Suite("next-to-go against a local HTTP server")
struct HTTPSourceEndToEndTests {
    @Test("a URL source serving the Neds shape shows the board")
    func liveBoard() throws {
        let server = try FixtureServer(folder: Fixtures.directory)
        defer { server.stop() }
        let run = try BinaryRunner.run(
            ["--source", server.url(Fixtures.tenRaces), "--now", RaceListEndToEndTests.now],
            stdin: "list\nrefresh\n")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.lines == RaceListEndToEndTests.allCategories + RaceListEndToEndTests.allCategories)
    }

    @Test("the fixture server's /replay/NAME makes a capture live: races, not an empty board, on the real clock")
    func replayedByServer() throws {
        let server = try FixtureServer(folder: Fixtures.directory)
        defer { server.stop() }
        let run = try BinaryRunner.run(["--source", server.url("replay/" + Fixtures.tenRaces), "list"])
        #expect(run.status == 0)
        #expect(run.lines.count == 6)
        // Two minutes out, give or take the seconds the test took to get here.
        let first = try #require(run.lines[checked: 1])
        #expect(first.hasPrefix("  1  H  R7   Northfield Park"))
        #expect(first.hasSuffix("s") && (first.contains("1m ") || first.contains("2m ")), "\(first)")
    }

    @Test("HTTP errors and refused connections name the URL and exit 69")
    func failures() throws {
        let server = try FixtureServer(folder: Fixtures.directory)
        defer { server.stop() }
        let serverError = try BinaryRunner.run(["--source", server.url("status/500"), "list"])
        #expect(serverError.status == 69)
        #expect(
            serverError.stderr.hasPrefix(
                "Could not read races from \(server.url("status/500")): the server answered HTTP 500."))

        let missing = try BinaryRunner.run(["--source", server.url("nope.json"), "list"])
        #expect(missing.status == 69)
        #expect(missing.stderr.contains("HTTP 404"))

        server.stop()
        let refused = try BinaryRunner.run(["--source", server.url(Fixtures.tenRaces), "list"])
        #expect(refused.status == 69)
        #expect(
            refused.stderr.hasPrefix(
                "Could not read races from \(server.url(Fixtures.tenRaces)): connection refused."))
    }

    @Test("the app fetches in a child of its own program: a copy alone fetches, and so does a link to it")
    func helperProgram() throws {
        let server = try FixtureServer(folder: Fixtures.directory)
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = server.url(Fixtures.tenRaces)
        let arguments = ["--source", url, "--now", RaceListEndToEndTests.now, "list"]

        // One program is the whole app: nothing beside it is needed to fetch.
        let alone = directory.url.appendingPathComponent("next-to-go")
        try FileManager.default.copyItem(at: BinaryRunner.binary, to: alone)
        let copied = try BinaryRunner.run(
            executable: alone, arguments: arguments, stdin: "", environment: [:], timeout: 60)
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.lines == RaceListEndToEndTests.allCategories)

        let linked = directory.url.appendingPathComponent("linked-next-to-go")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: BinaryRunner.binary)
        let throughLink = try BinaryRunner.run(
            executable: linked, arguments: arguments, stdin: "", environment: [:], timeout: 60)
        #expect(throughLink.status == 0)
        #expect(throughLink.lines == RaceListEndToEndTests.allCategories)
    }
}
