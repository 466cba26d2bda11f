import Core
import Text

/// Draws the book an entry to a few lines, so a 40-column window has each whole: the name and what it is, then
/// where it runs next and the countdown, then the note.
@MainActor
public final class BlackbookTextView: BlackbookViewInput, TextFeedbackView {
    public let output: any TextOutput
    public let style: DisplayStyle

    public init(output: any TextOutput, style: DisplayStyle) {
        self.output = output
        self.style = style
    }

    public func display(_ viewModel: BlackbookViewModel) {
        var lines = [style.paint(style.clean(viewModel.title), .bold)]
        switch viewModel.content {
        case .entries(let rows):
            let numberColumns = String(rows.count).count
            let indent = TerminalText.spaces(2 + numberColumns + 2)
            for row in rows {
                let number = TerminalText.spaces(numberColumns - String(row.position).count) + String(row.position)
                lines.append(style.paint(fitted("  \(number)  " + style.clean(row.name) + " (\(row.kind))"), .bold))
                if let nextRun = row.nextRun, let countdown = row.countdown {
                    lines += wrapped(indent, "next: " + style.clean(nextRun) + ", in " + countdown)
                } else {
                    lines.append(style.paint(fitted(indent + row.withoutRun), .dim))
                }
                if let note = row.note { lines += wrapped(indent, "note: " + style.clean(note)) }
            }
        case .empty(let message):
            lines += wrapped("  ", style.clean(message))
        }
        if let footnote = viewModel.footnote {
            lines += wrapped("  ", style.clean(footnote)).map { style.paint($0, .dim) }
        }
        output.writeBoard(lines)
    }

    public func displayChange(_ change: BlackbookChangeViewModel) {
        output.writeLine(style.clean(change.message))
    }

    /// The change said, and the book drawn again: its numbers have moved.
    public func displayChange(_ change: BlackbookChangeViewModel, leaving book: BlackbookViewModel) {
        displayChange(change)
        display(book)
    }

    /// A line cut to the window where it must stay one line (the entry's name), never padded.
    private func fitted(_ line: String) -> String {
        guard TerminalText.width(of: line) > style.width else { return line }
        return TerminalText.fit(line, columns: style.width, asciiOnly: !style.usesGlyphs)
    }

    /// Text folded to the window under an indent, never cut.
    private func wrapped(_ indent: String, _ text: String) -> [String] {
        TerminalText.wrap(text, columns: max(10, style.width - TerminalText.width(of: indent))).map { indent + $0 }
    }
}
