import Core
import Platform
import Text

/// The board as a `--json` document (`"type": "board"`): the README's schema.
@MainActor
public final class RaceListJSONView: RaceListViewInput, JSONFeedbackView {
    public let output: any JSONDocumentOutput

    public init(output: any JSONDocumentOutput) { self.output = output }

    public func display(_ viewModel: RaceListViewModel) {
        var body: [String: Any] = [
            "title": viewModel.title, "filter": viewModel.filterSummary, "narrowing": viewModel.narrowing,
            "stale": JSONFields.value(viewModel.staleNotice), "note": JSONFields.value(viewModel.footnote),
        ]
        switch viewModel.content {
        case .loading:
            return
        case .error(let message, _):
            output.writeError(message)
            return
        case .empty(let message):
            body["races"] = [Any]()
            body["message"] = message
        case .races(let rows):
            body["races"] = rows.compactMap(Self.race)
            body["message"] = JSONNull()
        case .sections(let sections):
            body["races"] = sections.flatMap(\.rows).compactMap(Self.race)
            body["sections"] = sections.map { section -> [String: Any] in
                [
                    "heading": section.heading, "day": JSONFields.value(section.day),
                    "date": JSONFields.value(section.date),
                    "positions": section.rows.map(\.position),
                ]
            }
            body["message"] = JSONNull()
        }
        output.show("board", body, replacesPrevious: viewModel.replacesPrevious, streamed: viewModel.isStreamed)
    }

    private static func race(_ row: RaceRowViewModel) -> [String: Any]? {
        guard let race = row.race else { return nil }
        // What the blackbook follows in the race (empty for none).
        // The market's favourite now (null where the source has no prices).
        var fields: [String: Any] = [
            "position": row.position, "book": row.followed,
            // Equal favourites: `number` the lowest, `numbers` each of them.
            "marketFavourite": row.marketFavourite.map {
                ["number": $0.runnerNumber, "price": $0.price, "equal": $0.isEqual, "numbers": $0.runnerNumbers]
                    as [String: Any]
            }
                ?? JSONNull(),
            // The shortest fixed prices, shortest first (empty where the source has no prices).
            "prices": row.shortestPrices.map { ["number": $0.runnerNumber, "price": $0.price] as [String: Any] },
        ]
        if let winner = row.winner { fields["winner"] = winner }
        return fields.merging(
            JSONFields.race(
                race, secondsToStart: row.secondsToStart, countdown: row.countdown, favourite: row.isFavourite)
        ) { $1 }
    }

    public func displayMessage(_ message: String) { output.writeLine(message) }
    public func displayStatus(_ status: LiveStatusViewModel) {}
    public func displayNotice(_ message: String) {}
    public func displayAlert(_ alert: RaceAlertViewModel) { output.writeAlert(alert.message) }
}
