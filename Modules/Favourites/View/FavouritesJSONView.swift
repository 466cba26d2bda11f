import Core
import Platform
import Text

/// The favourites as a `--json` document (`"type": "favourites"`): the README's schema.
@MainActor
public final class FavouritesJSONView: FavouritesViewInput, JSONFeedbackView {
    public let output: any JSONDocumentOutput

    public init(output: any JSONDocumentOutput) { self.output = output }

    public func display(_ viewModel: FavouritesViewModel) {
        var body: [String: Any] = ["title": viewModel.title]
        switch viewModel.content {
        case .empty(let message):
            body["races"] = [Any]()
            body["message"] = message
        case .races(let rows):
            body["message"] = JSONNull()
            body["races"] = rows.compactMap { row -> [String: Any]? in
                guard let favourite = row.favourite else { return nil }
                return JSONFields.race(
                    favourite.race, secondsToStart: row.secondsToStart, countdown: row.status, favourite: true
                ).merging(["position": row.position, "jumped": row.hasJumped]) { $1 }
            }
        }
        output.show("favourites", body)
    }

}
