import Core
import Files
import Platform
import RaceData
import Synchronization
import Text

/// `--source script:FILE`: each fetch answers with the script's next line, the last repeated, so a demo, an
/// end-to-end test or someone building on the app can play any run of answers and failures with no server
/// and no code. A line is a feed file (relative to the script's folder) or a failure:
///
///     # the board, then the network goes, then a maintenance page, then back with new races
///     ten-races.json
///     refused
///     timeout
///     http 503
///     not-json
///     ten-races-b.json
///
/// Blank lines and `#` comments are skipped. The script is read once, at start; a line that is neither a file
/// there nor a failure is an error naming its number (the files themselves are read at each fetch).
public final class ScriptedRaceService: RaceService {
    public enum Outcome: Sendable, Equatable {
        case feed(path: String)
        case refused
        case timeout
        case httpStatus(Int)
        case notJSON
    }

    public static let usage = "a feed file that exists, refused, timeout, http CODE (100-599) or not-json"
    static let maximumBytes = 1024 * 1024
    static let maximumLines = 10_000

    public let outcomes: [Outcome]
    public let sourceDescription: String
    private let next = Mutex(0)

    /// Reads and checks the script at `path`.
    public init(path: String) throws(RaceDataError) {
        let source = "script \(TerminalText.clean(path, asciiOnly: true))"
        let data: Data
        do {
            data = try RegularFile.read(path, maximumBytes: Self.maximumBytes)
        } catch {
            throw error.raceDataError(source: source, notRegularReason: "it is not a regular file")
        }
        let folder = PathText.folder(of: path)
        outcomes = try Self.parse(String(decoding: data, as: UTF8.self), folder: folder, source: source)
        sourceDescription = source
    }

    /// The outcomes of a script's text; `folder` is where its relative paths start.
    public static func parse(_ text: String, folder: String, source: String) throws(RaceDataError) -> [Outcome] {
        var outcomes: [Outcome] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            // Split on any line break, "\r\n" included (one Character in Swift).
            let line = rawLine.trimmingSpaces()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            guard outcomes.count < maximumLines else {
                throw .invalidFeed(source: source, reason: "it has more than \(maximumLines) outcomes")
            }
            guard let outcome = outcome(line, folder: folder) else {
                throw .invalidFeed(
                    source: source,
                    reason:
                        "line \(index + 1), \(TerminalText.quoted(line, limit: 60)), is not \(usage)")
            }
            outcomes.append(outcome)
        }
        guard !outcomes.isEmpty else { throw .invalidFeed(source: source, reason: "it has no outcomes") }
        return outcomes
    }

    private static func outcome(_ line: String, folder: String) -> Outcome? {
        let words = line.lowercased().split(separator: " ", omittingEmptySubsequences: true)
        switch (words.first, words.count) {
        case ("refused"?, 1): return .refused
        case ("timeout"?, 1): return .timeout
        case ("not-json"?, 1): return .notJSON
        case ("http"?, 2):
            guard let code = Int(words[1]), (100...599).contains(code) else { return nil }
            return .httpStatus(code)
        default:
            // A misspelt failure ("timout") is caught here, not at the fetch that reaches it.
            guard line.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return nil }
            let path = line.hasPrefix("/") ? line : PathText.joined(folder, line)
            guard PathText.exists(path), !PathText.isDirectory(path)
            else { return nil }
            return .feed(path: path)
        }
    }

    public func fetchRaces() throws(RaceDataError) -> RaceFeed {
        let index = next.withLock { index in
            defer { index = min(index + 1, outcomes.count - 1) }
            return index
        }
        switch outcomes[index] {
        case .feed(let path):
            return try FileRaceService(path: path).fetchRaces()
        case .refused:
            throw .unavailable(source: sourceDescription, reason: "could not connect (connection refused)")
        case .timeout:
            throw .timedOut(
                source: sourceDescription, phase: .total, seconds: HTTPRaceService.Limits.standard.totalTimeout)
        case .httpStatus(let code):
            throw .httpStatus(source: sourceDescription, code: code)
        case .notJSON:
            throw .invalidFeed(source: sourceDescription, reason: "it is not valid JSON")
        }
    }
}
