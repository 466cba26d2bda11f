import Core
import Text

/// The movers as two lists of aligned rows, firming then drifting, each line within the width.
@MainActor
public final class MoversTextView: MoversViewInput, TextFeedbackView {
    public let output: any TextOutput
    public let style: DisplayStyle

    public init(output: any TextOutput, style: DisplayStyle) {
        self.output = output
        self.style = style
    }

    public func display(_ viewModel: MoversViewModel) {
        var lines = [style.paint(style.clean(viewModel.title), .bold)]
        for (heading, rows, tone) in [
            ("Firming (backed)", viewModel.firming, DisplayStyle.Tone.green),
            ("Drifting (eased)", viewModel.drifting, DisplayStyle.Tone.red),
        ] {
            lines.append(heading)
            lines +=
                rows.isEmpty ? ["  none"] : table(rows, sizedBy: viewModel.firming + viewModel.drifting, tone: tone)
        }
        lines += TerminalText.wrap(style.clean(viewModel.footnote), columns: max(20, style.width)).map {
            style.paint($0, .dim)
        }
        output.writeBoard(lines)
    }

    /// `  Flemington R5  4m 10s  4 Jolly Clover  8.50 -> 5.00  +8.2 pts`, the names cut to what the width leaves.
    /// Columns as wide as `all` need, so the two lists line up; prices right-aligned, so their arrows do too.
    private func table(_ rows: [MoversViewModel.Row], sizedBy all: [MoversViewModel.Row], tone: DisplayStyle.Tone)
        -> [String]
    {
        let arrow = style.usesGlyphs ? " → " : " -> "
        let openedWidth = all.map { TerminalText.width(of: $0.opened) }.max() ?? 0
        let nowWidth = all.map { TerminalText.width(of: $0.now) }.max() ?? 0
        let prices = rows.map {
            TerminalText.padded($0.opened, to: openedWidth, right: true) + arrow
                + TerminalText.padded($0.now, to: nowWidth, right: true)
        }
        let countdownWidth = all.map { TerminalText.width(of: $0.countdown) }.max() ?? 0
        let priceWidth = prices.map { TerminalText.width(of: $0) }.max() ?? 0
        let changeWidth = all.map { TerminalText.width(of: $0.change) }.max() ?? 0
        let change = { (row: MoversViewModel.Row) in
            self.style.paint(TerminalText.padded(row.change, to: changeWidth, right: true), tone)
        }
        let ascii = !style.usesGlyphs
        // `fit` pads what fits to the columns and cuts the rest with an ellipsis: every name is as wide.
        let fitted = { (text: String, columns: Int) in
            TerminalText.fit(self.style.clean(text), columns: columns, asciiOnly: ascii)
        }
        // The race is said whole (its number comes last, and tells one race from another); the runner's name
        // takes what is left, or the rows take two lines.
        let raceWidth = all.map { TerminalText.width(of: style.clean($0.race)) }.max() ?? 0
        let runnerRoom = style.width - (2 + raceWidth + 2 + countdownWidth + 2 + 2 + priceWidth + 2 + changeWidth)
        let runnerWidth = min(runnerRoom, all.map { TerminalText.width(of: style.clean($0.runner)) }.max() ?? 0)
        guard runnerWidth >= 8 else {
            // Too narrow for a row a mover: the race and its countdown, then the runner and its move below, the
            // names as wide as the room lets all of them be, so the prices line up.
            let nameWidth = min(
                all.map { TerminalText.width(of: style.clean($0.runner)) }.max() ?? 0,
                max(4, style.width - 4 - 2 - priceWidth - 2 - changeWidth))
            // Where even that would cut a name, the name has a line of its own and the move one below it.
            let namesWhole = all.allSatisfy { TerminalText.width(of: style.clean($0.runner)) <= nameWidth }
            return rows.indices.flatMap { index in
                let row = rows[index]
                let countdown = "  " + row.countdown
                let raceColumns = max(1, style.width - 2 - TerminalText.width(of: countdown))
                let race = style.clean(row.race)
                let heading =
                    "  "
                    + (TerminalText.width(of: race) <= raceColumns
                        ? race : TerminalText.fit(race, columns: raceColumns, asciiOnly: ascii)) + countdown
                guard namesWhole else {
                    let runner = style.clean(row.runner)
                    return [
                        heading,
                        "    "
                            + (TerminalText.width(of: runner) <= style.width - 4
                                ? runner
                                : TerminalText.fit(runner, columns: max(1, style.width - 4), asciiOnly: ascii)),
                        "      " + prices[index] + "  " + change(row),
                    ]
                }
                return [heading, "    " + fitted(row.runner, nameWidth) + "  " + prices[index] + "  " + change(row)]
            }
        }
        return rows.indices.map { index in
            let row = rows[index]
            return "  " + fitted(row.race, raceWidth) + "  " + TerminalText.padded(row.countdown, to: countdownWidth)
                + "  " + fitted(row.runner, runnerWidth) + "  " + TerminalText.padded(prices[index], to: priceWidth)
                + "  " + change(row)
        }
    }

}
