import Core

/// Draws the detail sheet as a ruled panel of label/value lines, with the
/// race comment wrapped to the terminal width.
@MainActor
public final class RaceDetailTextView: RaceDetailViewInput {
    private let output: any TextOutput
    private let style: DisplayStyle

    static let maximumWidth = 100
    static let indent = "  "

    public init(output: any TextOutput, style: DisplayStyle) {
        self.output = output
        self.style = style
    }

    public func display(_ viewModel: RaceDetailViewModel) {
        let width = min(style.width, Self.maximumWidth)
        output.writeLine(rule(width: width))
        var heading = style.paint(style.clean(viewModel.title), .bold)
        if let subtitle = viewModel.subtitle {
            heading += (style.usesGlyphs ? " · " : " - ") + style.clean(subtitle)
        }
        if viewModel.isFavourite { heading += "  " + style.paint(RaceTable.favouriteMarker(style: style), .red) }
        output.writeLine(Self.indent + heading)
        if let notice = viewModel.expiredNotice {
            output.writeLine(Self.indent + style.paint(style.clean(notice), .yellow))
        }

        let labelColumns =
            (viewModel.fields.map(\.label.count) + [viewModel.comment == nil ? 0 : "Comment".count]).max() ?? 0
        let valueIndent = Self.indent + String(repeating: " ", count: labelColumns + 2)
        for field in viewModel.fields {
            output.writeLine(labelled(field.label, style.clean(field.value), labelColumns: labelColumns))
        }
        if let comment = viewModel.comment {
            let lines = TerminalText.wrap(style.clean(comment), columns: max(20, width - valueIndent.count))
            for (index, line) in lines.enumerated() {
                output.writeLine(
                    index == 0 ? labelled("Comment", line, labelColumns: labelColumns) : valueIndent + line)
            }
        }
        output.writeLine(rule(width: width))
    }

    public func displayCommandError(_ message: String) {
        output.writeCommandError(message, style: style)
    }

    public func displayWarning(_ message: String) {
        output.writeWarning(message, style: style)
    }

    private func labelled(_ label: String, _ value: String, labelColumns: Int) -> String {
        Self.indent + style.paint(label.padding(toLength: labelColumns, withPad: " ", startingAt: 0), .dim) + "  "
            + value
    }

    private func rule(width: Int) -> String {
        String(repeating: style.usesGlyphs ? "─" : "-", count: width)
    }
}
