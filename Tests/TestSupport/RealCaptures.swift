import Foundation

/// Real captures of the Neds `nextraces` API, which tests may read but the repository never holds: they are
/// third parties' copies of Entain data, whose terms forbid republishing. They are found in the folder named by
/// `NEXT_TO_GO_REAL_CAPTURES`, else in `../shared/fixtures` beside the package. A suite that reads them is
/// enabled only when one is there (`.enabled(if: RealCaptures.available, …)`), so a clone with nothing beside
/// it skips that suite with a note and still passes; CI, which has them, runs it.
public enum RealCaptures {
    public static let environmentVariable = "NEXT_TO_GO_REAL_CAPTURES"

    /// The folder of captures, if this machine has one.
    public static let directory: URL? = {
        let named = ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        let candidate =
            named.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        // A folder reached through a symbolic link (../shared linked from elsewhere) is listed from where it is.
        return candidate.resolvingSymlinksInPath()
    }()

    public static var available: Bool { directory != nil }

    /// Said where a suite is skipped.
    public static let absence =
        "no real captures here: neither $\(environmentVariable) nor ../shared/fixtures beside the package is a folder"

    /// Two polls of the API 128 s apart in which two races of the same start second (Turf Paradise and Santa
    /// Anita Park, 1768521900) swap places in `next_to_go_ids`.
    public static let tiePolls = (
        "more-nextraces/known-repos/j-__next-to-go-react__payload-1768521563983.json",
        "more-nextraces/known-repos/j-__next-to-go-react__payload-1768521692164.json"
    )

    /// Every `nextraces` capture in the folder (paths relative to it, sorted), so a capture added there is
    /// tested without edits. The affiliates API's documents (`affiliates/`, `endpoints/`) are another shape.
    public static func nextraces() -> [String] {
        guard let directory, let paths = FileManager.default.subpaths(atPath: directory.path) else { return [] }
        let otherShapes: Set<Substring> = ["affiliates", "endpoints"]
        return paths.filter { path in
            path.hasSuffix(".json") && !path.split(separator: "/").contains { otherShapes.contains($0) }
        }.sorted()
    }

    public static func url(_ name: String) -> URL {
        (directory ?? URL(fileURLWithPath: "/nonexistent")).appendingPathComponent(name)
    }

    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }
}
