import CommandKit
import Core
import Platform
import Terminal

/// The manual page, `next-to-go.1` (`next-to-go --man`), made from the same declarations as `--help`: the option
/// table and the command table, with the files, environment, exit statuses and examples that `--help` names.
enum ManPage {
    static let date = "November 2026"

    static func text() -> String {
        var lines = [
            #".\" next-to-go.1, made by `next-to-go --man` from the app's own option and command tables."#,
            ".TH NEXT\\-TO\\-GO 1 \"\(date)\" \"\(Usage.version)\" \"User Commands\"",
            ".SH NAME",
            "next\\-to\\-go \\- the next races to jump (horse, greyhound, harness), counted down to the second",
            ".SH SYNOPSIS",
            ".B next\\-to\\-go",
            "[\\fIOPTIONS\\fR]",
            ".br",
            ".B next\\-to\\-go",
            "[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGUMENT\\fR...]",
            ".SH DESCRIPTION",
            paragraph(
                "Shows the next five races to jump, counts each down to the second, drops a race a minute after its "
                    + "start and refills the board. With no command it starts a shell: at a terminal the board above "
                    + "the prompt is live, and commands open a race's card, keep favourites and filter the board. "
                    + "With a command it runs that command and exits; from a pipe it reads commands line by line. "
                    + "The board and the meetings letter each race's code: \(RaceCategory.letterLegend) (an "
                    + "emoji instead at a UTF-8 terminal)."),
            ".SH OPTIONS",
        ]
        for entry in AppFeatures.options.entries {
            lines.append(".TP")
            let names = entry.names.map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
            lines.append(names + (entry.placeholder.map { " \\fI\(escaped($0))\\fR" } ?? ""))
            lines += helpParagraphs(entry.help)
        }
        lines.append(".SH COMMANDS")
        lines.append(
            paragraph(
                "Typed at the prompt, piped one a line, or given after the options to run once. `help` lists the "
                    + "ones that work where you are; `help COMMAND` explains one."))
        let table = AppFeatures.commands
        for screen in table.screens {
            lines.append(".SS On \(escaped(screen.title))")
            for entry in table.entries where entry.screens?.contains(screen) == true {
                lines += commandLines(entry)
            }
        }
        lines.append(".SS Everywhere")
        for entry in table.entries where entry.screens == nil {
            lines += commandLines(entry)
        }
        lines += [
            ".SH FILES",
            ".TP", "\\fI$XDG_CONFIG_HOME/next\\-to\\-go/config\\fR (else \\fI~/.config/next\\-to\\-go/config\\fR)",
            paragraph(
                "Settings, key = value a line: \(AppFeatures.settings.map(\.key).joined(separator: ", ")); each also "
                    + "as a NEXT_TO_GO_<KEY> variable. Flags win over variables, variables over the file; --no-config "
                    + "leaves the file out. save writes filter, region, count and alert into it, atomically, keeping "
                    + "comments, other keys and every other line as they were; an alert nobody chose (the run's "
                    + "default) is not written."),
            ".TP", "\\fI$XDG_DATA_HOME/next\\-to\\-go/favourites.json\\fR (else \\fI~/.local/share/next\\-to\\-go\\fR)",
            paragraph(
                "Favourites, changed under favourites.lock (a copy waiting for it holds favourites.queue); a damaged "
                    + "file is kept aside before anything is written, and only its bad part is dropped: an entry that "
                    + "makes no sense, or what follows where the file breaks off. The blackbook, blackbook.json beside "
                    + "it, is kept by the same rules (blackbook.lock, blackbook.queue)."),
            ".TP", "\\fI$XDG_CACHE_HOME/next\\-to\\-go\\fR (else \\fI~/.cache/next\\-to\\-go\\fR)",
            paragraph(
                "The last good feed of each URL, shown marked stale when the URL cannot be reached at start; race "
                    + "cards fetched over HTTP in cards/ (the last 300), shown marked offline."),
            ".TP",
            "\\fI$XDG_STATE_HOME/next\\-to\\-go/history\\fR (else \\fI~/.local/state/next\\-to\\-go/history\\fR)",
            paragraph("The shell's history, the last 500 lines."),
            ".SH ENVIRONMENT",
            ".TP", ".B NO_COLOR", paragraph("Any value turns colour off, as --no-color does."),
            ".TP", ".B TERM", paragraph("dumb: plain lines, no live board, no colour or glyphs."),
            ".TP", ".B COLUMNS", paragraph("The width when the terminal does not say."),
            ".TP", ".B TZ",
            paragraph(
                "The zone local times are given in (Australia/Sydney), else the system's; one the zone database "
                    + "does not have is UTC, said once, as is the system's zone being UTC with no TZ set."),
            ".TP", ".B LANG, LC_ALL, LC_CTYPE",
            paragraph("A UTF-8 locale gets glyphs; a value that is no locale name is dropped with a warning."),
            ".TP", ".B XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME, XDG_STATE_HOME",
            paragraph("Where the files above live."),
            ".TP", ".B NEXT_TO_GO_<KEY>", paragraph("A setting, as in the settings file (NEXT_TO_GO_COUNT=3)."),
            ".SH EXIT STATUS",
            ".TP", "0", paragraph("ok"),
            ".TP", "64", paragraph("a usage error: an option, a command or an argument that is not right"),
            ".TP", "65", paragraph("bad data: the source answered something that is not a feed"),
            ".TP", "69", paragraph("the source could not be reached"),
            ".TP", "73", paragraph("favourites or settings could not be saved (with --strict, for a piped run)"),
            ".TP", "74", paragraph("the output could not be written"),
            ".TP", "129, 130, 131, 143", paragraph("after SIGHUP, SIGINT, SIGQUIT or SIGTERM"),
            ".SH JSON",
            paragraph(
                "With --json every command prints one JSON document a line on stdout, each with schema and type; "
                    + "the README lists them. A race's details, in full:"),
            ".TP", ".B race", paragraph(Self.raceDocument),
            ".SH EXAMPLES",
            ".TP", ".B next\\-to\\-go", paragraph("The live board at a terminal; type help."),
            ".TP", ".B next\\-to\\-go \\-\\-region aus \\-\\-count 10 list",
            paragraph("The next ten races in Australia, then exit."),
            ".TP", ".B printf 'filter dogs\\enshow 1\\en' | next\\-to\\-go",
            paragraph("A script: the greyhounds, then race 1's card."),
            ".TP",
            ".B next\\-to\\-go \\-\\-completions bash > ~/.local/share/bash\\-completion/completions/next\\-to\\-go",
            paragraph("Completion of options, values and commands in bash (zsh and fish too)."),
            ".SH SEE ALSO",
            "The README of the next\\-to\\-go repository: every command, the JSON documents, the data sources.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `race` document (`show N` and the sheet's commands) field by field: the README names them, this is the
    /// reference.
    static let raceDocument =
        "`race` (`show N`, `fav`, `form`, `map`, `runner N` on a sheet): `race`, with `distance` `{value, "
        + "unit}`, `track` and `weather` as the sheet words them (`Soft 6`, `Fine`), `comment`, `class`, "
        + "`prizeMoney` (a number), `rail`, `startType` (each the feed's, else the race card's; `null` when "
        + "neither has it) and `onBoard`; "
        + "from the race card, when there is one, `status` (`\"Open\"`, `\"Closed\"`, `\"Interim\"`, "
        + "`\"Final\"`, `\"Abandoned\"` or `null`), `runners` (`number`, `name`, `barrier`, `rider`, `trainer`,"
        + " `weight` (kg, text), `fixedWin`, `fixedPlace`, `flucs` (oldest first), `scratched`, "
        + "`lateScratchedAt` (Unix seconds or `null`), `marketFavourite` (true for each of equal favourites), "
        + "`equalFavourite` (true for each runner sharing the shortest price), `mover`, `lastStarts`, `form`: "
        + "`null`, or `starts` (`date` as `2024-12-29`, `track`, `distance`, `going`, `finish`, `runners`, "
        + "`margin`, `rider`, `startingPrice`, `winner`, `barrier`, `weight`), `records` (`kind`: `overall` is "
        + "the career, `track`, `distance`, …; `starts`, `wins`, `seconds`, `thirds`), `speedMap` (`label`, "
        + "`settlingLengths`), `silks`, `gear`, `age`, `sex`, `colour`, `sire`, `dam`, `toteWin`, `totePlace`, "
        + "`prices` (`price`, `at`), opening first, `book`: `runner`, `rider`, `trainer` as the blackbook "
        + "follows it), `results` (`position`, `runner`, `name`, `margin`) and `dividends` (`bet`, `runners` as"
        + " `\"2:4\"`, `amount` in dollars, `final`), each `[]` without a card. Beside `race`: `notice` "
        + "(`null`, or why the race is no longer on the board) and `cardNote` (`null`, or why there is no "
        + "card)."

    private static func commandLines(_ entry: CommandEntry) -> [String] {
        var lines = [".TP", "\\fB\(escaped(entry.usage))\\fR"]
        let also = entry.aliases.isEmpty ? "" : " (also " + entry.aliases.joined(separator: ", ") + ")"
        lines.append(paragraph(entry.summary + also + "." + (entry.details.isEmpty ? "" : " " + entry.details)))
        for form in entry.moreForms {
            lines += [".TP", "\\fB\(escaped(form.usage))\\fR", paragraph(form.summary + ".")]
        }
        return lines
    }

    /// An option's help lines: sentences as a paragraph, lines indented under them (a list of values) as they are.
    private static func helpParagraphs(_ help: [String]) -> [String] {
        var lines: [String] = []
        var prose: [String] = []
        var listed: [String] = []
        func flushProse() {
            if !prose.isEmpty { lines.append(paragraph(prose.joined(separator: " "))) }
            prose = []
        }
        func flushList() {
            if !listed.isEmpty {
                lines += [".nf"] + listed.map { "\\&" + escaped($0.replacing("`", with: "")) } + [".fi"]
            }
            listed = []
        }
        for line in help {
            if line.hasPrefix("  ") {
                flushProse()
                listed.append(String(line.dropFirst(2)))
            } else {
                flushList()
                prose.append(line)
            }
        }
        flushList()
        flushProse()
        return lines
    }

    /// Text as roff reads it: backslashes and dashes escaped, no line starting with a control character.
    private static func paragraph(_ text: String) -> String {
        let plain = escaped(text.replacing("`", with: ""))
        return plain.hasPrefix(".") || plain.hasPrefix("'") ? "\\&" + plain : plain
    }

    private static func escaped(_ text: String) -> String {
        text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    }
}
