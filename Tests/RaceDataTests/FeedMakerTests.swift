import Foundation
import TestSupport
import Testing

/// The project's data is its own: `Scripts/make-snapshot` makes every feed the app ships and the tests read,
/// from the recipes in `Scripts/feeds/`, the same bytes every time.
@Suite("Feeds we make")
struct FeedMakerTests {
    static let maker = Fixtures.packageRoot.appendingPathComponent("Scripts/make-snapshot").path

    private func make(_ arguments: [String]) throws -> ProcessRunner.Run {
        try ProcessRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", Self.maker] + arguments,
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"], timeout: 120)
    }

    @Test("every committed feed is what its recipe makes")
    func committedFeedsAreTheRecipes() throws {
        let check = try make(["--all", "--check"])
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test("--out writes the embedded race day again, byte for byte, however often it runs")
    func snapshotReproduced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = directory.url.appendingPathComponent("first.json")
        let second = directory.url.appendingPathComponent("second.json")
        #expect(try make(["--out", first.path]).status == 0)
        #expect(try make(["--out", second.path]).status == 0)
        let committed = Fixtures.raceDay
        #expect(try Data(contentsOf: first) == committed)
        #expect(try Data(contentsOf: second) == committed)
    }

    @Test("a recipe that cannot be read, or asks to leave out a field no feed has, is a clear error")
    func badRecipes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let broken = try directory.file("broken.json", contents: Data("{ not json".utf8))
        let run = try make(["--recipe", broken.path, "--out", directory.url.appendingPathComponent("x.json").path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("cannot read the recipe \(broken.path)"))

        let recipe = #"""
            {"seed": 1, "out": "x.json", "first_start": 1775887200, "message": "m",
             "meetings": [{"venue": "Kilmore", "state": "VIC", "country": "AUS", "category": "harness",
                           "first_race": 1, "starts": [0], "omit": ["colours"]}]}
            """#
        let unknown = try directory.file("unknown.json", contents: Data(recipe.utf8))
        let refused = try make(["--recipe", unknown.path, "--out", directory.url.appendingPathComponent("y.json").path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("Kilmore R1: cannot omit colours"))
        #expect(try make(["--recipe", "no-such-recipe"]).stderr.contains("no recipe 'no-such-recipe'"))
    }
}
