import Core
import Platform
import Shell
import Text

/// `--json`: every command prints one JSON document on stdout (schema 1, described in the README), errors
/// print `{"error": {"code": …, "message": …}}` on stderr; the features' JSON views make the documents from the
/// same view models as the text.
///
/// Collects what one command shows and prints it as one document when the command has settled: the screen
/// it ended on (a sheet opened over the list prints the sheet), or its lines of text (`help`). `watch` frames
/// each print as they come, one line each (NDJSON).
@MainActor
final class JSONCommandOutput: JSONDocumentOutput {
    static let schema = 1
    private var document: [String: Any]?
    private var lines: [String] = []
    private var errors: [String] = []

    func show(_ type: String, _ body: [String: Any], replacesPrevious: Bool, streamed: Bool) {
        if replacesPrevious, let document { print(document, to: .output) }
        let shown = ["schema": Self.schema, "type": type].merging(body) { $1 }
        // A `watch` frame goes out on the second it was drawn for; the command's end has nothing left to print.
        if streamed {
            print(shown, to: .output)
            document = nil
        } else {
            document = shown
        }
    }

    func writeLine(_ line: String) { lines.append(line) }
    func writeError(_ line: String) { errors.append(line) }

    func writeAlert(_ line: String) {
        print(["alert": ["message": line]], to: .error)
    }

    func warn(_ message: String) {
        print(["warning": ["message": message]], to: .error)
    }

    /// An error before any command could run (a bad option, a source that cannot be set up).
    nonisolated static func printError(_ message: String, code: Int32) {
        guard let text = line(["error": ["code": Int(code), "message": message]]) else { return }
        StandardStreams.write(text, to: .error)
    }

    /// One document, compact, keys sorted (so the bytes are stable), and a line break. Every string in it is
    /// rid of what the text output would never print (bidi overrides, C1 controls, DEL, zero-width marks): the
    /// JSON is read on terminals too, and JSON escapes only the C0 controls.
    nonisolated static func line(_ object: [String: Any]) -> String? {
        JSONText.text(of: visible(object)).map { $0 + "\n" }
    }

    nonisolated private static func visible(_ value: Any) -> Any {
        switch value {
        case let text as String: TerminalText.withoutInvisibles(text)
        case let object as [String: Any]: object.mapValues(visible)
        case let array as [Any]: array.map(visible)
        default: value
        }
    }

    /// The command has settled with `result`: its document, or its errors.
    func finishCommand(_ result: CommandResult) {
        if let document {
            print(document, to: .output)
        } else if !lines.isEmpty {
            print(["schema": Self.schema, "type": "text", "lines": lines], to: .output)
        }
        if !errors.isEmpty {
            let code = result.exitStatus == .ok ? ExitStatus.usage.rawValue : result.exitStatus.rawValue
            print(["error": ["code": code, "message": errors.joined(separator: " ")]], to: .error)
        }
        document = nil
        lines = []
        errors = []
    }

    private func print(_ object: [String: Any], to stream: StandardStreams.Stream) {
        guard let text = Self.line(object) else { return }
        switch stream {
        case .output: StandardStreams.writeOrExit(text, status: ExitStatus.outputFailed.rawValue)
        case .error: StandardStreams.write(text, to: .error)
        }
    }
}
