import Core
import Text

/// The results as lines that fit the window, the latest race first: at 40 columns a fact a line (the race, its
/// start and status, each placing, each bet's dividends), from 60 the placings on a line and the dividends on
/// another, from 100 the placings on the race's own line. Nothing is cut: a line too long breaks at its spaces. A
/// screen reader is told each race in sentences.
@MainActor
public final class ResultsTextView: ResultsViewInput, TextFeedbackView {
    public let output: any TextOutput
    public let style: DisplayStyle

    /// From this width the placings share a line, and the dividends another.
    static let mediumColumns = 60
    /// From this width the placings follow the race on its own line.
    static let wideColumns = 100

    public init(output: any TextOutput, style: DisplayStyle) {
        self.output = output
        self.style = style
    }

    public func display(_ viewModel: ResultsViewModel) {
        var lines = [style.paint(style.clean(viewModel.title), .bold)]
        if let message = viewModel.emptyMessage { lines += wrapped(message, indent: "  ") }
        let positionColumns = String(viewModel.rows.map(\.position).max() ?? 0).count
        for row in viewModel.rows {
            lines += style.readsAloud ? sentences(row) : race(row, positionColumns: positionColumns)
        }
        if let note = viewModel.note { lines += wrapped(note, indent: "  ").map { style.paint($0, .dim) } }
        output.writeBoard(lines)
    }

    private var separator: String { style.usesGlyphs ? " · " : " - " }

    private func tone(of row: ResultsViewModel.Row) -> DisplayStyle.Tone {
        row.isAbandoned ? .dim : row.status == RaceStatus.final.word ? .green : .yellow
    }

    private func placing(_ placing: ResultsViewModel.Placing) -> String {
        "\(placing.place) \(placing.number)" + (placing.name.map { " " + style.clean($0) } ?? "")
    }

    private func bet(_ line: ResultWording.Line) -> String {
        style.clean(line.bet) + " " + line.payouts.map(style.clean).joined(separator: ", ")
    }

    /// A race as lines for the window's width.
    private func race(_ row: ResultsViewModel.Row, positionColumns: Int) -> [String] {
        let width = style.width
        let head =
            "  " + TerminalText.padded(String(row.position), to: positionColumns, right: true) + "  "
            + CategoryBadge.text(for: row.race.category, style: style) + "  "
        let indent = TerminalText.spaces(2 + positionColumns + 2)
        let label = style.clean(row.label)
        let status = style.clean(row.status)
        // Measured plain, painted once placed: a colour's escapes take no columns.
        let stands = style.paint(row.localTime, .dim) + "  " + style.paint(status, tone(of: row))
        let standsWidth = TerminalText.width(of: row.localTime) + 2 + TerminalText.width(of: status)
        let placings = row.placings.map(placing)
        let bets = row.dividends.map(bet)
        let headWidth = TerminalText.width(of: head) + TerminalText.width(of: label)
        var lines: [String]
        if width < Self.mediumColumns {
            lines = pack([label], first: head, indent: indent, separator: "")
            lines.append(indent + stands)
            for item in placings + bets { lines += pack([item], first: indent, indent: indent + "  ", separator: "") }
        } else {
            if headWidth + 2 + standsWidth <= width {
                lines = [head + label + "  " + stands]
            } else {
                lines = pack([label], first: head, indent: indent, separator: "") + [indent + stands]
            }
            // Wide, the placings follow on the race's line, those that do not fit under it.
            let lineWidth = headWidth + 2 + standsWidth
            if width >= Self.wideColumns, lines.count == 1, let first = placings.first,
                lineWidth + 2 + TerminalText.width(of: first) <= width
            {
                lines = pack(
                    placings, first: lines[0] + "  ", firstWidth: lineWidth + 2, indent: indent, separator: ", ")
            } else if !placings.isEmpty {
                lines += pack(placings, first: indent, indent: indent, separator: ", ")
            }
            if !bets.isEmpty { lines += pack(bets, first: indent, indent: indent, separator: separator) }
        }
        if let missing = row.missing {
            lines += wrapped(missing, indent: indent).map { style.paint($0, .dim) }
        }
        return lines
    }

    /// A race said as a screen reader reads it: sentences, no columns.
    private func sentences(_ row: ResultsViewModel.Row) -> [String] {
        var said = [
            "\(row.position). \(style.clean(row.label)), \(row.race.category.displayName), \(row.localTime): "
                + "\(style.clean(row.status))."
        ]
        if !row.placings.isEmpty { said.append(row.placings.map(placing).joined(separator: ", ") + ".") }
        if !row.dividends.isEmpty { said.append(row.dividends.map { bet($0) + "." }.joined(separator: " ")) }
        if let missing = row.missing { said.append(style.clean(missing)) }
        return said.enumerated().flatMap { index, sentence in
            wrapped(sentence, indent: index == 0 ? "" : "   ")
        }
    }

    /// Items on lines within the width: as many a line as fit, joined by `separator`, the first line after
    /// `first` and the rest after `indent`; an item too long for a line of its own breaks at its spaces.
    /// `firstWidth`: the columns `first` takes, where it is painted (its escapes take none).
    private func pack(
        _ items: [String], first: String, firstWidth: Int? = nil, indent: String, separator: String
    ) -> [String] {
        let width = style.width
        var lines: [String] = []
        var current = first
        var currentWidth = firstWidth ?? TerminalText.width(of: first)
        var isEmpty = true
        let separatorWidth = TerminalText.width(of: separator)
        for item in items {
            let itemWidth = TerminalText.width(of: item)
            if !isEmpty, currentWidth + separatorWidth + itemWidth <= width {
                current += separator + item
                currentWidth += separatorWidth + itemWidth
                continue
            }
            if !isEmpty {
                lines.append(current)
                current = indent
                currentWidth = TerminalText.width(of: indent)
            }
            if currentWidth + itemWidth <= width {
                current += item
                currentWidth += itemWidth
            } else {
                let broken = TerminalText.wrap(item, columns: max(1, width - currentWidth))
                for (index, part) in broken.enumerated() {
                    if index > 0 {
                        lines.append(current)
                        current = indent
                    }
                    current += part
                }
                currentWidth = TerminalText.width(of: current)
            }
            isEmpty = false
        }
        if !isEmpty { lines.append(current) }
        return lines
    }

    private func wrapped(_ text: String, indent: String) -> [String] {
        TerminalText.wrap(style.clean(text), columns: max(20, style.width - indent.count)).map { indent + $0 }
    }
}
