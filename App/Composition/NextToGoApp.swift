import CommandKit
import Core
import RaceData
import RaceDataLive
import Shell
import SystemCalls
import Text

/// The app: arguments → options → how the run meets its user (`RunMode`) → clock and sources → modules → shell.
public enum NextToGoApp {
    static let prompt = "next-to-go> "
    static let utcByDefault =
        "Times are shown in UTC, this system's zone: TZ is not set (TZ=Australia/Sydney shows Sydney's)."

    /// Runs the app to its end and says how it ended. With `ProcessIO.process` it is the process: it sets the
    /// signal handlers and locale variables, and it ends the process itself (as `exit` would have, nothing else
    /// of it runs after). With other streams (a test's pipes) it sets nothing of the process's and returns.
    /// - Parameter environment: nil for the process's own.
    @MainActor
    public static func run(
        arguments: [String], environment: [String: String]? = nil, io: ProcessIO = .process
    ) async -> ExitStatus {
        if io.ownsProcess {
            // A reader that goes away is a failed write, ended with 74 as the README says, after the favourites are
            // on the disk: left at its default, SIGPIPE killed the app (141) whatever it had left to do.
            Signals.ignore(.brokenPipe)
            // Likewise a file-size limit (`ulimit -f`) is a failed write with a message, not death by SIGXFSZ.
            Signals.ignore(.fileSizeLimit)
        }
        StandardStreams.use(io)
        defer { if !io.ownsProcess { StandardStreams.use(nil) } }
        // `--version` and its kind cost a start, no more: nothing they print depends on the environment, the
        // settings or the zone, and their warnings would never be said.
        if let action = LaunchOptions.answerAsked(arguments), let text = Launch.answerText(action) {
            return Launch.answer(text)
        }
        return await launched(
            arguments: arguments, environment: environment ?? ProcessInfo.processInfo.environment, io: io)
    }

    /// The run itself, after the answers. Apart and never inlined: an async function makes the types it awaits
    /// with on entry, and the checked continuation's making looks through every conformance the program has
    /// (0.17 M instructions, of an answer's 3 M).
    @MainActor @inline(never)
    private static func launched(arguments: [String], environment: [String: String], io: ProcessIO) async
        -> ExitStatus
    {
        var environment = environment
        var environmentWarnings: [String] = []
        if io.ownsProcess {
            // A locale variable that names no locale is said and dropped, so nothing the app starts is handed it.
            environmentWarnings = LocaleEnvironment.removeInvalid()
            if let zone = LocalZone.unknownSystemZoneName {
                environmentWarnings.append(
                    environment["TZ"] == nil
                        ? "\(zone) is not a time zone file; times are shown in UTC."
                        : "TZ names no time zone this system has (\(TerminalText.quoted(zone))); times are shown in UTC."
                )
            } else if LocalZone.systemIsUTCByDefault {
                // Said once: a container or a server runs in UTC unasked, and a punter in Sydney reads 8:57 as theirs.
                environmentWarnings.append(Self.utcByDefault)
            }
            environment = environment.filter { name, value in
                !LocaleEnvironment.variables.contains(name) || LocaleEnvironment.isValid(value, variable: name)
            }
        }

        let launch: Launch
        switch Launch.make(arguments: arguments, environment: environment, io: io, warnings: environmentWarnings) {
        case .ended(let status): return status
        case .ready(let ready): launch = ready
        }
        return await withCheckedContinuation { continuation in
            launch.start { status in
                if io.ownsProcess { ProcessEnd.now(status.rawValue) }
                continuation.resume(returning: status)
            }
        }
    }
}

/// How a run meets its user, decided once from the options and the terminal: a person at a live terminal, a
/// script in a pipe, JSON, or one command; and the policies that follow from it.
struct RunMode: Equatable {
    enum Kind: Equatable {
        /// A person at a terminal: the line editor, the live region and status line, the full-screen watch.
        case live
        /// Pipes and files, or a terminal on one side only (or one that cannot move the cursor, TERM=dumb):
        /// whole lines, byte for byte.
        case lines
        /// One JSON document per command.
        case json
        /// One command, then exit.
        case single(ShellCommand)
    }

    let kind: Kind
    /// A piped script's favourite changes are saved together, one write a turn; JSON prints each command's
    /// document at once, and a person at a terminal or a single command has nothing to gather.
    let gathersFavouriteChanges: Bool
    /// A person at the keyboard sees the sheet at once from a slow card server; a pipe gets the card's answer.
    let firstCardWait: TimeInterval?
    /// A person typing at a prompt without the live terminal (TERM=dumb) still gets a prompt and a first board.
    let showsPrompt: Bool
    /// How long a favourite change waits for another copy of the app to let the favourites go. At a live
    /// terminal the wait holds up the keys and the ticking board (the repository answers on the main actor), so
    /// it is short: another copy holds them for milliseconds, unless it is stopped, and then it is said at once.
    let favouritesLockPatience: Duration

    init(options: LaunchOptions, terminal: TerminalEnvironment) {
        switch options.action {
        case .single(let command): kind = .single(command)
        case _ where options.kernel.json: kind = .json
        case _ where terminal.showsPrompt && terminal.isInteractiveOutput: kind = .live
        default: kind = .lines
        }
        gathersFavouriteChanges = kind == .lines
        firstCardWait = kind == .live ? 0.5 : nil
        showsPrompt = kind == .lines && terminal.showsPrompt
        favouritesLockPatience = kind == .live ? .milliseconds(500) : .seconds(3)
    }

    var isLive: Bool { kind == .live }
}
