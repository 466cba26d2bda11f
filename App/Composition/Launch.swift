import CommandKit
import Core
import FeatureKit
import Fetch
import Platform
import RaceData
import RaceDataLive
import Shell
import Terminal
import Text

/// The app assembled for one run: its sources, favourites, outputs and shell, ready to `start`. Holds them all
/// for as long as the run lasts (the key source holds the terminal loop only weakly).
@MainActor
final class Launch {
    enum Outcome {
        /// Nothing to run: help, the version, or a mistake in the arguments, already answered.
        case ended(ExitStatus)
        case ready(Launch)
    }

    private let options: LaunchOptions
    let mode: RunMode
    private let environment: [String: String]
    private let io: ProcessIO
    private let terminal: TerminalEnvironment
    /// Plain lines for a screen reader, with what happens said a line at a time (`--accessible`, `ACCESSIBLE`).
    private let isAccessible: Bool
    private let standardOutput: StandardOutput
    private let liveTerminal: LiveTerminal?
    private let jsonOutput: JSONCommandOutput?
    private let output: any TextOutput
    private let screens: AppScreens
    private let notifier: DesktopNotifier?
    private var session: ShellSession?
    /// The root screen, the race list: at a live terminal its live updates start with the terminal loop.
    private var root: (any Screen)?
    private var terminationSignals: TerminationSignals?
    private var terminalLoop: TerminalInputLoop?
    private var inputLoop: InputLoop?
    /// A save of gathered favourite changes failed: `--strict` ends with its status.
    private let failedSaves: FailedSaves
    /// The favourites and every feature's other kept lists.
    private let keptLists: FileKeptLists
    private var finished: (@MainActor (ExitStatus) -> Void)?

    /// The options read, the sources made; or the run's end when they cannot be (answered on stderr, in JSON when
    /// the arguments ask for it).
    /// - Parameter warnings: said first, in the run's own form, before the source's.
    static func make(arguments: [String], environment: [String: String], io: ProcessIO, warnings: [String] = [])
        -> Outcome
    {
        func fail(_ message: String, status: ExitStatus) -> Outcome {
            if LaunchOptions.asksForJSON(arguments) {
                JSONCommandOutput.printError(message, code: status.rawValue)
            } else {
                StandardStreams.write("next-to-go: \(message)\n", to: .error)
            }
            return .ended(status)
        }
        // Settings first: each is the option it stands for, before the command line's, so the command line wins.
        let settings = Settings.load(
            environment: environment, arguments: arguments, entries: AppFeatures.settings, table: AppFeatures.options)
        let options: LaunchOptions
        do {
            options = try LaunchOptions(
                arguments: settings.arguments + arguments, table: AppFeatures.options, from: settings.options)
        } catch {
            return fail("\(error). Run `next-to-go --help` for usage.", status: .usage)
        }
        // An answer asked after another option (`--no-color --help`): `NextToGoApp.run` reads only a first one.
        if let text = answerText(options.action) { return .ended(answer(text)) }
        guard let source = RaceSource(argument: options.kernel.source) else {
            // A path given bare: the file is there, only `file:` is missing.
            let guess =
                FileManager.default.fileExists(atPath: options.kernel.source)
                ? " Did you mean --source \(TerminalText.quoted("file:" + options.kernel.source, limit: 200))?" : ""
            return fail(
                "--source \(TerminalText.quoted(options.kernel.source, limit: 200)) is not valid: expected \(RaceSource.usage).\(guess) Run `next-to-go --help` for usage.",
                status: .usage)
        }
        var cardSource = RaceCardSource.standard(for: source)
        if let cards = options.kernel.cards {
            guard let parsed = RaceCardSource(argument: cards) else {
                return fail(
                    "--cards \(TerminalText.quoted(cards, limit: 200)) is not valid: expected \(RaceCardSource.usage). Run `next-to-go --help` for usage.",
                    status: .usage)
            }
            cardSource = parsed
        }
        let clock: any WallClock =
            options.kernel.now.map { FixedClock($0) }
            ?? options.kernel.startAt.map { StartedClock(startingAt: $0, base: SystemClock()) } ?? SystemClock()
        let limits = HTTPRaceService.Limits(
            connectTimeout: min(options.kernel.connectTimeout, options.kernel.timeout),
            totalTimeout: options.kernel.timeout,
            maximumBodyBytes: HTTPRaceService.Limits.standard.maximumBodyBytes)
        let setup: ServiceSetup
        // Names looked up within the limits, the feed's and the cards' alike (behind a proxy, by the proxy).
        let names = NameLookup.forEnvironment(environment)
        // Caches and headers serve fetches alone: a file or the snapshot is read without them.
        let fetchesRaces: Bool = if case .http = source { true } else { false }
        let fetchesCards: Bool = if case .http = cardSource { true } else { false }
        do {
            // A client of its own for each source: each keeps its own connection open between requests.
            setup = try source.makeService(
                clock: clock, limits: limits, transport: CurlHTTPTransport(limits: limits, names: names),
                cache: fetchesRaces ? FeedCache(directory: FeedCache.defaultDirectory(environment: environment)) : nil)
        } catch {
            return fail(error.description, status: error.exitStatus)
        }
        // Who is asking, as the affiliates API asks callers to say: values checked when the options were read.
        let cardHeaders =
            fetchesCards
            ? [HTTPHeader(name: "X-Partner", value: options.kernel.partner ?? HTTPRaceCardService.defaultPartner)]
                + [options.kernel.from.flatMap { HTTPHeader(name: "From", value: $0) }] : []
        let cards = cardSource.makeService(
            clock: clock, transport: CurlHTTPTransport(limits: limits, names: names),
            headers: cardHeaders.compactMap { $0 },
            cache: fetchesCards
                ? RaceCardCache(directory: RaceCardCache.defaultDirectory(environment: environment)) : nil)
        let launch = Launch(
            options: options, environment: environment, io: io, clock: clock, setup: setup, cards: cards)
        for warning in warnings + settings.warnings + setup.warnings { launch.warn(warning) }
        // Said only where alerts can come (a person at the prompt, or --alert asked for).
        if let notifier = launch.notifier, notifier.reachesNothing,
            AppFeatures.mayAlert(options: options, isLive: launch.mode.isLive)
        {
            launch.warn("Desktop notifications: \(notifier.reach); alerts stay here.")
        }
        return .ready(launch)
    }

    /// The text that is the whole answer to `action` (help, the version, the manual, completions); nil for a run.
    static func answerText(_ action: LaunchOptions.Action) -> String? {
        switch action {
        case .showHelp: Usage.text + "\n"
        case .showVersion: Usage.version + "\n"
        case .showManual: ManPage.text()
        case .showCompletions(let shell): CompletionScripts.script(for: shell)
        case .interactive, .single: nil
        }
    }

    /// Writes an answer: 0 once it is out, 74 if it could not be written.
    static func answer(_ text: String) -> ExitStatus {
        StandardStreams.write(text, to: .output) ? .ok : .outputFailed
    }

    private init(
        options: LaunchOptions, environment: [String: String], io: ProcessIO, clock: any WallClock,
        setup: ServiceSetup, cards: CardServices
    ) {
        self.options = options
        self.environment = environment
        self.io = io
        let current = TerminalEnvironment.current(environment: environment, io: io)
        let colour = options.kernel.noColour ? current.withoutColour() : current
        let accessible = options.kernel.accessible || current.asksForAccessible
        isAccessible = accessible
        let terminal = accessible ? colour.forScreenReader() : colour
        self.terminal = terminal
        let mode = RunMode(options: options, terminal: terminal)
        self.mode = mode
        let keptLists = FileKeptLists(
            directory: options.kernel.dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileKeptLists.defaultDirectory(environment: environment),
            clock: clock, lockPatience: mode.favouritesLockPatience, gathersChanges: mode.gathersFavouriteChanges)
        let failedSaves = FailedSaves()
        self.failedSaves = failedSaves
        self.keptLists = keptLists
        let standardOutput = StandardOutput()
        // A message is broken at spaces where a window would break it mid-word: at a terminal (piped input too),
        // or where `COLUMNS` asks for a width.
        standardOutput.messageColumns = { [terminal] in
            terminal.stdoutIsTTY ? terminal.displayStyle.width : terminal.columnsAsked
        }
        self.standardOutput = standardOutput
        let liveTerminal = mode.isLive ? LiveTerminal(prompt: NextToGoApp.prompt, style: terminal.displayStyle) : nil
        self.liveTerminal = liveTerminal
        let jsonOutput = options.kernel.json ? JSONCommandOutput() : nil
        self.jsonOutput = jsonOutput
        let output: any TextOutput
        if let liveTerminal {
            output = liveTerminal
        } else if let jsonOutput {
            output = jsonOutput
        } else {
            output = standardOutput
        }
        self.output = output
        let screenStyle = terminal.displayStyle
        let presentation: Presentation =
            if let jsonOutput { .json(jsonOutput) } else { .text(output, screenStyle) }
        // What the day's cards say of each race (standing, market, field), for every screen.
        let book = RaceDayBook(index: cards.marketIndex)
        let raceMarks = RaceMarks()
        let answerAtOnce = cards.statuses?.answersAtOnce ?? false
        // Every card a screen reads is recorded in the book; a server's is served again within a look.
        let sharedFor = answerAtOnce ? 0 : CardReads.serverLook
        func recorded(_ source: any RaceCardService) -> CardReads {
            CardReads(wrapping: source, book: book, clock: clock, sharedFor: sharedFor)
        }
        let notifier =
            options.kernel.notify
            ? DesktopNotifier(
                environment: environment, isTerminal: mode.isLive,
                writeToTerminal: { StandardStreams.write($0, to: .output) }) : nil
        self.notifier = notifier
        let races: any RaceService =
            if let statuses = cards.statuses {
                StatusMarkingRaceService(wrapping: setup.service, statuses: statuses, book: book, clock: clock)
            } else {
                setup.service
            }
        var alsoAlert: (@MainActor (String) -> Void)?
        if let notifier { alsoAlert = { notifier.notify($0) } }
        let offersShell: Bool = if case .single = mode.kind { false } else { true }
        // A single command ends before a server's cards could come: it asks for none for the board.
        let watch = cards.boardCards.flatMap { boardCards in
            (offersShell || answerAtOnce)
                ? CardWatch(cards: boardCards, book: book, answersAtOnce: answerAtOnce, clock: clock) : nil
        }
        screens = AppScreens(
            context: FeatureContext(
                races: FeatureContext.Races(service: races, latest: LatestRaces()),
                cards: FeatureContext.Cards(
                    reads: cards.cards.map(recorded), meetings: cards.meetings, fields: cards.fields, watch: watch,
                    answerAtOnce: answerAtOnce),
                book: book, raceMarks: raceMarks,
                kept: FeatureContext.Kept(
                    favourites: keptLists.favourites, lists: keptLists,
                    settings: SettingsFile(file: SettingsText.file(environment: environment), environment: environment)
                ),
                run: FeatureContext.Run(
                    clock: clock, timeZone: .system, options: options, isLive: mode.isLive, offersShell: offersShell,
                    firstCardWait: mode.firstCardWait, alsoAlert: alsoAlert),
                presentation: presentation))
    }

    /// A warning from the start (a locale variable dropped, a source's note), in the run's own form.
    func warn(_ warning: String) {
        if let jsonOutput {
            jsonOutput.warn(warning)
        } else {
            output.writeWarning(warning, style: terminal.displayStyle)
        }
    }

    /// Starts the run; `finish` is told how it ended, once.
    func start(finish: @escaping @MainActor (ExitStatus) -> Void) {
        finished = finish
        if io.ownsProcess { terminationSignals = TerminationSignals(alsoInterrupt: mode.isLive) }
        let session = ShellSession(
            output: output, factory: screens, commands: AppFeatures.commands,
            helpWidth: { [terminal, jsonOutput] in
                // In a pipe help's lines stay whole unless `COLUMNS` asks for a width, as it does of the boards.
                guard jsonOutput == nil else { return nil }
                return terminal.isInteractiveOutput ? terminal.displayStyle.width : terminal.columnsAsked
            }
        ) { [unowned self] navigator in
            let screen = screens.makeRoot(navigator: navigator)
            root = screen
            return screen
        }
        session.drawsUnderSheets = !(isAccessible && mode.showsPrompt)
        self.session = session
        switch mode.kind {
        case .single(let command):
            session.execute(command) { [weak self] outcome in
                guard let self else { return }
                switch outcome {
                case .quit:
                    jsonOutput?.finishCommand(.success)
                    end(.ok)
                case .finished(let result):
                    jsonOutput?.finishCommand(result)
                    end(result.exitStatus)
                }
            }
        case .live:
            guard let liveTerminal else { return end(.ok) }
            let loop = TerminalInputLoop(
                session: session, terminal: liveTerminal,
                historyFile: HistoryFile(url: HistoryFile.defaultURL(environment: environment)) {
                    [output, terminal] in output.writeWarning($0, style: terminal.displayStyle)
                },
                commands: AppFeatures.commands, finish: { [weak self] in self?.end($0) })
            terminalLoop = loop
            output.writeLine("NextToGo - the next races to jump. Type `help` for commands, `quit` to leave.")
            // Raw mode before the first board, so keys typed while it loads wait, unechoed, for the prompt.
            root?.startLiveUpdates(announcing: false)
            if !loop.start(firstLine: "list") { end(.ok) }
        case .lines, .json:
            var beginTurn: (@MainActor () -> Void)?
            var endTurn: (@MainActor () -> Void)?
            if mode.gathersFavouriteChanges {
                beginTurn = { [keptLists] in keptLists.beginTurn() }
                endTurn = { [weak self] in self?.endFavouritesTurn() }
            }
            // A person typing at a prompt gets the first board without asking.
            let loop = InputLoop(
                session: session, output: standardOutput, input: io.input,
                prompt: mode.showsPrompt ? NextToGoApp.prompt : nil, strict: options.kernel.strict,
                watchesUntilTyped: mode.showsPrompt && io.ownsProcess,
                watchRedrawsEvery: isAccessible ? 60 : 1,
                afterCommand: { [jsonOutput] in jsonOutput?.finishCommand($0) },
                beginTurn: beginTurn, endTurn: endTurn,
                finish: { [weak self] in self?.end($0) })
            inputLoop = loop
            if isAccessible, mode.showsPrompt {
                // A screen reader hears what happens as lines of their own, not a region redrawn in place.
                standardOutput.announcesWithPrompt = NextToGoApp.prompt
                root?.startLiveUpdates(announcing: true)
            }
            loop.start(firstLine: mode.showsPrompt ? "list" : nil)
        }
    }

    /// Saves the changes a piped turn gathered (favourites, every kept list), before its answers are written: no
    /// answer is seen before the change it reports is saved. A failed save is said on stderr, after them.
    private func endFavouritesTurn() {
        for failure in keptLists.endTurn() {
            standardOutput.writeError(failedSaves.note(failure))
        }
    }

    /// The run's end, once: what is waiting written (the input loop has saved the favourites' last turn),
    /// `--strict`'s status for a failed save.
    private func end(_ status: ExitStatus) {
        guard let finish = finished else { return }
        finished = nil
        standardOutput.flush()
        let saveStatus: ExitStatus = options.kernel.strict && failedSaves.any ? .cannotSave : .ok
        finish(status.rawValue >= saveStatus.rawValue ? status : saveStatus)
    }
}

/// Whether a save of gathered favourite changes failed during the run.
@MainActor
private final class FailedSaves {
    private(set) var any = false

    /// The message for a failed save, noted.
    func note(_ error: KeptListError) -> String {
        any = true
        return error.description
    }
}
