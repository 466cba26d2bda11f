import Core
import Foundation
import RaceData
import RaceDataLive
import RaceListRouter
import Shell

// Composition root: arguments → clock and source → modules → shell.

// A reader that goes away is a failed write, ended with 74 as the README says, after the favourites are on the
// disk: left at its default, SIGPIPE killed the app (141) whatever it had left to do.
signal(SIGPIPE, SIG_IGN)
// Likewise a file-size limit (`ulimit -f`) is a failed write with a message, not death by SIGXFSZ.
signal(SIGXFSZ, SIG_IGN)

// Before anything can reach ICU (it reads these itself, and a value that is no locale name crashed it).
let localeWarnings = LocaleEnvironment.removeInvalid()

/// Asked for JSON: looked for before the options are read, so a mistake in them is answered in JSON too.
let wantsJSON = LaunchOptions.asksForJSON(Array(CommandLine.arguments.dropFirst()))

func fail(_ message: String, status: ExitStatus) -> Never {
    if wantsJSON {
        JSONCommandOutput.printError(message, code: status.rawValue)
    } else {
        StandardStreams.write("next-to-go: \(message)\n", to: .error)
    }
    exit(status.rawValue)
}

let options: LaunchOptions
do {
    options = try LaunchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error). Run `next-to-go --help` for usage.", status: .usage)
}

switch options.action {
case .showHelp:
    StandardStreams.writeOrExit(Usage.text + "\n", status: ExitStatus.outputFailed.rawValue)
    exit(ExitStatus.ok.rawValue)
case .showVersion:
    StandardStreams.writeOrExit(Usage.version + "\n", status: ExitStatus.outputFailed.rawValue)
    exit(ExitStatus.ok.rawValue)
case .interactive, .single:
    break
}

guard let source = RaceSource(argument: options.source) else {
    // A path given bare: the file is there, only `file:` is missing.
    let guess =
        FileManager.default.fileExists(atPath: options.source)
        ? " Did you mean --source \(TerminalText.quoted("file:" + options.source, limit: 200))?" : ""
    fail(
        "--source \(TerminalText.quoted(options.source, limit: 200)) is not valid: expected \(RaceSource.usage).\(guess) Run `next-to-go --help` for usage.",
        status: .usage)
}

let cardSource: RaceCardSource
if let cards = options.cards {
    guard let parsed = RaceCardSource(argument: cards) else {
        fail(
            "--cards \(TerminalText.quoted(cards, limit: 200)) is not valid: expected \(RaceCardSource.usage). Run `next-to-go --help` for usage.",
            status: .usage)
    }
    cardSource = parsed
} else {
    cardSource = RaceCardSource.standard(for: source)
}
/// Who is asking, as the affiliates API asks callers to say: values checked when the options were read.
let cardHeaders =
    [HTTPHeader(name: "X-Partner", value: options.partner ?? HTTPRaceCardService.defaultPartner)]
    + [options.from.flatMap { HTTPHeader(name: "From", value: $0) }]

let environment = ProcessInfo.processInfo.environment
let clock: any WallClock = options.now.map { FixedClock($0) } ?? SystemClock()
let limits = HTTPRaceService.Limits(
    connectTimeout: min(options.connectTimeout, options.timeout), totalTimeout: options.timeout,
    maximumBodyBytes: HTTPRaceService.Limits.standard.maximumBodyBytes)
let setup: ServiceSetup
do {
    setup = try source.makeService(
        clock: clock,
        limits: limits,
        cache: FeedCache(directory: FeedCache.defaultDirectory(environment: environment)))
} catch {
    fail(error.description, status: error.exitStatus)
}

let terminal = options.noColour ? TerminalEnvironment.current().withoutColour() : TerminalEnvironment.current()
// A person at a terminal gets the line editor, the live status line and the full-screen watch.
let isLive: Bool = {
    guard case .interactive = options.action, !options.json else { return false }
    return terminal.showsPrompt && terminal.isInteractiveOutput
}()
let terminationSignals = TerminationSignals(alsoInterrupt: isLive)
let dataDirectory =
    options.dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
    ?? FileFavourites.defaultDirectory(environment: environment)
/// A piped script's favourite changes are saved together, one write a turn (`FileFavourites`); JSON prints each
/// command's document at once, and a person at a terminal or a single command has nothing to gather.
let gathersFavouriteChanges: Bool = {
    guard case .interactive = options.action, !isLive, !options.json else { return false }
    return true
}()
let favourites = FileFavourites(directory: dataDirectory, clock: clock, gathersChanges: gathersFavouriteChanges)
/// A save of gathered favourite changes failed: `--strict` ends with its status.
var favouritesSaveFailed = false
/// Ends the favourites' turn: its changes saved, or the message for a save that failed (noted for `--strict`).
@MainActor
func endFavouritesTurn() -> String? {
    guard let error = favourites.endTurn() else { return nil }
    favouritesSaveFailed = true
    return error.description
}
// The turn's favourite changes are saved before anything is written: no answer is seen before its change is.
let standardOutput = StandardOutput(beforeWriting: gathersFavouriteChanges ? endFavouritesTurn : nil)
let prompt = "next-to-go> "
let liveTerminal = isLive ? LiveTerminal(prompt: prompt, style: terminal.displayStyle) : nil
let jsonOutput = options.json ? JSONCommandOutput() : nil
let output: any TextOutput
if let liveTerminal {
    output = liveTerminal
} else if let jsonOutput {
    output = jsonOutput
} else {
    output = standardOutput
}
for warning in localeWarnings + setup.warnings {
    if let jsonOutput { jsonOutput.warn(warning) } else { output.writeWarning(warning, style: terminal.displayStyle) }
}
let renderer: any ScreenRenderer =
    if let jsonOutput { JSONRenderer(output: jsonOutput) } else {
        TextRenderer(output: output, style: terminal.displayStyle)
    }
let cards = cardSource.makeService(
    clock: clock, limits: limits, headers: cardHeaders.compactMap { $0 },
    cache: RaceCardCache(directory: RaceCardCache.defaultDirectory(environment: environment)))
/// What the cards say of races' status (abandoned), for the board as well as the sheet.
let statusBook = RaceStatusBook()
let screens = AppScreens(
    service: (cards as? any RaceStatusService).map {
        StatusMarkingRaceService(wrapping: setup.service, statuses: $0, book: statusBook, clock: clock)
    } ?? setup.service,
    cards: cards,
    statusBook: statusBook,
    refreshInterval: options.refreshInterval,
    // Alerts are for a person watching unless asked for: piped output stays the commands' own.
    alertMinutes: options.alertMinutes ?? (isLive ? 2 : nil),
    region: options.region,
    count: options.count,
    offersShell: { if case .single = options.action { false } else { true } }(),
    // A person at the keyboard sees the sheet at once from a slow card server; a pipe gets the card's answer.
    firstCardWait: isLive ? 0.5 : nil,
    favourites: favourites,
    clock: clock,
    renderer: renderer)
var raceList: RaceListScreen?
/// Lives as long as the process: the key source holds it only weakly.
var terminalLoop: TerminalInputLoop?
let session = ShellSession(
    output: output, factory: screens,
    helpWidth: { terminal.isInteractiveOutput && jsonOutput == nil ? terminal.displayStyle.width : nil }
) { navigator in
    let screen = screens.makeRaceList(navigator: navigator)
    raceList = screen
    return screen
}

@MainActor
func finish(_ status: ExitStatus) -> Never {
    standardOutput.flush()
    let saveStatus = options.strict && favouritesSaveFailed ? ExitStatus.cannotSave.rawValue : 0
    exit(max(status.rawValue, saveStatus))
}

switch options.action {
case .single(let command):
    session.execute(command) { outcome in
        switch outcome {
        case .quit:
            jsonOutput?.finishCommand(.success)
            finish(.ok)
        case .finished(let result):
            jsonOutput?.finishCommand(result)
            finish(result.exitStatus)
        }
    }
default:
    if let liveTerminal {
        let loop = TerminalInputLoop(
            session: session, terminal: liveTerminal,
            historyFile: HistoryFile(url: HistoryFile.defaultURL(environment: environment)) {
                output.writeWarning($0, style: terminal.displayStyle)
            },
            commands: .standard, finish: { finish($0) })
        terminalLoop = loop
        output.writeLine("NextToGo - the next races to jump. Type `help` for commands, `quit` to leave.")
        // Raw mode before the first board, so keys typed while it loads wait, unechoed, for the prompt.
        raceList?.presenter.startLiveUpdates()
        if !loop.start(firstLine: "list") { finish(.ok) }
    } else {
        // Pipes and files, or a terminal on one side only (or one that cannot move the cursor, TERM=dumb): whole
        // lines, byte for byte. A person typing at a prompt gets the first board without asking.
        let showsPrompt = terminal.showsPrompt && jsonOutput == nil
        InputLoop(
            session: session, output: standardOutput, prompt: showsPrompt ? prompt : nil,
            strict: options.strict, afterCommand: { jsonOutput?.finishCommand($0) }, finish: { finish($0) }
        ).start(firstLine: showsPrompt ? "list" : nil)
    }
}

dispatchMain()
