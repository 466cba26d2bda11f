import Core
import Platform
import Text

/// The results as a `--json` document (`"type": "results"`): the README's schema.
@MainActor
public final class ResultsJSONView: ResultsViewInput, JSONFeedbackView {
    public let output: any JSONDocumentOutput

    public init(output: any JSONDocumentOutput) { self.output = output }

    public func display(_ viewModel: ResultsViewModel) {
        let races = viewModel.rows.map { row -> [String: Any] in
            JSONFields.race(row.race, secondsToStart: row.secondsToStart, countdown: row.status, favourite: false)
                .merging(
                    [
                        "position": row.position, "localTime": row.localTime, "status": row.status,
                        "placings": row.placings.map { placing -> [String: Any] in
                            [
                                "position": placing.position, "number": placing.number,
                                "name": JSONFields.value(placing.name),
                            ]
                        },
                        "dividends": row.dividends.flatMap(\.paid).map { dividend -> [String: Any] in
                            [
                                "bet": dividend.bet, "runners": dividend.runners, "amount": dividend.amount,
                                "final": dividend.isFinal,
                            ]
                        },
                        "missing": JSONFields.value(row.missing),
                    ]
                ) { $1 }.filter { $0.key != "favourite" }
        }
        output.show(
            "results",
            [
                "title": viewModel.title, "note": JSONFields.value(viewModel.note),
                "message": JSONFields.value(viewModel.emptyMessage), "total": viewModel.total, "races": races,
            ])
    }
}
