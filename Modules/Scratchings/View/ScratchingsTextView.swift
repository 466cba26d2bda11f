import Core
import Platform
import Text

/// The day's late scratchings as rows that fit the window (two lines a scratching where one has no room), or for a
/// screen reader a sentence each.
@MainActor
public final class ScratchingsTextView: ScratchingsViewInput, TextFeedbackView {
    public let output: any TextOutput
    public let style: DisplayStyle

    /// From this width a row also says how its race stands (`24m 5s`, `jumped`).
    static let wideColumns = 100
    /// A race or a runner is given at least this much of a one-line row, else the row takes two lines.
    static let minimumNameColumns = 10

    public init(output: any TextOutput, style: DisplayStyle) {
        self.output = output
        self.style = style
    }

    public func display(_ viewModel: ScratchingsViewModel) {
        var lines = [style.paint(style.clean(viewModel.title), .bold)]
        if let message = viewModel.emptyMessage { lines += wrapped(message, tone: nil) }
        lines +=
            style.readsAloud ? viewModel.rows.flatMap { wrapped(sentence($0), tone: nil) } : table(viewModel.rows)
        if let note = viewModel.note { lines += wrapped(note, tone: .dim) }
        output.writeBoard(lines)
    }

    /// `   1  2:41pm  T  R4 Randwick   7 Brave Mistral   ded 5.0c/7.0c`: the race and the runner share what the
    /// other columns leave; where either would get too little, the runner and its deduction go on a line below.
    private func table(_ rows: [ScratchingsViewModel.Row]) -> [String] {
        let ascii = !style.usesGlyphs
        let positionColumns = String(rows.map(\.position).max() ?? 0).count
        let times = rows.map { $0.time ?? "-" }
        let timeColumns = times.map(\.count).max() ?? 0
        let deductions = rows.map { $0.deduction.map { "ded " + $0.text } ?? "" }
        let deductionColumns = deductions.map(\.count).max() ?? 0
        let states = style.width >= Self.wideColumns ? rows.map { style.clean($0.raceState) } : []
        let stateColumns = states.map { TerminalText.width(of: $0) }.max() ?? 0
        let races = rows.map { style.clean($0.raceText) }
        // Runner numbers right-aligned, so the names line up.
        let numberColumns = String(rows.map(\.runnerNumber).max() ?? 0).count
        let runners = rows.map {
            TerminalText.padded(String($0.runnerNumber), to: numberColumns, right: true) + " "
                + style.clean($0.runnerName)
        }
        let lead = 2 + positionColumns + 2 + timeColumns + 2 + CategoryBadge.columns(style: style) + 2
        let after = (stateColumns > 0 ? 2 + stateColumns : 0) + (deductionColumns > 0 ? 2 + deductionColumns : 0)
        let room = style.width - lead - 2 - after
        let widestRace = races.map { TerminalText.width(of: $0) }.max() ?? 0
        let widestRunner = runners.map { TerminalText.width(of: $0) }.max() ?? 0
        let raceColumns = min(widestRace, max(room - widestRunner, room / 2))
        let runnerColumns = min(widestRunner, room - raceColumns)
        let oneLine =
            raceColumns >= min(widestRace, Self.minimumNameColumns)
            && runnerColumns >= min(widestRunner, Self.minimumNameColumns)
        let fitted = { (text: String, columns: Int) in
            TerminalText.fit(text, columns: max(1, columns), asciiOnly: ascii)
        }
        return rows.indices.flatMap { index -> [String] in
            let row = rows[index]
            let head =
                "  " + TerminalText.padded(String(row.position), to: positionColumns, right: true) + "  "
                + style.paint(TerminalText.padded(times[index], to: timeColumns, right: true), .dim) + "  "
                + CategoryBadge.text(for: row.race.category, style: style) + "  "
            let deduction = deductions[index].isEmpty ? "" : "  " + style.paint(deductions[index], .yellow)
            guard oneLine else {
                // Under the race, from its position's column: the runner has the room the time and code had.
                let indent = 2 + positionColumns + 2
                let runnerRoom = style.width - indent - (deductionColumns > 0 ? 2 + deductionColumns : 0)
                return [
                    Self.trimmed(head + fitted(races[index], style.width - lead)),
                    Self.trimmed(
                        TerminalText.spaces(indent) + fitted(runners[index], min(widestRunner, runnerRoom))
                            + deduction),
                ]
            }
            let state = states.isEmpty ? "" : TerminalText.padded(states[index], to: stateColumns) + "  "
            return [
                Self.trimmed(
                    head + fitted(races[index], raceColumns) + "  " + style.paint(state, .dim)
                        + fitted(runners[index], runnerColumns) + deduction)
            ]
        }
    }

    /// For a screen reader: `1. At 2:41pm 7 Brave Mistral was scratched from R4 Randwick (horse), which starts in
    /// 24m 5s; deductions 5.0 cents win and 7.0 cents place.`
    private func sentence(_ row: ScratchingsViewModel.Row) -> String {
        var said = "\(row.position). " + (row.time.map { "At \($0) " } ?? "At a time not told, ")
        said += "\(row.runner) was scratched from \(row.raceText) (\(row.race.category.displayName))"
        said +=
            row.raceState == ScratchingsViewModel.jumped ? ", which has jumped" : ", which starts in \(row.raceState)"
        if let deduction = row.deduction {
            said += CFormat.string("; deductions %.1f cents win and %.1f cents place", deduction.win, deduction.place)
        }
        return style.clean(said + ".")
    }

    /// A row fitted to its columns ends where its text does: the padding after it is not written.
    static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    private func wrapped(_ text: String, tone: DisplayStyle.Tone?) -> [String] {
        TerminalText.wrap(style.clean(text), columns: style.width - 2).map { line in
            "  " + (tone.map { style.paint(line, $0) } ?? line)
        }
    }
}
