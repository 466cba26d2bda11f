import Core
import RaceDataLive
import Text

enum Usage {
    static let version = "next-to-go 0.1.0"

    /// The settings file's keys, as the app declares them, wrapped as the rest of the help is.
    private static var settingsParagraph: String {
        TerminalText.wrap(
            "Settings: $XDG_CONFIG_HOME/next-to-go/config (else ~/.config/next-to-go/config), key = value a line, "
                + "# for comments: \(AppFeatures.settingsList); each also as NEXT_TO_GO_<KEY>. Flags win over "
                + "variables, variables over the file.", columns: 97
        ).joined(separator: "\n")
    }

    static let text = """
        next-to-go - the next five races to jump (horse, greyhound, harness), counted down to the second.

        Examples:
          next-to-go                                  the live board at a terminal (type `help`)
          next-to-go --region aus --count 10 list     the next ten races in Australia, and exit
          printf 'filter dogs\\nshow 1\\n' | next-to-go  a script: the greyhounds, then race 1's details
          next-to-go --source replay:races.json watch 5
                                                      a saved feed replayed live, five seconds of frames

        Usage:
          next-to-go [OPTIONS]                        start the interactive shell (REPL)
          next-to-go [OPTIONS] COMMAND [ARGUMENT...]  run one shell command and exit

        Options:
        \(AppFeatures.options.helpLines().map { "  " + $0 }.joined(separator: "\n"))

        \(settingsParagraph)
        `save` at the prompt writes the board's filter, region, count and alert there.

        Files: favourites and the blackbook in the data directory above; the last good feed of each URL in
        $XDG_CACHE_HOME/next-to-go (else ~/.cache/next-to-go), shown marked stale when the
        URL cannot be reached at start, and of each race card fetched over HTTP in its cards/ folder
        (the last 300), shown marked offline; the shell's history in $XDG_STATE_HOME/next-to-go/history
        (else ~/.local/state/next-to-go/history).

        At a terminal the shell edits lines (arrows, Home/End, Ctrl-A/E/B/F/W/U/K, Up/Down history,
        Tab completion, Ctrl-L redraw, Ctrl-C drops the line, Ctrl-D quits), keeps a status line
        with the next race ticking above the prompt, and `watch` takes the whole screen (q leaves).

        Shell commands (`help` inside the shell lists the ones that work where you are, `help COMMAND`
        explains one):
        \(AppFeatures.commands.referenceLines().map { "  " + $0 }.joined(separator: "\n"))

        Codes, as the board and the meetings letter them: \(RaceCategory.letterLegend).

        Exit status: 0 ok, 64 usage error, 65 bad data, 69 source unavailable, 73 favourites or settings
        not saved, 74 output could not be written; 129, 131, 143 after SIGHUP, SIGQUIT (Ctrl-\\), SIGTERM.
        Colour and emoji only on a terminal; NO_COLOR and TERM=dumb turn them off.
        """
}
