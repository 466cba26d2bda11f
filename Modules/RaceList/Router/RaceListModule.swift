import Core
import FeatureKit
import Platform
import RaceData
import RaceListInteractor
import RaceListPresenter
import RaceListView
import Text

extension ScreenKind {
    public static let raceList = ScreenKind("raceList", title: "the race list")
}

/// The race list on the shell's stack.
public typealias RaceListScreen = ModuleScreen<any RaceListModuleInput>

/// The race list module: its assembly (interactor, presenter, view, router, wired by constructor), its
/// screen and the commands that screen takes. Routing is `RaceListRouter`'s alone.
@MainActor
public enum RaceListModule {
    /// The commands the screen takes, declared once: their words and help for the command table, and the
    /// presenter call each makes.
    public nonisolated static let commands: [ScreenCommand<any RaceListModuleInput>] = [
        ScreenCommand(
            CommandEntry(
                "list", aliases: ["ls"], arguments: [CommandArgument("all", .choice(["all"]), optional: true)],
                usage: "list [all]", summary: "show the next five races to jump; `list all`: every race, by meeting",
                details:
                    "Soonest first; a race leaves a minute after its start and the board refills. `list all` shows every upcoming race of the filter in sections by meeting, each whole under its own date at its venue when there is more than one day (the day before today's headed `Yesterday`); N in `show N` then counts through them.",
                example: "list all", screens: [.raceList], worksFromAbove: true)
        ) { presenter, command, done in
            switch command.value {
            case nil: presenter.showList(completion: done)
            case .word("all")?: presenter.showAll(completion: done)
            default: return false
            }
            return true
        },
        ScreenCommand(
            CommandEntry(
                "all", summary: "every upcoming race, by meeting (same as `list all`)", example: "all",
                screens: [.raceList], worksFromAbove: true)
        ) { presenter, done in presenter.showAll(completion: done) },
        ScreenCommand(
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
                worksFromAbove: true)
        ) { presenter, command, done in
            switch command.value {
            case .categories(let categories)?: presenter.change(.toggle(categories), completion: done)
            case .word("clear")?: presenter.change(.clearFilter, completion: done)
            case .word("only")?:
                guard case .categories(let categories)? = command.values.last else { return false }
                presenter.change(.only(categories), completion: done)
            default: return false
            }
            return true
        },
        ScreenCommand(
            CommandEntry(
                "search", aliases: ["/"], arguments: [CommandArgument("TEXT", .text, optional: true)],
                usage: "search [TEXT]", summary: "races whose meeting or venue contains TEXT; alone, ends the search",
                details:
                    "Case and accents do not matter; it works with the category and region filters. `/TEXT` is the same.",
                example: "search park", screens: [.raceList], worksFromAbove: true)
        ) { presenter, command, done in
            switch command.value {
            case .text(let text)?: presenter.change(.search(text), completion: done)
            case nil: presenter.change(.search(nil), completion: done)
            default: return false
            }
            return true
        },
        ScreenCommand(
            CommandEntry(
                "region", arguments: [CommandArgument("REGION", .region)],
                usage: "region aus|nz|intl|all", summary: "races in Australia, New Zealand, elsewhere, or all",
                details:
                    "By the venue's country: AUS, NZ, and every other country as international (intl). Longer names do too (au, australia, new-zealand, international). A state or another country is in one of them (`region uk` says so): `meetings uk` lists its meetings alone.",
                example: "region intl", screens: [.raceList], worksFromAbove: true)
        ) { presenter, command, done in
            guard case .word(let word)? = command.value else { return false }
            presenter.change(.region(RaceRegion(userInput: word)), completion: done)
            return true
        },
        ScreenCommand(
            CommandEntry(
                "count", arguments: [CommandArgument("N", .number(BoardSettings.counts))], usage: "count N",
                summary:
                    "show N races on the board (\(counts); \(BoardSettings.standardCount) to start)",
                example: "count 10",
                screens: [.raceList],
                misuse:
                    "Usage: count N sets how many races the board shows (\(counts), default \(BoardSettings.standardCount)).",
                worksFromAbove: true)
        ) { presenter, command, done in
            guard case .number(let count)? = command.value else { return false }
            presenter.change(.size(count), completion: done)
            return true
        },
        ScreenCommand(
            CommandEntry(
                "show", aliases: ["open"], arguments: [CommandArgument("N", .position)], usage: "show N",
                summary: "open race N's details under the list",
                details:
                    "N is the race's position on the board as last drawn. The sheet has the race's card when its source has one (the snapshot's own, Neds' with --source neds, or --cards): the field with barriers, riders, trainers, weights, fixed prices and how they moved, the market favourite and the mover (`help show` there says the marks), scratchings last; after the jump the result and dividends; an abandoned race says so.",
                example: "show 2",
                screens: [.raceList], misuse: CommandEntry.positionMisuse("show", on: "board"))
        ) { presenter, position, done in presenter.openRace(position: position, completion: done) },
        ScreenCommand(
            CommandEntry(
                "fav", arguments: [CommandArgument("N", .position)], usage: "fav N",
                summary: "add race N to favourites, or remove it",
                details: "Favourites are kept across runs and marked on the board.", example: "fav 1",
                screens: [.raceList], misuse: CommandEntry.positionMisuse("fav", on: "board"))
        ) { presenter, position, done in presenter.toggleFavourite(position: position, completion: done) },
        ScreenCommand(
            CommandEntry(
                "favs", aliases: ["favourites", "favorites"], summary: "show your favourite races",
                details: "Opens the favourites screen: `show N`, `unfav N`, `back` there.", example: "favs",
                screens: [.raceList], worksFromAbove: true)
        ) { presenter, done in presenter.openFavourites(completion: done) },
        ScreenCommand(
            CommandEntry(
                "watch", aliases: ["w"],
                arguments: [CommandArgument("SECONDS", .seconds(1...3600, default: 30), optional: true)],
                usage: "watch [SECONDS]",
                summary: "the board ticking: full screen until q at a terminal, SECONDS in a pipe",
                details:
                    "At a terminal it takes the screen until q, Esc or Ctrl-C (keys: ? in watch); in a pipe, SECONDS boards (default 30): one at once, then one as each second turns.",
                example: "watch 10",
                screens: [.raceList],
                misuse: "Usage: watch [SECONDS] redraws the board every second for SECONDS (1 to 3600, default 30).",
                worksFromAbove: true)
        ) { presenter, command, done in
            guard case .seconds(let seconds)? = command.value else { return false }
            presenter.watch(seconds: seconds, completion: done)
            return true
        },
        ScreenCommand(
            CommandEntry(
                "alert",
                arguments: [
                    CommandArgument(
                        "MINUTES",
                        .minutes(BoardSettings.alertLeads, default: nil, orWord: "off"),
                        optional: true)
                ],
                usage: "alert [MINUTES|off]",
                summary:
                    "alert when a favourite is MINUTES from its start (default \(BoardSettings.standardAlertLead))",
                details:
                    "One alert per race as it comes within MINUTES of its start, one as it jumps and one with its result (minutes after it leaves the board); with the bell at a terminal. On at a terminal from the start (2 min, or --alert MINUTES); in pipes only when asked. `alert` alone says how alerts stand and changes nothing.",
                example: "alert 5", screens: [.raceList],
                misuse:
                    "Usage: alert [MINUTES|off] alerts MINUTES (\(leads), default \(BoardSettings.standardAlertLead)) before a favourite starts; `alert off` stops alerts."
            )
        ) { presenter, command, done in
            switch command.value {
            case .minutes(let minutes)?: presenter.setAlert(.minutes(minutes), completion: done)
            case .word("off")?: presenter.setAlert(.off, completion: done)
            case nil: presenter.setAlert(nil, completion: done)
            default: return false
            }
            return true
        },
        ScreenCommand(
            CommandEntry(
                "save", summary: "keep the filter, region, count and alert for the next start",
                details:
                    "Written to the settings file ($XDG_CONFIG_HOME/next-to-go/config, else ~/.config/next-to-go/config) at once and whole: the four keys get their new values where they stand, and comments, other keys and lines the app skips stay as they were. A search is not kept, nor an alert nobody chose (the run's default: 2 min at a terminal, none in a pipe): `alert MINUTES` or `alert off` first to keep one.",
                example: "save", screens: [.raceList], worksFromAbove: true)
        ) { presenter, done in presenter.saveSettings(completion: done) },
        ScreenCommand(
            CommandEntry(
                "refresh", aliases: ["r"], summary: "fetch the races again now",
                details: "Joins a fetch already under way rather than sending a second one.", example: "refresh",
                screens: [.raceList], worksFromAbove: true)
        ) { presenter, done in presenter.refresh(completion: done) },
    ]

    /// The screen for a presenter and the view it draws on.
    public static func screen(presenter: any RaceListModuleInput, view: AnyObject) -> RaceListScreen {
        ModuleScreen(
            presenter: presenter, view: view, kind: .raceList, presentation: .fullScreen, commands: commands,
            drawing: ScreenDrawing(
                render: { presenter, done in presenter.redraw(completion: done) },
                renderLive: { presenter in presenter.redrawLive() },
                numberedRows: { presenter in presenter.drawnCount },
                startLiveUpdates: { presenter, announcing in presenter.startLiveUpdates(announcing: announcing) }))
    }

    /// The feature, for the app's list: the board, the shell's first screen. Its first fetch starts at once.
    public nonisolated static let feature = Feature(
        Destination("raceList"), commands: commands.map(\.entry), options: options, settings: settings,
        opens: [RaceListRouter.raceDetail, RaceListRouter.favourites],
        mayAlert: { options, isLive in alertMinutes(options: options, isLive: isLive) != nil }
    ) { _, context, navigator in
        let screen = makeScreen(context: context, navigator: navigator)
        screen.presenter.start()
        return screen
    }

    /// How long before a favourite's start it alerts: as asked (`--alert`, the setting), else the standard lead
    /// for a person at a live terminal and none elsewhere.
    public nonisolated static func alertMinutes(options: LaunchOptions, isLive: Bool) -> Int? {
        switch options[board].alert {
        case .minutes(let minutes)?: minutes
        case .off?: nil
        case nil: isLive ? BoardSettings.standardAlertLead : nil
        }
    }

    /// The view for how the run shows its screens; alerts also go to `alsoAlert`.
    public static func view(
        for presentation: Presentation, alsoAlert: (@MainActor (String) -> Void)? = nil
    ) -> any RaceListViewInput {
        let view: any RaceListViewInput = presentation.view(text: RaceListTextView.init, json: RaceListJSONView.init)
        return alsoAlert.map { AlertEchoingRaceListView(view, echo: $0) } ?? view
    }

    /// The module as the app assembles it, from what it hands every feature.
    public static func makeScreen(context: FeatureContext, navigator: any Navigator) -> RaceListScreen {
        makeScreen(
            service: context.races.service, favourites: context.kept.favourites, settings: context.kept.settings,
            latestRaces: context.races.latest, book: context.book, raceMarks: context.raceMarks,
            watch: context.cards.watch, fields: context.cards.fields, clock: context.run.clock,
            refreshInterval: context.run.options.kernel.refreshInterval,
            alertLead: alertMinutes(options: context.run.options, isLive: context.run.isLive).map {
                TimeInterval($0) * 60
            },
            board: context.run.options[board], offersShell: context.run.offersShell,
            view: view(for: context.presentation, alsoAlert: context.run.alsoAlert), navigator: navigator)
    }

    /// Builds interactor, view, router and presenter, wired by constructor,
    /// and returns the screen that owns them.
    /// - Parameters:
    ///   - board: the board the run starts with; its alert, if chosen, is what `save` keeps.
    ///   - raceMarks: what marks races; nil for the favourites alone.
    public static func makeScreen(
        service: any RaceService, favourites: any FavouritesRepository, settings: (any SettingsStore)? = nil,
        latestRaces: LatestRaces, book: RaceDayBook = RaceDayBook(), raceMarks: RaceMarks? = nil,
        watch: (any RaceCardWatch)? = nil, fields: (any RaceFieldService)? = nil, clock: any WallClock,
        refreshInterval: TimeInterval, alertLead: TimeInterval?, board: BoardSettings = BoardSettings(),
        offersShell: Bool = true, view: any RaceListViewInput, navigator: any Navigator
    ) -> RaceListScreen {
        makeScreen(
            interactor: RaceListInteractor(
                service: service, favourites: favourites, settings: settings, latestRaces: latestRaces,
                book: book, raceMarks: raceMarks ?? RaceMarks(FavouritesMarker(favourites: favourites)), watch: watch,
                fields: fields),
            clock: clock, refreshInterval: refreshInterval, alertLead: alertLead, board: board,
            offersShell: offersShell, view: view, navigator: navigator)
    }

    /// The same module on an interactor of your own (a fake, a recording, another data layer): everything
    /// else is assembled as the app assembles it.
    public static func makeScreen(
        interactor: any RaceListInteractorInput, clock: any WallClock, refreshInterval: TimeInterval,
        alertLead: TimeInterval?, board: BoardSettings = BoardSettings(), offersShell: Bool = true,
        view: any RaceListViewInput, navigator: any Navigator
    ) -> RaceListScreen {
        let router = RaceListRouter(navigator: navigator)
        let presenter = RaceListPresenter(
            interactor: interactor, router: router, view: view, clock: clock, scheduler: MainQueueScheduler(),
            refreshPolicy: RefreshPolicy(interval: refreshInterval),
            alerts: RaceAlerts(lead: alertLead, isChosen: board.alert != nil), board: RaceBoard(settings: board),
            offersShell: offersShell)
        return screen(presenter: presenter, view: view)
    }
}
