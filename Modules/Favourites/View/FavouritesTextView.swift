import Core
import Text

/// Draws the favourites with the same columns as the race list.
@MainActor
public final class FavouritesTextView: FavouritesViewInput, TextFeedbackView {
    public let output: any TextOutput
    public let style: DisplayStyle

    public init(output: any TextOutput, style: DisplayStyle) {
        self.output = output
        self.style = style
    }

    public func display(_ viewModel: FavouritesViewModel) {
        let title = style.paint(style.clean(viewModel.title), .bold)
        switch viewModel.content {
        case .races(let rows):
            output.writeBoard([title] + RaceTable.lines(for: rows.map(tableRow), style: style))
        case .empty(let message):
            output.writeBoard([title, "  " + style.clean(message)])
        }
    }

    private func tableRow(_ row: FavouriteRowViewModel) -> RaceTableRow {
        RaceTableRow(
            position: row.position, category: row.category, raceNumber: row.raceNumber, meetingName: row.meetingName,
            status: row.status, statusTone: row.hasJumped ? .dim : .green, isFavourite: false)
    }
}
