import RaceDataLive
import Shell

enum Usage {
    static let version = "next-to-go 0.1.0"

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
          -s, --source SOURCE          where races come from (default: snapshot)
                                         snapshot   45 races shipped with the app, replayed so they look live
                                         neds       the live Neds API, asked for its most (45) races:
                                                    it ignores categories, so a filter needs them all
                                         file:PATH  a JSON file in the Neds `nextraces` shape, as it is
                                         replay:PATH  such a file, replayed against the clock as the snapshot is
                                         script:PATH  a fetch per line: a feed file, or refused, timeout,
                                                    http CODE, not-json; the last line repeats
                                         URL        an http(s) endpoint serving that shape; a `nextraces`
                                                    query asking for fewer than 45 races is asked for 45
              --cards CARDS            where race cards (the field, prices, results) come from:
                                         snapshot   the cards made for the snapshot, told as it replays
                                         neds       Neds' affiliates API (api-affiliates.neds.com.au)
                                         URL        an affiliates API base (https://.../affiliates/v1)
                                         file:DIR   a folder of <race id>.json in the affiliates API's shape
                                         none       no race cards
                                       (default: the source's own: snapshot's, neds' with --source
                                       neds, else none)
              --from EMAIL             sent as `From` with each card request (the API asks callers to
                                       say who they are)
              --partner NAME           sent as `X-Partner` with each card request (default next-to-go)
              --now SECONDS            pin the clock to this Unix time, 2000-2100 (reproducible runs)
              --refresh SECONDS        fetch again every SECONDS (default 30; 0 = only on `refresh`)
              --timeout SECONDS        HTTP: the most a whole fetch may take (default 10)
              --connect-timeout SECONDS
                                       HTTP: the most a server may take to start answering (default 5)
                                       (all three: 1 to 86400 seconds, or --refresh 0)
              --region aus|nz|intl|all only races in Australia, New Zealand, elsewhere (default all)
              --count N                races on the board, 1-20 (default 5)
              --alert MINUTES|off      alert when a favourite is MINUTES from its start (default: 2 at
                                       a terminal, off in pipes)
              --json, --format json|text
                                       one JSON document per command on stdout (schema in the README);
                                       errors as {"error": {"code": N, "message": ...}} on stderr
              --strict                 a piped run exits with the worst status of its commands
              --no-color               no colour (as NO_COLOR=1)
              --data-dir DIR           where favourites are kept (default: $XDG_DATA_HOME/next-to-go,
                                       else ~/.local/share/next-to-go)
          -h, --help                   show this help
          -V, --version                show the version

        Files: favourites in the data directory above; the last good feed of each URL in
        $XDG_CACHE_HOME/next-to-go (else ~/.cache/next-to-go), shown marked stale when the
        URL cannot be reached at start, and of each race card fetched over HTTP in its cards/ folder
        (the last 300), shown marked offline; the shell's history in $XDG_STATE_HOME/next-to-go/history
        (else ~/.local/state/next-to-go/history).

        At a terminal the shell edits lines (arrows, Home/End, Ctrl-A/E/B/F/W/U/K, Up/Down history,
        Tab completion, Ctrl-L redraw, Ctrl-C drops the line, Ctrl-D quits), keeps a status line
        with the next race ticking above the prompt, and `watch` takes the whole screen (q leaves).

        Shell commands (`help` inside the shell lists the ones that work where you are, `help COMMAND`
        explains one):
        \(CommandTable.standard.referenceLines().map { "  " + $0 }.joined(separator: "\n"))

        Exit status: 0 ok, 64 usage error, 65 bad data, 69 source unavailable, 73 favourites not saved,
        74 output could not be written; 129, 131, 143 after SIGHUP, SIGQUIT (Ctrl-\\), SIGTERM.
        Colour and emoji only on a terminal; NO_COLOR and TERM=dumb turn them off.
        """
}
