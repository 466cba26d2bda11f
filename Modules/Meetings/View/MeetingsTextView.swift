import Core
import Text

/// Draws the meetings and a meeting as lines that fit the window, 40 columns and up.
@MainActor
public final class MeetingsTextView: MeetingsViewInput, TextFeedbackView {
    public let output: any TextOutput
    public let style: DisplayStyle

    /// From this width a row also shows its next race's local start, and a race its name.
    static let wideColumns = 64
    static let minimumNameColumns = 8
    static let maximumNameColumns = 24

    public init(output: any TextOutput, style: DisplayStyle) {
        self.output = output
        self.style = style
    }

    public func display(_ viewModel: MeetingsViewModel) {
        var lines = [style.paint(style.clean(viewModel.title), .bold)]
        if let note = viewModel.note { lines += wrapped(note, tone: .dim) }
        if let message = viewModel.emptyMessage { lines += wrapped(message, tone: nil) }
        let rows = viewModel.groups.flatMap(\.rows)
        let positionColumns = String(rows.map(\.position).max() ?? 0).count
        let progressColumns = rows.map { $0.progress.count }.max() ?? 0
        let isWide = style.width >= Self.wideColumns
        let timeColumns = isWide ? rows.compactMap { $0.nextTime?.count }.max() ?? 0 : 0
        let nextColumns = rows.map { TerminalText.width(of: style.clean($0.next)) }.max() ?? 0
        let fixed =
            2 + positionColumns + 2 + CategoryBadge.columns(style: style) + 2 + 2 + progressColumns + 2 + nextColumns
            + (timeColumns > 0 ? 2 + timeColumns : 0)
        let widestName = rows.map { TerminalText.width(of: style.clean($0.name)) }.max() ?? 0
        let nameColumns = max(
            Self.minimumNameColumns, min(widestName, Self.maximumNameColumns, style.width - fixed))
        for group in viewModel.groups {
            if let day = group.day { lines.append(style.paint(style.clean(day), .bold)) }
            lines.append(style.paint(style.clean(group.heading), .cyan))
            for row in group.rows {
                let position = TerminalText.padded(String(row.position), to: positionColumns, right: true)
                let name = TerminalText.fit(style.clean(row.name), columns: nameColumns, asciiOnly: !style.usesGlyphs)
                let progress = TerminalText.padded(row.progress, to: progressColumns, right: true)
                var line =
                    "  " + position + "  " + CategoryBadge.text(for: row.category, style: style) + "  " + name + "  "
                    + progress + "  "
                    + style.paint(style.clean(row.next), row.nextRace?.urgency.tone ?? (row.isOver ? .dim : .yellow))
                if timeColumns > 0, let time = row.nextTime {
                    line +=
                        TerminalText.spaces(nextColumns - TerminalText.width(of: style.clean(row.next))) + "  "
                        + style.paint(time, .dim)
                    // The going and weather after the time, only whole.
                    // Cleaned apart and joined in the style's own way: folding a `·` for a pipe at every draw was
                    // a third of a script's `meetings`.
                    let conditions = row.conditionParts.map(style.clean).joined(
                        separator: style.usesGlyphs ? " · " : " - ")
                    if !conditions.isEmpty, fixed + nameColumns + 2 + TerminalText.width(of: conditions) <= style.width
                    {
                        line += TerminalText.spaces(timeColumns - time.count + 2) + style.paint(conditions, .dim)
                    }
                }
                lines.append(line)
            }
        }
        output.writeBoard(lines)
    }

    public func display(_ viewModel: MeetingViewModel) {
        var lines = [style.paint(style.clean(viewModel.title), .bold)]
        lines += wrapped(viewModel.details, tone: nil)
        if let conditions = viewModel.conditions { lines += wrapped(conditions, tone: nil) }
        if let quaddies = viewModel.quaddies { lines += wrapped(quaddies, tone: nil) }
        if let note = viewModel.note { lines += wrapped(note, tone: .dim) }
        switch viewModel.content {
        case .missing(let message):
            lines += wrapped(message, tone: nil)
        case .races(let rows):
            let numbers = rows.map { "R\($0.race.number)" }
            let numberColumns = numbers.map(\.count).max() ?? 0
            let timeColumns = rows.map(\.startTime.count).max() ?? 0
            let statuses = rows.map { style.clean($0.status) }
            let statusColumns = statuses.map { TerminalText.width(of: $0) }.max() ?? 0
            let nameColumns = style.width - (2 + numberColumns + 2 + timeColumns + 2 + statusColumns + 2)
            for (index, row) in rows.enumerated() {
                var line =
                    "  " + TerminalText.padded(numbers[index], to: numberColumns, right: true) + "  "
                    + style.paint(TerminalText.padded(row.startTime, to: timeColumns, right: true), .dim) + "  "
                    + style.paint(statuses[index], tone(of: row))
                // A race run says who won and what the win paid in place of its name.
                if style.width >= Self.wideColumns, nameColumns >= Self.minimumNameColumns,
                    let name = row.result ?? row.race.name
                {
                    line +=
                        TerminalText.spaces(statusColumns - TerminalText.width(of: statuses[index])) + "  "
                        + Self.withoutTrailingSpaces(
                            TerminalText.fit(style.clean(name), columns: nameColumns, asciiOnly: !style.usesGlyphs))
                }
                lines.append(line)
            }
        }
        output.writeBoard(lines)
    }

    /// A name fitted to its column ends the line: the padding after it is not written.
    static func withoutTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }

    private func tone(of row: MeetingRaceRowViewModel) -> DisplayStyle.Tone {
        if let urgency = row.urgency { return urgency.tone }
        switch row.stage {
        case .upcoming, .running: return .yellow
        case .result: return .bold
        case .abandoned: return .dim
        }
    }

    private func wrapped(_ text: String, tone: DisplayStyle.Tone?) -> [String] {
        TerminalText.wrap(style.clean(text), columns: style.width - 2).map { line in
            "  " + (tone.map { style.paint(line, $0) } ?? line)
        }
    }
}
