import Core
import Text

/// The movers as a `--json` document (`"type": "movers"`): the README's schema.
@MainActor
public final class MoversJSONView: MoversViewInput, JSONFeedbackView {
    public let output: any JSONDocumentOutput

    public init(output: any JSONDocumentOutput) { self.output = output }

    public func display(_ viewModel: MoversViewModel) {
        let rows = { (rows: [MoversViewModel.Row]) in
            rows.map { row -> [String: Any] in
                [
                    "race": row.race, "countdown": row.countdown, "runner": row.runner, "opened": row.opened,
                    "now": row.now, "chancePoints": row.points, "changePercent": row.percent,
                ]
            }
        }
        output.show(
            "movers",
            [
                "title": viewModel.title, "firming": rows(viewModel.firming), "drifting": rows(viewModel.drifting),
                "note": viewModel.footnote,
            ])
    }

}
