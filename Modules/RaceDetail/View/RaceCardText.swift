import Core

/// The race card's lines on the sheet: the field as a table that drops columns as the window narrows
/// (the price trend, then trainer, rider, weight, place price, barrier), then the result and the dividends
/// once the race is run. Every word comes from the view model; this only lays it out.
struct RaceCardText {
    let style: DisplayStyle
    let width: Int
    let indent: String

    func lines(_ card: RaceCardViewModel) -> [String] {
        var lines: [String] = []
        let status = card.status.map { (style.usesGlyphs ? " · " : " - ") + style.clean($0) } ?? ""
        if card.status == RaceStatus.abandoned.word {
            lines.append(indent + style.paint("This race was abandoned.", .yellow))
        }
        if !card.runners.isEmpty {
            let scratched = card.runners.filter(\.isScratched).count
            let count = "\(card.runners.count - scratched) runners" + (scratched > 0 ? ", \(scratched) scratched" : "")
            lines.append(indent + style.paint("Field", .bold) + " (\(count))" + status)
            lines += field(card.runners)
        }
        if !card.placings.isEmpty {
            lines.append(indent + style.paint("Result", .bold) + status)
            let names = card.placings.map { style.clean($0.name ?? "") }
            let nameColumns = min(24, names.map { TerminalText.width(of: $0) }.max() ?? 0)
            for (placing, name) in zip(card.placings, names) {
                var row =
                    indent + "  " + placing.position.padding(toLength: 5, withPad: " ", startingAt: 0)
                    + pad(placing.number, 3, right: true) + "  " + fit(name, nameColumns)
                if let margin = placing.margin { row += "  " + style.clean(margin) }
                lines.append(trimmed(row))
            }
        }
        if !card.dividends.isEmpty {
            let interim = card.dividends.contains { !$0.isFinal } ? (style.usesGlyphs ? " · " : " - ") + "interim" : ""
            lines.append(indent + style.paint("Dividends", .bold) + interim)
            let separator = style.usesGlyphs ? " · " : ", "
            let label = indent + "  "
            for dividend in card.dividends {
                let payouts = dividend.payouts.map(style.clean).joined(separator: separator)
                let wrapped = TerminalText.wrap(payouts, columns: max(20, width - label.count - 11))
                lines += wrapped.enumerated().map { index, line in
                    label + (index == 0 ? dividend.bet : "").padding(toLength: 11, withPad: " ", startingAt: 0) + line
                }
            }
        }
        return lines
    }

    // MARK: - The field

    private enum Column: CaseIterable {
        case barrier, rider, trainer, weight, win, place, trend
    }

    /// The columns dropped first when the table is too wide, in order.
    private static let dropOrder: [Column] = [.trend, .trainer, .rider, .weight, .place, .barrier]

    private func field(_ runners: [RunnerRowViewModel]) -> [String] {
        var columns = Set(Column.allCases)
        let nameColumns = min(20, runners.map { TerminalText.width(of: style.clean($0.name)) }.max() ?? 0)
        let numberColumns = runners.map(\.number.count).max() ?? 1
        var drop = Self.dropOrder[...]
        while rowWidth(columns, name: nameColumns, number: numberColumns) > width, let next = drop.popFirst() {
            columns.remove(next)
        }
        let heading = [
            pad("#", numberColumns, right: true), pad("Runner", nameColumns),
            columns.contains(.barrier) ? "Bar" : nil, columns.contains(.rider) ? pad("Rider", 16) : nil,
            columns.contains(.trainer) ? pad("Trainer", 16) : nil, columns.contains(.weight) ? pad("Wt", 6) : nil,
            columns.contains(.win) ? pad("Win", 6, right: true) : nil,
            columns.contains(.place) ? pad("Place", 6, right: true) : nil,
            columns.contains(.trend) ? "Price move" : nil,
        ].compactMap { $0 }
        var lines = [style.paint(indent + "  " + heading.joined(separator: "  "), .dim)]
        for runner in runners {
            var cells = [pad(runner.number, numberColumns, right: true), fit(style.clean(runner.name), nameColumns)]
            if columns.contains(.barrier) { cells.append(pad(runner.barrier.map { "(\($0))" } ?? "", 3, right: true)) }
            if columns.contains(.rider) { cells.append(fit(style.clean(runner.rider ?? ""), 16)) }
            if columns.contains(.trainer) { cells.append(fit(style.clean(runner.trainer ?? ""), 16)) }
            if columns.contains(.weight) { cells.append(pad(runner.weight ?? "", 6)) }
            if columns.contains(.win) { cells.append(pad(runner.win ?? "", 6, right: true)) }
            if columns.contains(.place) { cells.append(pad(runner.place ?? "", 6, right: true)) }
            if columns.contains(.trend) { cells.append(trend(runner)) }
            var row = indent + "  " + cells.joined(separator: "  ")
            if !runner.notes.isEmpty { row = trimmed(row) + "  " + runner.notes.joined(separator: ", ") }
            row = trimmed(row)
            lines.append(runner.isScratched ? style.paint(row, .dim) : row)
        }
        return lines
    }

    /// "8.50 ↘ 5.00": where the price opened, and where it is now.
    private func trend(_ runner: RunnerRowViewModel) -> String {
        guard let opening = runner.openingPrice, let trend = runner.trend, let now = runner.win else { return "" }
        let arrow =
            switch trend {
            case .shortened: style.usesGlyphs ? "\u{2198}" : "->"
            case .drifted: style.usesGlyphs ? "\u{2197}" : "->"
            }
        return "\(opening) \(arrow) \(now)"
    }

    private func rowWidth(_ columns: Set<Column>, name: Int, number: Int) -> Int {
        let widths: [Column: Int] = [
            .barrier: 3, .rider: 16, .trainer: 16, .weight: 6, .win: 6, .place: 6,
            .trend: 16,
        ]
        let cells = [number, name] + columns.map { widths[$0] ?? 0 }
        // The notes ("favourite") go past the table and may wrap; the table itself must fit.
        return indent.count + 2 + cells.reduce(0, +) + 2 * (cells.count - 1)
    }

    private func pad(_ text: String, _ columns: Int, right: Bool = false) -> String {
        let gap = String(repeating: " ", count: max(0, columns - TerminalText.width(of: text)))
        return right ? gap + text : text + gap
    }

    private func fit(_ text: String, _ columns: Int) -> String {
        TerminalText.fit(text, columns: columns, asciiOnly: !style.usesGlyphs)
    }

    private func trimmed(_ row: String) -> String {
        var row = row
        while row.last == " " { row.removeLast() }
        return row
    }
}
