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
        let title = style.clean(viewModel.title)
        let subtitle = viewModel.subtitle.map { (style.usesGlyphs ? " · " : " - ") + style.clean($0) } ?? ""
        let marker = viewModel.isFavourite ? "  " + RaceTable.favouriteMarker(style: style) : ""
        let headingColumns = width - Self.indent.count
        if TerminalText.width(of: title + subtitle + marker) <= headingColumns {
            let paintedMarker =
                viewModel.isFavourite ? "  " + style.paint(RaceTable.favouriteMarker(style: style), .red) : ""
            output.writeLine(Self.indent + style.paint(title, .bold) + subtitle + paintedMarker)
        } else {
            // A heading too long for one line (a feed's names can be hundreds of characters) is wrapped, unpainted.
            for line in TerminalText.wrap(title + subtitle + marker, columns: headingColumns) {
                output.writeLine(Self.indent + line)
            }
        }
        if let notice = viewModel.expiredNotice {
            output.writeLine(Self.indent + style.paint(style.clean(notice), .yellow))
        }

        let labelColumns =
            (viewModel.fields.map(\.label.count) + [viewModel.comment == nil ? 0 : "Comment".count]).max() ?? 0
        let valueIndent = Self.indent + String(repeating: " ", count: labelColumns + 2)
        let fields = viewModel.fields.map { ($0.label, $0.value) } + (viewModel.comment.map { [("Comment", $0)] } ?? [])
        for (label, value) in fields {
            let lines = TerminalText.wrap(style.clean(value), columns: max(20, width - valueIndent.count))
            for (index, line) in lines.enumerated() {
                output.writeLine(index == 0 ? labelled(label, line, labelColumns: labelColumns) : valueIndent + line)
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
