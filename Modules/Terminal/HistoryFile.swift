import Files
import Platform

/// Where the shell's history is kept across runs: `$XDG_STATE_HOME/next-to-go/history`, else
/// `~/.local/state/next-to-go/history`, one line per command, oldest first.
///
/// The file is input like any other: only a regular file is read, at most its last megabyte, bytes that are
/// not UTF-8 are replaced and lines with control characters dropped. Nothing about it is ever fatal: a file
/// that cannot be read starts an empty history, and one that cannot be written is said once and the history
/// is kept for the run.
public final class HistoryFile {
    public static let maximumBytes = 1 << 20

    public let url: URL
    private var warned = false
    private let warn: (String) -> Void

    public init(url: URL, warn: @escaping (String) -> Void) {
        self.url = url
        self.warn = warn
    }

    public static func defaultURL(environment: [String: String]) -> URL {
        XDGDirectory.resolve("XDG_STATE_HOME", homeFallback: ".local/state", environment: environment)
            .appendingPathComponent("history")
    }

    public func load(capacity: Int = LineHistory.standardCapacity) -> LineHistory {
        guard let bytes = try? RegularFile.tail(url.path, maximumBytes: Self.maximumBytes) else {
            return LineHistory(capacity: capacity)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return LineHistory(text.split(separator: "\n").map(String.init), capacity: capacity)
    }

    /// Writes the whole history through a temporary file and a rename, so a crash never leaves half a file. Its
    /// sync to the disk is left to the system (`AtomicFile.Durability.renamedOnly`): a history is not worth a wait.
    public func save(_ history: LineHistory) {
        // Something other than a file there (a FIFO, a device) is the user's: never replaced.
        if PathText.isSomethingButAFile(url.path) {
            warnOnce("\(url.path) is not a regular file")
            return
        }
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            warnOnce("it cannot be written there")
            return
        }
        let body = history.entries.map { $0 + "\n" }.joined()
        do {
            try AtomicFile.write(Data(body.utf8), to: url, durability: .renamedOnly)
        } catch {
            warnOnce(error.cause)
        }
    }

    private func warnOnce(_ reason: String) {
        guard !warned else { return }
        warned = true
        warn("History could not be saved to \(url.path) (\(reason)); it is kept for this run only.")
    }
}
