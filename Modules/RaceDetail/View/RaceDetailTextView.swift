import Core
import Text

/// Draws the detail sheet as a ruled panel of label/value lines, with the
/// race comment wrapped to the terminal width.
@MainActor
public final class RaceDetailTextView: RaceDetailViewInput, TextFeedbackView {
    public let output: any TextOutput
    public let style: DisplayStyle
    /// The card's lines and the comment's, as last laid out. A sheet is drawn again every second and at every
    /// command (a new sheet for each `show`), while a card changes every few seconds at most, and its field's
    /// table is most of a sheet's work. Shared by the sheets: each answer depends only on its question.
    private static var cardLines = RecentAnswers<CardQuestion, [String]>()
    private static var commentLines = RecentAnswers<CommentQuestion, [String]>()

    private struct CardQuestion: Equatable {
        let card: RaceCardViewModel
        let width: Int
        let style: DisplayStyle
    }

    private struct CommentQuestion: Equatable {
        let comment: String
        let columns: Int
        let style: DisplayStyle
    }

    static let maximumWidth = 120
    static let indent = "  "

    public init(output: any TextOutput, style: DisplayStyle) {
        self.output = output
        self.style = style
    }

    private func cardLines(_ card: RaceCardViewModel, width: Int) -> [String] {
        Self.cardLines.answer(to: CardQuestion(card: card, width: width, style: style)) { question in
            RaceCardText(style: question.style, width: question.width, indent: Self.indent).lines(question.card)
        }
    }

    private func commentLines(_ comment: String, columns: Int) -> [String] {
        Self.commentLines.answer(to: CommentQuestion(comment: comment, columns: columns, style: style)) { question in
            TerminalText.wrap(question.style.clean(question.comment), columns: question.columns)
        }
    }

    public func display(_ viewModel: RaceDetailViewModel) {
        let width = min(style.width, Self.maximumWidth)
        var lines = [rule(width: width)]
        let title = style.clean(viewModel.title)
        let subtitle = viewModel.subtitle.map { (style.usesGlyphs ? " · " : " - ") + style.clean($0) } ?? ""
        let marker = viewModel.isFavourite ? "  " + RaceTable.favouriteMarker(style: style) : ""
        let headingColumns = width - Self.indent.count
        if TerminalText.width(of: title + subtitle + marker) <= headingColumns {
            let paintedMarker =
                viewModel.isFavourite ? "  " + style.paint(RaceTable.favouriteMarker(style: style), .red) : ""
            lines.append(Self.indent + style.paint(title, .bold) + subtitle + paintedMarker)
        } else {
            // A heading too long for one line (a feed's names can be hundreds of characters) is wrapped, unpainted.
            for line in TerminalText.wrap(title + subtitle + marker, columns: headingColumns) {
                lines.append(Self.indent + line)
            }
        }
        if let notice = viewModel.expiredNotice {
            lines.append(Self.indent + style.paint(style.clean(notice), .yellow))
        }

        let labelColumns =
            (viewModel.fields.map(\.label.count) + [viewModel.comment == nil ? 0 : "Comment".count]).max() ?? 0
        let valueIndent = Self.indent + TerminalText.spaces(labelColumns + 2)
        let fields = viewModel.fields.map { ($0.label, $0.value) } + (viewModel.comment.map { [("Comment", $0)] } ?? [])
        for (label, value) in fields {
            let columns = max(20, width - valueIndent.count)
            let valueLines =
                label == "Comment"
                ? commentLines(value, columns: columns)
                : Self.fit(style.clean(value), columns: columns)
            for (index, line) in valueLines.enumerated() {
                lines.append(index == 0 ? labelled(label, line, labelColumns: labelColumns) : valueIndent + line)
            }
        }
        if let section = viewModel.section {
            lines += sectionLines(section, width: width)
        } else if let card = viewModel.card {
            lines += cardLines(card, width: width)
        }
        if let note = viewModel.cardNote {
            lines += TerminalText.wrap(style.clean(note), columns: width - Self.indent.count).map {
                Self.indent + style.paint($0, .dim)
            }
        }
        lines.append(rule(width: width))
        output.writeBoard(lines)
    }

    /// A part of the card: its heading, then each block's title and its lines under it, every line broken
    /// between words to the width (a line that wraps hangs under its start).
    private func sectionLines(_ section: CardSectionViewModel, width: Int) -> [String] {
        let columns = width - Self.indent.count
        var lines = TerminalText.wrap(style.clean(section.heading), columns: columns).map {
            Self.indent + style.paint($0, .bold)
        }
        for block in section.blocks {
            let lineIndent = block.title == nil ? Self.indent : Self.indent + "  "
            if let title = block.title {
                lines += TerminalText.wrap(style.clean(title), columns: columns).map { Self.indent + $0 }
            }
            for line in block.lines {
                let wrapped = TerminalText.wrap(style.clean(line), columns: max(10, width - lineIndent.count - 2))
                for (index, part) in wrapped.enumerated() {
                    lines.append(lineIndent + (index == 0 ? "" : "  ") + part)
                }
            }
        }
        if let note = section.note {
            lines += TerminalText.wrap(style.clean(note), columns: columns).map { Self.indent + style.paint($0, .dim) }
        }
        return lines
    }

    /// A field's value over as few lines as it needs, broken where a reader would: after a comma, and never
    /// inside brackets ("Tue 27 May 01:45:00 UTC" / "(in 10m 0s)", "Murray Bridge Straight," / "SA, AUS").
    /// A group too long for a line is wrapped as prose.
    public nonisolated static func fit(_ value: String, columns: Int) -> [String] {
        guard TerminalText.width(of: value) > columns else { return [value] }
        // Words, a bracketed part counting as one word; then groups that end after a comma or a bracket.
        var words: [String] = []
        var depth = 0
        for character in value {
            if character == " ", depth == 0 {
                words.append("")
                continue
            }
            if words.isEmpty { words.append("") }
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(0, depth - 1) }
            words[words.count - 1].append(character)
        }
        var groups: [String] = []
        var current: [String] = []
        for word in words where !word.isEmpty {
            if word.hasPrefix("("), !current.isEmpty {
                groups.append(current.joined(separator: " "))
                current = []
            }
            current.append(word)
            if word.hasSuffix(",") || word.hasSuffix(")") {
                groups.append(current.joined(separator: " "))
                current = []
            }
        }
        if !current.isEmpty { groups.append(current.joined(separator: " ")) }
        var lines: [String] = []
        var line = ""
        for group in groups {
            let candidate = line.isEmpty ? group : line + " " + group
            if TerminalText.width(of: candidate) <= columns {
                line = candidate
            } else {
                if !line.isEmpty { lines.append(line) }
                if TerminalText.width(of: group) > columns {
                    let wrapped = TerminalText.wrap(group, columns: columns)
                    lines += wrapped.dropLast()
                    line = wrapped.last ?? ""
                } else {
                    line = group
                }
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private func labelled(_ label: String, _ value: String, labelColumns: Int) -> String {
        Self.indent + style.paint(TerminalText.padded(label, to: labelColumns), .dim) + "  "
            + value
    }

    private func rule(width: Int) -> String {
        style.usesGlyphs ? String(repeating: "─", count: width) : TerminalText.repeated(UInt8(ascii: "-"), count: width)
    }
}
