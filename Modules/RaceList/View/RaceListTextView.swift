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
            output.writeLines(RaceListTable.lines(for: rows, style: style))
            writeFootnote(viewModel)
        case .empty(let message):
            output.writeLine(header(viewModel))
            output.writeLine("  " + style.clean(message))
            writeFootnote(viewModel)
        case .error(let message, let hint):
            output.writeError(style.paint(style.clean(message), .red))
            output.writeError(hint)
        }
    }

    public func displayCommandError(_ message: String) {
        output.writeError(style.paint(style.clean(message), .red))
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

/// Lays race rows out in aligned columns that fit the terminal width.
public enum RaceListTable {
    static let countdownColumns = 7
    /// Room for "R10" even when no double-digit race is shown, so columns
    /// stay put as the board changes.
    static let minimumRaceNumberColumns = 3
    static let minimumMeetingColumns = 10
    static let maximumMeetingColumns = 30

    public static func lines(for rows: [RaceRowViewModel], style: DisplayStyle) -> [String] {
        let asciiOnly = !style.usesGlyphs
        let meetingNames = rows.map { style.clean($0.meetingName) }
        let raceNumbers = rows.map { style.clean($0.raceNumber) }
        let numberColumns = max(minimumRaceNumberColumns, raceNumbers.map(TerminalText.width(of:)).max() ?? 0)
        let positionColumns = String(rows.map(\.position).max() ?? 0).count
        let fixedColumns =
            2 + positionColumns + 2 + CategoryBadge.columns(style: style) + 2 + numberColumns + 2 + 2
            + countdownColumns
        let widestMeeting = meetingNames.map(TerminalText.width(of:)).max() ?? 0
        let meetingColumns = max(
            minimumMeetingColumns,
            min(widestMeeting, maximumMeetingColumns, style.width - fixedColumns))

        return zip(rows, zip(meetingNames, raceNumbers)).map { row, texts in
            let (meeting, number) = texts
            let position =
                String(repeating: " ", count: positionColumns - String(row.position).count)
                + String(row.position)
            let countdown = style.clean(row.countdown)
            let paddedCountdown =
                String(repeating: " ", count: max(0, countdownColumns - TerminalText.width(of: countdown)))
                + countdown
            return "  " + position + "  " + CategoryBadge.text(for: row.category, style: style) + "  "
                + TerminalText.fit(number, columns: numberColumns, asciiOnly: asciiOnly) + "  "
                + TerminalText.fit(meeting, columns: meetingColumns, asciiOnly: asciiOnly) + "  "
                + style.paint(paddedCountdown, tone(for: row.urgency))
        }
    }

    private static func tone(for urgency: CountdownUrgency) -> DisplayStyle.Tone {
        switch urgency {
        case .later: .green
        case .soon: .yellow
        case .imminent, .started: .red
        }
    }
}
