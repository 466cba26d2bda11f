import Core

extension CommandTable {
    /// The commands of the shell itself, on every screen.
    public static let shellCommands: [CommandEntry] = [
        CommandEntry(
            "help", aliases: ["h", "?"], arguments: [CommandArgument("COMMAND", .commandName, optional: true)],
            usage: "help [COMMAND]", summary: "show this list, or one command's help",
            details: "Lists the commands that work where you are; with a command, what it does and an example.",
            example: "help watch", screens: nil),
        CommandEntry(
            "back", aliases: ["b"], summary: "close this screen",
            details: "Closes the details or the favourites; the screen under it is drawn again.", example: "back",
            screens: nil, needsScreenBelow: true),
        CommandEntry(
            "quit", aliases: ["q", "exit"], summary: "leave; end of input does too",
            details: "Ends the app with status 0; Ctrl-D or the end of a pipe does the same.", example: "quit",
            screens: nil),
    ]

    /// Every command of next-to-go, declared once.
    public static let standard = CommandTable(
        [
            CommandEntry(
                "list", aliases: ["ls"], arguments: [CommandArgument("all", .choice(["all"]), optional: true)],
                usage: "list [all]", summary: "show the next five races to jump; `list all`: every race, by meeting",
                details:
                    "Soonest first; a race leaves a minute after its start and the board refills. `list all` shows every upcoming race of the filter in sections by meeting, with a heading per day when they span days; N in `show N` then counts through them.",
                example: "list all", screens: [.raceList]),
            CommandEntry(
                "all", summary: "every upcoming race, by meeting (same as `list all`)", example: "all",
                screens: [.raceList], worksFromAbove: true),
            CommandEntry(
                "filter", aliases: ["f"], arguments: [CommandArgument("CATEGORY...", .categories(orWord: "clear"))],
                usage: "filter CATEGORY...", summary: "toggle horse, greyhound and/or harness; none on = all",
                details:
                    "Each category named is turned on if it is off and off if it is on (also horses, dogs, trots).",
                example: "filter greyhound harness", screens: [.raceList],
                moreForms: [
                    CommandHelp("filter only CATEGORY...", "show these categories and no others"),
                    CommandHelp("filter clear", "show every category again"),
                ],
                misuse: "Usage: filter horse|greyhound|harness ... toggles categories; `filter clear` shows all.",
                worksFromAbove: true),
            CommandEntry(
                "search", aliases: ["/"], arguments: [CommandArgument("TEXT", .text, optional: true)],
                usage: "search [TEXT]", summary: "races whose meeting or venue contains TEXT; alone, ends the search",
                details:
                    "Case and accents do not matter; it works with the category and region filters. `/TEXT` is the same.",
                example: "search park", screens: [.raceList], worksFromAbove: true),
            CommandEntry(
                "region", arguments: [CommandArgument("REGION", .choice(RaceRegion.choiceWords))],
                usage: "region aus|nz|intl|all", summary: "races in Australia, New Zealand, elsewhere, or all",
                details: "By the venue's country: AUS, NZ, and every other country as international (intl).",
                example: "region intl", screens: [.raceList], worksFromAbove: true),
            CommandEntry(
                "count", arguments: [CommandArgument("N", .number(1...20))], usage: "count N",
                summary: "show N races on the board (1 to 20; 5 to start)", example: "count 10",
                screens: [.raceList],
                misuse: "Usage: count N sets how many races the board shows (1 to 20, default 5).",
                worksFromAbove: true),
            CommandEntry(
                "show", aliases: ["open"], arguments: [CommandArgument("N", .position)], usage: "show N",
                summary: "open race N's details under the list",
                details:
                    "N is the race's position on the board as last drawn. The sheet has the race's card when its source has one (the snapshot's own, Neds' with --source neds, or --cards): the field with barriers, riders, trainers, weights, fixed prices and how they moved, the favourite and the mover, scratchings last; after the jump the result and dividends; an abandoned race says so.",
                example: "show 2",
                screens: [.raceList], misuse: positionMisuse("show", on: "board")),
            CommandEntry(
                "fav", arguments: [CommandArgument("N", .position)], usage: "fav N",
                summary: "add race N to favourites, or remove it",
                details: "Favourites are kept across runs and marked on the board.", example: "fav 1",
                screens: [.raceList], misuse: positionMisuse("fav", on: "board")),
            CommandEntry(
                "favs", aliases: ["favourites", "favorites"], summary: "show your favourite races",
                details: "Opens the favourites screen: `show N`, `unfav N`, `back` there.", example: "favs",
                screens: [.raceList], worksFromAbove: true),
            CommandEntry(
                "watch", aliases: ["w"],
                arguments: [CommandArgument("SECONDS", .seconds(1...3600, default: 30), optional: true)],
                usage: "watch [SECONDS]",
                summary: "the board ticking: full screen until q at a terminal, SECONDS in a pipe",
                details:
                    "At a terminal it takes the screen until q, Esc or Ctrl-C (keys: ? in watch); in a pipe, one board a second for SECONDS (default 30).",
                example: "watch 10",
                screens: [.raceList],
                misuse: "Usage: watch [SECONDS] redraws the board every second for SECONDS (1 to 3600, default 30).",
                worksFromAbove: true),
            CommandEntry(
                "alert",
                arguments: [CommandArgument("MINUTES", .minutes(1...1440, default: 2, orWord: "off"), optional: true)],
                usage: "alert [MINUTES|off]", summary: "alert when a favourite is MINUTES from its start (default 2)",
                details:
                    "One alert per race as it comes within MINUTES of its start, and one as it jumps; with the bell at a terminal. On at a terminal from the start (2 min, or --alert MINUTES); in pipes only when asked.",
                example: "alert 5", screens: [.raceList],
                misuse:
                    "Usage: alert [MINUTES|off] alerts MINUTES (1 to 1440, default 2) before a favourite starts; `alert off` stops alerts."
            ),
            CommandEntry(
                "refresh", aliases: ["r"], summary: "fetch the races again now",
                details: "Joins a fetch already under way rather than sending a second one.", example: "refresh",
                screens: [.raceList], worksFromAbove: true),

            CommandEntry(
                "fav", summary: "add this race to favourites, or remove it", example: "fav", screens: [.raceDetail],
                misuse: takesNoNumber("fav")),
            CommandEntry(
                "show", aliases: ["open"], summary: "draw the details again (the countdown moves on)", example: "show",
                screens: [.raceDetail], misuse: takesNoNumber("show")),
            CommandEntry(
                "list", aliases: ["ls"], summary: "close the details (same as `back`)", example: "list",
                screens: [.raceDetail]),

            CommandEntry(
                "favs", aliases: ["favourites", "favorites"], summary: "draw the favourites again", example: "favs",
                screens: [.favourites]),
            CommandEntry(
                "show", aliases: ["open"], arguments: [CommandArgument("N", .position)], usage: "show N",
                summary: "open favourite N's details", example: "show 1", screens: [.favourites],
                misuse: positionMisuse("show", on: "favourites list")),
            CommandEntry(
                "unfav", arguments: [CommandArgument("N", .position)], usage: "unfav N",
                summary: "remove favourite N", example: "unfav 1", screens: [.favourites],
                misuse: positionMisuse("unfav", on: "favourites list")),
            CommandEntry(
                "list", aliases: ["ls"], summary: "back to the race list (same as `back`)", example: "list",
                screens: [.favourites]),
        ] + shellCommands)
}

extension CommandTable {
    private static func positionMisuse(_ command: String, on list: String) -> String {
        "Usage: \(command) N, where N is a race's position on the \(list)."
    }

    private static func takesNoNumber(_ command: String) -> String {
        "Here `\(command)` works on this race and takes no number. Type `back` first to pick another race."
    }
}
