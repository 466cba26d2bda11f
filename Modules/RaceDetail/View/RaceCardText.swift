import Core
import Text

/// The race card's lines on the sheet: the field as a table that drops columns as the window narrows
/// (the price trend, then trainer, weight, rider, place price, barrier: who rides matters more than what they
/// carry), then the result and the dividends once the race is run. Every word comes from the view model; this
/// only lays it out.
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
            lines += field(card)
        }
        if !card.placings.isEmpty {
            lines.append(indent + style.paint("Result", .bold) + status)
            let names = card.placings.map { style.clean($0.name ?? "") }
            let nameColumns = min(24, names.map { TerminalText.width(of: $0) }.max() ?? 0)
            for (placing, name) in zip(card.placings, names) {
                var row =
                    indent + "  " + TerminalText.padded(TerminalText.prefix(placing.position, columns: 5), to: 5)
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
                    label
                        + TerminalText.padded(TerminalText.prefix(index == 0 ? dividend.bet : "", columns: 11), to: 11)
                        + line
                }
            }
        }
        return lines
    }

    // MARK: - The field

    private enum Column: CaseIterable {
        case barrier, rider, trainer, weight, win, place, tote, trend
    }

    /// Narrower than this a sheet's marks are in their short words.
    static let narrowWidth = 60

    /// The columns dropped first when the table is too wide, in order: the tote's price shows in a wide window.
    private static let dropOrder: [Column] = [.tote, .trend, .trainer, .weight, .rider, .place, .barrier]

    private func field(_ card: RaceCardViewModel) -> [String] {
        let runners = card.runners
        let widths = columnWidths(card)
        var columns = Set(widths.keys)
        let widestName = min(20, runners.map { TerminalText.width(of: style.clean($0.name)) }.max() ?? 0)
        let numberColumns = runners.map(\.number.count).max() ?? 1
        // The marks after a runner's prices ("market favourite", "mover") are kept on its row where they fit: a
        // table that fits but wraps them breaks the field's lines in two. Words a little shorter ("mkt fav") where
        // the whole ones would cost a column; the short ones ("mvr") only where neither fits (a narrow window).
        func notesColumns(_ notes: (RunnerRowViewModel) -> [String]) -> Int {
            runners.filter { !$0.isScratched }.map { row in
                notes(row).isEmpty ? 0 : 2 + TerminalText.width(of: notes(row).joined(separator: ", "))
            }.max() ?? 0
        }
        func fitting(_ notesColumns: Int) -> (columns: Set<Column>, overflow: Int) {
            var kept = columns
            var drop = Self.dropOrder[...]
            while rowWidth(kept, widths: widths, name: widestName, number: numberColumns) + notesColumns > width,
                let next = drop.popFirst()
            {
                kept.remove(next)
            }
            return (
                kept, rowWidth(kept, widths: widths, name: widestName, number: numberColumns) + notesColumns - width
            )
        }
        let whole = fitting(notesColumns(\.notes))
        let compact = fitting(notesColumns(\.compactNotes))
        var words: KeyPath<RunnerRowViewModel, [String]> = \.notes
        var chosen = whole
        if compact.columns.count > whole.columns.count || max(0, whole.overflow) > max(0, compact.overflow) {
            (words, chosen) = (\.compactNotes, compact)
        }
        // A narrow window has every mark in its short words, as a form guide prints them: its few columns go to
        // the barrier and the name, and a late scratching stays on its row.
        if width < Self.narrowWidth {
            (words, chosen) = (\.shortNotes, fitting(notesColumns(\.shortNotes)))
        } else if chosen.overflow > 0 {
            let short = fitting(notesColumns(\.shortNotes))
            if short.overflow < chosen.overflow { (words, chosen) = (\.shortNotes, short) }
        }
        let notes = { (row: RunnerRowViewModel) in row[keyPath: words] }
        columns = chosen.columns
        // Names are kept whole: a row's marks that do not fit after its prices go on lines of their own under its
        // name. Only a window too narrow for a name and its price (under 34 columns) cuts names, to a few letters.
        let rowOverflow = rowWidth(columns, widths: widths, name: widestName, number: numberColumns) - width
        let nameColumns = max(min(Self.shortestName, widestName), widestName - max(0, rowOverflow))
        let marksIndent = indent + "  " + TerminalText.spaces(numberColumns + 2)
        func cell(_ column: Column, _ text: String, right: Bool = false) -> String? {
            guard columns.contains(column), let columnWidth = widths[column] else { return nil }
            return right ? pad(text, columnWidth, right: true) : pad(fit(text, columnWidth), columnWidth)
        }
        let heading = [
            pad("#", numberColumns, right: true), pad("Runner", nameColumns), cell(.barrier, card.barrierHeading),
            cell(.rider, card.riderHeading), cell(.trainer, "Trainer"), cell(.weight, "Wt"),
            cell(.win, "Win", right: true),
            cell(.place, "Place", right: true), cell(.tote, "Tote", right: true), cell(.trend, "Price move"),
        ].compactMap { $0 }
        var lines = [style.paint(trimmed(indent + "  " + heading.joined(separator: "  ")), .dim)]
        for runner in runners {
            let cells = [
                pad(runner.number, numberColumns, right: true),
                pad(fit(style.clean(runner.name), nameColumns), nameColumns),
                cell(.barrier, runner.barrier ?? "", right: true),
                cell(.rider, style.clean(runner.rider ?? "")), cell(.trainer, style.clean(runner.trainer ?? "")),
                cell(.weight, runner.weight ?? ""), cell(.win, runner.win ?? "", right: true),
                cell(.place, runner.place ?? "", right: true), cell(.tote, runner.tote ?? "", right: true),
                cell(.trend, trend(runner)),
            ].compactMap { $0 }
            var row = trimmed(indent + "  " + cells.joined(separator: "  "))
            var below: [String] = []
            let marks = notes(runner)
            if !marks.isEmpty {
                let joined = marks.joined(separator: ", ")
                if TerminalText.width(of: row) + 2 + TerminalText.width(of: joined) <= width {
                    row += "  " + joined
                } else {
                    below = markLines(marks, indent: marksIndent)
                }
            }
            for line in [row] + below { lines.append(runner.isScratched ? style.paint(line, .dim) : line) }
        }
        return lines
    }

    /// A name is never cut shorter than this to make room.
    private static let shortestName = 8

    /// A row's marks on lines of their own under its name: broken between marks, and inside one only at a space
    /// (the time of a late scratching stays with its words where the line has room).
    private func markLines(_ marks: [String], indent: String) -> [String] {
        let room = max(10, width - TerminalText.width(of: indent))
        var lines: [String] = []
        var line = ""
        for (index, mark) in marks.enumerated() {
            let piece = index < marks.count - 1 ? mark + "," : mark
            let candidate = line.isEmpty ? piece : line + " " + piece
            if TerminalText.width(of: candidate) <= room {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            let wrapped = TerminalText.wrap(piece, columns: room)
            lines += wrapped.dropLast()
            line = wrapped.last ?? ""
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { indent + $0 }
    }

    /// Each column's width, from the widest entry in it (and its heading), capped for names of people; a
    /// column no runner has an entry for (riders in a greyhound race) is left out.
    private func columnWidths(_ card: RaceCardViewModel) -> [Column: Int] {
        let runners = card.runners
        func widest(_ texts: [String?], heading: String, cap: Int = .max) -> Int? {
            let present = texts.compactMap { $0 }.filter { !$0.isEmpty }
            guard !present.isEmpty else { return nil }
            return min(cap, max(TerminalText.width(of: heading), present.map(TerminalText.width(of:)).max() ?? 0))
        }
        let entries: [(Column, Int?)] = [
            (.barrier, widest(runners.map(\.barrier), heading: card.barrierHeading)),
            (.rider, widest(runners.map { $0.rider.map(style.clean) }, heading: card.riderHeading, cap: 16)),
            (.trainer, widest(runners.map { $0.trainer.map(style.clean) }, heading: "Trainer", cap: 16)),
            (.weight, widest(runners.map(\.weight), heading: "Wt")),
            (.win, widest(runners.map(\.win), heading: "Win").map { max($0, 6) }),
            (.place, widest(runners.map(\.place), heading: "Place").map { max($0, 6) }),
            (.tote, widest(runners.map(\.tote), heading: "Tote").map { max($0, 6) }),
            (.trend, widest(runners.map(trend), heading: "Price move")),
        ]
        return Dictionary(uniqueKeysWithValues: entries.compactMap { column, width in width.map { (column, $0) } })
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

    private func rowWidth(_ columns: Set<Column>, widths: [Column: Int], name: Int, number: Int) -> Int {
        let cells = [number, name] + columns.map { widths[$0] ?? 0 }
        return indent.count + 2 + cells.reduce(0, +) + 2 * (cells.count - 1)
    }

    private func pad(_ text: String, _ columns: Int, right: Bool = false) -> String {
        TerminalText.padded(text, to: columns, right: right)
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
