import Core

/// Draws the race list as lines of text. It only renders: every word and
/// number comes from the view model.
@MainActor
public final class RaceListTextView: RaceListViewInput {
    private let output: any TextOutput
    private let style: DisplayStyle

    public init(output: any TextOutput, style: DisplayStyle) {
        self.output = output
        self.style = style
    }

    public func display(_ viewModel: RaceListViewModel) {
        switch viewModel.content {
        case .loading(let source):
            // Progress lines are for people watching; pipes get only results.
            guard style.isInteractive else { return }
            output.writeLine(style.paint("Loading races from \(style.clean(source))...", .dim))
        case .races(let rows):
            output.writeLine(header(viewModel))
            writeStaleNotice(viewModel)
            output.writeLines(RaceTable.lines(for: rows.map(Self.tableRow), style: style))
            writeFootnote(viewModel)
        case .empty(let message):
            output.writeLine(header(viewModel))
            writeStaleNotice(viewModel)
            output.writeLine("  " + style.clean(message))
            writeFootnote(viewModel)
        case .error(let message, let hint):
            output.writeError(style.paint(style.clean(message), .red))
            output.writeError(hint)
        }
    }

    public func displayCommandError(_ message: String) {
        output.writeCommandError(message, style: style)
    }

    public func displayWarning(_ message: String) {
        output.writeWarning(message, style: style)
    }

    private static func tableRow(_ row: RaceRowViewModel) -> RaceTableRow {
        RaceTableRow(
            position: row.position, category: row.category, raceNumber: row.raceNumber,
            meetingName: row.meetingName, status: row.countdown, statusTone: tone(for: row.urgency),
            isFavourite: row.isFavourite)
    }

    private static func tone(for urgency: CountdownUrgency) -> DisplayStyle.Tone {
        switch urgency {
        case .later: .green
        case .soon: .yellow
        case .imminent, .started: .red
        }
    }

    private func writeStaleNotice(_ viewModel: RaceListViewModel) {
        guard let notice = viewModel.staleNotice else { return }
        output.writeLine("  " + style.paint(style.clean(notice), .yellow))
    }

    private func writeFootnote(_ viewModel: RaceListViewModel) {
        guard let footnote = viewModel.footnote else { return }
        output.writeLine(style.paint("  " + style.clean(footnote), .dim))
    }

    private func header(_ viewModel: RaceListViewModel) -> String {
        let separator = style.usesGlyphs ? " · " : " - "
        return style.paint(style.clean(viewModel.title), .bold) + separator + style.clean(viewModel.filterSummary)
    }
}
