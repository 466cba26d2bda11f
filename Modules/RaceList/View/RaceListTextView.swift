import Core
import Text

/// Draws the race list as lines of text. It only renders: every word and
/// number comes from the view model.
@MainActor
public final class RaceListTextView: RaceListViewInput, TextFeedbackView {
    public let output: any TextOutput
    public let style: DisplayStyle
    /// Lines the last board took, so a `watch` frame can be drawn over it.
    private var lastBoardLineCount = 0
    /// The tables last laid out, shared by the views: a board is drawn at every command and every second, and
    /// within a second its rows are most often the ones drawn before.
    private static var tables = RecentAnswers<TableQuestion, [String]>(capacity: 4)

    /// The width as it was asked: a style compares its live width as it is now, whenever that is.
    private struct TableQuestion: Equatable {
        let rows: [RaceTableRow]
        let style: DisplayStyle
        let width: Int
    }

    public init(output: any TextOutput, style: DisplayStyle) {
        self.output = output
        self.style = style
    }

    public func display(_ viewModel: RaceListViewModel) {
        switch viewModel.content {
        case .loading(let source):
            // Progress lines are for people watching; pipes get only results.
            guard style.isInteractive else { return }
            output.writeLine(style.paint("Loading races from \(style.clean(source))...", .dim))
        case .races(let rows):
            writeBoard(viewModel, body: table(rows))
        case .sections(let sections):
            // One table for every row, so the columns line up across sections.
            let table = table(sections.flatMap(\.rows))
            var body: [String] = []
            var next = 0
            for section in sections {
                if let day = section.day { body.append(style.paint(style.clean(day), .bold)) }
                body.append("  " + style.paint(style.clean(section.heading), .cyan))
                body += table[next..<(next + section.rows.count)]
                next += section.rows.count
            }
            writeBoard(viewModel, body: body)
        case .empty(let message):
            writeBoard(viewModel, body: ["  " + style.clean(message)])
        case .error(let message, let hint):
            output.writeCommandError(message, style: style)
            output.writeError(hint)
        }
    }

    public func displayMessage(_ message: String) {
        // A message may carry outside text (the settings file's path): cleaned as every other line is.
        output.writeLine(style.clean(message))
    }

    /// In a narrow window the freshness goes first, then the race's name is shortened: the countdown stays whole.
    public func displayStatus(_ status: LiveStatusViewModel) {
        let separator = style.usesGlyphs ? " · " : " - "
        let room = style.width - 1
        var line = "Next: " + style.clean(status.next) + separator + style.clean(status.freshness)
        if style.isInteractive, TerminalText.width(of: line) > room {
            line = "Next: " + style.clean(status.next)
            if TerminalText.width(of: line) > room, let kept = status.countdown, status.next.hasSuffix(" " + kept) {
                let name = style.clean(String(status.next.dropLast(kept.count + 1)))
                let nameRoom = max(1, room - TerminalText.width(of: "Next:  " + kept))
                line = "Next: " + TerminalText.fit(name, columns: nameRoom, asciiOnly: !style.usesGlyphs) + " " + kept
            }
        }
        output.writeStatus(line)
    }

    public func displayNotice(_ message: String) {
        output.writeNotice(style.paint(style.clean(message), .dim))
    }

    public func displayAlert(_ alert: RaceAlertViewModel) {
        let mark = style.usesGlyphs ? "⏰ " : "Alert: "
        output.writeAlert(style.paint(mark + style.clean(alert.message), .yellow))
    }

    private func table(_ rows: [RaceRowViewModel]) -> [String] {
        Self.tables.answer(to: TableQuestion(rows: rows.map(Self.tableRow), style: style, width: style.width)) {
            question in
            RaceTable.lines(for: question.rows, style: question.style)
        }
    }

    private static func tableRow(_ row: RaceRowViewModel) -> RaceTableRow {
        RaceTableRow(
            position: row.position, category: row.category, raceNumber: row.raceNumber,
            meetingName: row.meetingName, status: row.countdown, statusTone: row.urgency.tone,
            isFavourite: row.isFavourite, startTime: row.startTime, place: row.place, aside: row.winner,
            isFollowed: !row.followed.isEmpty, price: row.marketFavouritePrice, prices: row.shortestPricesText)
    }

    private func writeBoard(_ viewModel: RaceListViewModel, body: [String]) {
        var lines = [header(viewModel)]
        if let notice = viewModel.staleNotice { lines.append("  " + style.paint(style.clean(notice), .yellow)) }
        lines += body
        if let footnote = viewModel.footnote { lines.append(style.paint("  " + style.clean(footnote), .dim)) }
        // On a terminal a watch frame goes over the previous board: cursor up over its lines, back to the first
        // column, each row cleared after its text and, after the last, whatever a taller board left below. Never
        // "clear to the end of the screen" from the first column: a board as tall as the window starts at its
        // top left, where that is a clear screen pushing the window into the scrollback (`PromptLayout.erase`).
        if viewModel.replacesPrevious, style.isInteractive, lastBoardLineCount > 0 {
            lines = lines.map { $0 + "\u{1B}[K" }
            lines[0] = "\u{1B}[\(lastBoardLineCount)A\r" + lines[0]
            lines[lines.count - 1] += "\u{1B}[J"
        }
        output.writeBoard(lines)
        lastBoardLineCount = lines.count
    }

    /// A long search would make the title wrap: it is shortened, the whole of it being in the empty message.
    private static func short(_ text: String, style: DisplayStyle) -> String {
        TerminalText.width(of: text) <= 30
            ? text : TerminalText.fit(text, columns: 30, asciiOnly: !style.usesGlyphs)
    }

    private func header(_ viewModel: RaceListViewModel) -> String {
        let separator = style.usesGlyphs ? " · " : " - "
        return
            ([style.paint(style.clean(viewModel.title), .bold), style.clean(viewModel.filterSummary)]
            + viewModel.narrowing.map { Self.short(style.clean($0), style: style) }).joined(separator: separator)
    }
}
