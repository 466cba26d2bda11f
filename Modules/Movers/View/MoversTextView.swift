import Core

/// The movers as two lists of aligned rows, firming then drifting, each line within the width.
@MainActor
public final class MoversTextView: MoversViewInput {
    private let output: any TextOutput
    private let style: DisplayStyle

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

    /// `  Flemington R5  4m 10s  4 Jolly Clover  8.50 -> 5.00  -41%`, the names cut to what the width leaves.
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
        let nameColumns = max(8, (style.width - 10 - countdownWidth - priceWidth - changeWidth) / 2)
        let raceWidth = min(nameColumns, all.map { TerminalText.width(of: style.clean($0.race)) }.max() ?? 0)
        let runnerWidth = min(nameColumns, all.map { TerminalText.width(of: style.clean($0.runner)) }.max() ?? 0)
        let ascii = !style.usesGlyphs
        if 2 + raceWidth + 2 + countdownWidth + 2 + runnerWidth + 2 + priceWidth + 2 + changeWidth > style.width {
            // Too narrow for a row a mover: the race and its countdown, then the runner and its move below.
            return rows.indices.flatMap { index in
                let row = rows[index]
                let tail = "  " + prices[index] + "  " + row.change
                let nameColumns = style.width - 4 - TerminalText.width(of: tail)
                let name =
                    TerminalText.width(of: style.clean(row.runner)) <= nameColumns
                    ? style.clean(row.runner)
                    : nameColumns > 3
                        ? TerminalText.fit(style.clean(row.runner), columns: nameColumns, asciiOnly: ascii) : ""
                let countdown = "  " + row.countdown
                let raceColumns = max(1, style.width - 2 - TerminalText.width(of: countdown))
                let race =
                    TerminalText.width(of: style.clean(row.race)) <= raceColumns
                    ? style.clean(row.race)
                    : TerminalText.fit(style.clean(row.race), columns: raceColumns, asciiOnly: ascii)
                return [
                    "  " + race + countdown,
                    "    " + name + "  " + prices[index] + "  " + style.paint(row.change, tone),
                ]
            }
        }
        return rows.indices.map { index in
            let row = rows[index]
            return "  " + TerminalText.fit(style.clean(row.race), columns: raceWidth, asciiOnly: ascii) + "  "
                + TerminalText.padded(row.countdown, to: countdownWidth) + "  "
                + TerminalText.fit(style.clean(row.runner), columns: runnerWidth, asciiOnly: ascii) + "  "
                + TerminalText.padded(prices[index], to: priceWidth) + "  "
                + style.paint(TerminalText.padded(row.change, to: changeWidth, right: true), tone)
        }
    }

    public func displayCommandError(_ message: String) { output.writeCommandError(message, style: style) }
    public func displayWarning(_ message: String) { output.writeWarning(message, style: style) }
}
