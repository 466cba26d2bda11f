import Core
import Platform
import Text

/// The book as a `--json` document (`"type": "book"`), and a change to it (`"type": "bookChange"`): the README's
/// schema.
@MainActor
public final class BlackbookJSONView: BlackbookViewInput, JSONFeedbackView {
    public let output: any JSONDocumentOutput

    public init(output: any JSONDocumentOutput) { self.output = output }

    public func display(_ viewModel: BlackbookViewModel) {
        var body: [String: Any] = ["title": viewModel.title, "footnote": JSONFields.value(viewModel.footnote)]
        switch viewModel.content {
        case .empty(let message):
            body["entries"] = [Any]()
            body["message"] = message
        case .entries(let rows):
            body["message"] = JSONNull()
            body["entries"] = rows.map(Self.entry)
        }
        output.show("book", body)
    }

    public func displayChange(_ change: BlackbookChangeViewModel) {
        output.show(
            "bookChange",
            [
                "action": change.action, "kind": change.kind, "name": change.name,
                "category": JSONFields.value(change.category?.rawValue), "country": JSONFields.value(change.country),
                "note": JSONFields.value(change.note), "message": change.message,
            ])
    }

    /// The change alone: a command's document is the last one shown, and `book` is the book's.
    public func displayChange(_ change: BlackbookChangeViewModel, leaving book: BlackbookViewModel) {
        displayChange(change)
    }

    private static func entry(_ row: BlackbookRowViewModel) -> [String: Any] {
        var next: Any = JSONNull()
        if let run = row.next {
            next = JSONFields.race(
                run.race, secondsToStart: run.secondsToStart, countdown: row.countdown ?? "", favourite: false
            ).merging(["runner": ["number": run.runnerNumber, "name": run.runnerName]]) { $1 }
        }
        return [
            "position": row.position, "kind": row.kind, "name": row.name,
            "category": JSONFields.value(row.category?.rawValue), "country": JSONFields.value(row.country),
            "note": JSONFields.value(row.note), "next": next,
        ]
    }
}
