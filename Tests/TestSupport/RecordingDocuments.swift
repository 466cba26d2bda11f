import Core
import Text

/// The documents a JSON view shows, kept, for any feature's view tests.
@MainActor
public final class RecordingDocuments: JSONDocumentOutput {
    public var documents: [(type: String, body: [String: Any], streamed: Bool)] = []

    public init() {}

    public func show(_ type: String, _ body: [String: Any], replacesPrevious: Bool, streamed: Bool) {
        documents.append((type, body, streamed))
    }
    public func warn(_ message: String) {}
    public func writeLine(_ line: String) {}
    public func writeError(_ line: String) {}
}
