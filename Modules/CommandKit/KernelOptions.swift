import Core
import Platform
import Text

/// What the kernel's own options and settings set, in one value as a feature's are (`OptionKey`): where races
/// come from, requests, the clock, output and where things are kept. Read as `options.kernel`.
public struct KernelSettings: Sendable, Equatable {
    /// The `--source` value as given; the app turns it into a data source.
    public var source = "snapshot"
    /// The `--cards` value as given (where race cards come from); nil for the source's own.
    public var cards: String?
    /// `--from` and `--partner`: who is asking, sent to the affiliates API with each card request.
    public var from: String?
    public var partner: String?
    /// `--now`: pins the clock to this Unix time.
    public var now: Date?
    /// `--start-at`: starts the clock at this Unix time, running on from there.
    public var startAt: Date?
    /// `--data-dir`: where favourites are kept, instead of the XDG default.
    public var dataDirectory: String?
    /// `--refresh`: seconds between automatic fetches; 0 turns them off.
    public var refreshInterval: TimeInterval = 30
    /// `--timeout`: the most a whole HTTP fetch may take.
    public var timeout: TimeInterval = 10
    /// `--connect-timeout`: the most an HTTP server may take to start answering.
    public var connectTimeout: TimeInterval = 5
    /// `--json` / `--format json`: one JSON document per command.
    public var json = false
    /// `--strict`: a piped run exits with the worst status of its commands.
    public var strict = false
    /// `--no-color`: as `NO_COLOR`.
    public var noColour = false
    /// `--accessible`, `accessible = on` or `ACCESSIBLE`: plain lines for a screen reader (`TerminalEnvironment`).
    public var accessible = false
    /// `--notify`: alerts go to the desktop too.
    public var notify = false
    /// `--no-config`: the settings file is not read (the app reads it before the options, `Settings`).
    public var ignoresSettingsFile = false

    public init() {}
}

extension LaunchOptions {
    /// The kernel's values, carried as a feature's are.
    public var kernel: KernelSettings {
        get { self[KernelOptions.values] }
        set { self[KernelOptions.values] = newValue }
    }
}

/// The kernel's launch options and settings, declared as a feature declares its own: the value they set
/// (`values`), the options before and after the features' in `--help`, and the settings file's keys.
public enum KernelOptions {
    public static let values = OptionKey("kernel", initial: KernelSettings())

    /// The least any of the times may be. A refresh more often than a second hammers the source (0.001 fetched
    /// fifty times a second); a time-out under a second fails every real fetch before it could answer.
    static let secondsRange: ClosedRange<TimeInterval> = 1...86_400

    /// A racing API `--source` and `--cards` know by name, as their help describes it.
    public struct NamedAPI: Sendable {
        public let name: String
        /// What `--source NAME` reads, wrapped to help's width.
        public let sourceHelp: [String]
        /// What `--cards NAME` reads; nil when the API has no race cards.
        public let cardsHelp: [String]?

        public init(name: String, sourceHelp: [String], cardsHelp: [String]?) {
            self.name = name
            self.sourceHelp = sourceHelp
            self.cardsHelp = cardsHelp
        }
    }

    /// `  name       first line`, then the rest under it: a value and what it means, in help's columns.
    private static func described(_ value: String, _ lines: [String]) -> [String] {
        lines.enumerated().map { index, line in
            (index == 0 ? "  " + TerminalText.padded(value, to: 11) : TerminalText.spaces(13)) + line
        }
    }

    /// The kernel's options before the features' in `--help`: where races come from, and time.
    public static func optionsBeforeFeatures(apis: [NamedAPI]) -> [LaunchOptionEntry] {
        [source(apis: apis), cards(apis: apis)] + requestAndClockOptions
    }

    private static func source(apis: [NamedAPI]) -> LaunchOptionEntry {
        LaunchOptionEntry(
            ["-s", "--source"], placeholder: "SOURCE",
            suggestions: .wordsThenPaths(
                ["snapshot"] + apis.map(\.name) + ["file:", "replay:", "script:", "https://", "http://"],
                schemes: ["file:", "replay:", "script:"], folders: false),
            help: [
                "where races come from (default: snapshot)",
                "  snapshot   a day of racing shipped with the app, replayed daily",
            ] + apis.flatMap { described($0.name, $0.sourceHelp) } + [
                "  file:PATH  a JSON file in the Neds `nextraces` shape, as it is",
                "  replay:PATH  such a file, replayed from the launch, looping",
                "  script:PATH  a fetch per line: a feed file, or refused, timeout,",
                "             http CODE, not-json; the last line repeats",
                "  URL        an http(s) endpoint serving that shape; a `nextraces`",
                "             query asking for fewer than 45 races is asked for 45",
            ]
        ) { _, value, options in options.kernel.source = value ?? options.kernel.source }
    }

    private static func cards(apis: [NamedAPI]) -> LaunchOptionEntry {
        let withCards = apis.filter { $0.cardsHelp != nil }
        let defaults = withCards.map { "\($0.name)' with --source \($0.name)" }
        return LaunchOptionEntry(
            ["--cards"], placeholder: "CARDS",
            suggestions: .wordsThenPaths(
                ["snapshot"] + withCards.map(\.name) + ["none", "file:", "https://", "http://"], schemes: ["file:"],
                folders: true),
            help: [
                "where race cards (the field, prices, results) come from:",
                "  snapshot   the cards made for the snapshot, told as it replays",
            ] + withCards.flatMap { described($0.name, $0.cardsHelp ?? []) } + [
                "  URL        an affiliates API base (https://.../affiliates/v1)",
                "  file:DIR   a folder of <race id>.json in the affiliates API's shape",
                "  none       no race cards",
            ]
                + TerminalText.wrap(
                    "(default: the source's own: " + (["snapshot's"] + defaults).joined(separator: ", ")
                        + ", else none)", columns: 60)
        ) { _, value, options in options.kernel.cards = value }
    }

    private static let requestAndClockOptions: [LaunchOptionEntry] = [
        LaunchOptionEntry(
            ["--from"], placeholder: "EMAIL",
            help: ["sent as `From` with each card request (the API asks callers to", "say who they are)"]
        ) { name, value, options throws(LaunchOptionsError) in
            options.kernel.from = try headerValue(name, value)
        },
        LaunchOptionEntry(
            ["--partner"], placeholder: "NAME",
            help: ["sent as `X-Partner` with each card request (default next-to-go)"]
        ) { name, value, options throws(LaunchOptionsError) in
            options.kernel.partner = try headerValue(name, value)
        },
        LaunchOptionEntry(
            ["--now"], placeholder: "SECONDS",
            help: ["pin the clock to this Unix time, 2000-2100 (reproducible runs)"]
        ) { name, value, options throws(LaunchOptionsError) in
            if options.kernel.startAt != nil { throw clocksTogether(name, other: "--start-at") }
            options.kernel.now = try unixTime(name, value)
        },
        LaunchOptionEntry(
            ["--start-at"], placeholder: "SECONDS",
            help: ["start the clock at this Unix time, 2000-2100, and let it run (demos,", "practice; not with --now)"]
        ) { name, value, options throws(LaunchOptionsError) in
            if options.kernel.now != nil { throw clocksTogether(name, other: "--now") }
            options.kernel.startAt = try unixTime(name, value)
        },
        LaunchOptionEntry(
            ["--refresh"], placeholder: "SECONDS",
            help: ["fetch again every SECONDS (default 30; 0 = only on `refresh`)"]
        ) { name, value, options throws(LaunchOptionsError) in
            options.kernel.refreshInterval = try seconds(name, value, allowZero: true)
        },
        LaunchOptionEntry(
            ["--timeout"], placeholder: "SECONDS",
            help: ["HTTP: the most a whole fetch may take, name lookup included (default 10)"]
        ) { name, value, options throws(LaunchOptionsError) in
            options.kernel.timeout = try seconds(name, value, allowZero: false)
        },
        LaunchOptionEntry(
            ["--connect-timeout"], placeholder: "SECONDS",
            help: [
                "HTTP: the most a server may take to start answering, from the name lookup (default 5)",
                "(all three: 1 to 86400 seconds, or --refresh 0)",
            ]
        ) { name, value, options throws(LaunchOptionsError) in
            options.kernel.connectTimeout = try seconds(name, value, allowZero: false)
        },
    ]

    /// The kernel's options after the features' in `--help`: output, and what the run does.
    public static let optionsAfterFeatures = [format] + runOptions + answers

    /// `--json`, `--format`: on its own, for the JSON pre-scan of every run, which needs no other option.
    static let format =
        LaunchOptionEntry(
            ["--json", "--format"], placeholder: "json|text", flagNames: ["--json"],
            suggestions: .words(["json", "text"]),
            help: [
                "one JSON document per command on stdout (schema in the README);",
                #"errors as {"error": {"code": N, "message": ...}} on stderr"#,
            ]
        ) { name, value, options throws(LaunchOptionsError) in
            guard let value else {
                options.kernel.json = true
                return
            }
            switch value.lowercased() {
            case "json": options.kernel.json = true
            case "text": options.kernel.json = false
            default: throw .invalidValue(option: name, value: value, expected: "json or text")
            }
        }

    private static let runOptions: [LaunchOptionEntry] = [
        LaunchOptionEntry(["--strict"], help: ["a piped run exits with the worst status of its commands"]) {
            _, _, options in options.kernel.strict = true
        },
        LaunchOptionEntry(
            ["--notify"],
            help: [
                "send each alert to the desktop too: a notification in a terminal that", "shows them, and notify-send",
            ]
        ) { _, _, options in options.kernel.notify = true },
        LaunchOptionEntry(
            ["--no-config"],
            help: ["ignore the settings file ($XDG_CONFIG_HOME/next-to-go/config); NEXT_TO_GO_* still count"]
        ) { _, _, options in options.kernel.ignoresSettingsFile = true },
        LaunchOptionEntry(["--no-color"], hidden: ["--no-colour"], help: ["no colour (as NO_COLOR=1)"]) {
            _, _, options in options.kernel.noColour = true
        },
        LaunchOptionEntry(
            ["--accessible"],
            help: [
                "for a screen reader (as ACCESSIBLE=1): plain lines, nothing redrawn in",
                "place; what changes said in a line",
            ]
        ) { _, _, options in options.kernel.accessible = true },
        LaunchOptionEntry(
            ["--data-dir"], placeholder: "DIR", suggestions: .directories,
            help: [
                "where favourites are kept (default: $XDG_DATA_HOME/next-to-go,", "else ~/.local/share/next-to-go)",
            ]
        ) { name, value, options throws(LaunchOptionsError) in
            guard let value, !value.isEmpty else {
                throw .invalidValue(option: name, value: value ?? "", expected: "a directory path")
            }
            options.kernel.dataDirectory = value
        },
    ]

    /// The options a run answers and ends with (the completions, the manual, help, the version): read on their
    /// own first (`LaunchOptions.answerAsked`), so that asking for one makes nothing else.
    static let answers: [LaunchOptionEntry] = [
        LaunchOptionEntry(
            ["--completions"], placeholder: "bash|zsh|fish", suggestions: .words(CompletionShell.names),
            help: ["print a completion script for that shell (see the README to install it)"]
        ) { name, value, options throws(LaunchOptionsError) in
            let text = value ?? ""
            guard CompletionShell.names.contains(text.lowercased()) else {
                throw .invalidValue(option: name, value: text, expected: "bash, zsh or fish")
            }
            options.action = .showCompletions(text.lowercased())
        },
        LaunchOptionEntry(["--man"], help: ["print the manual page (man -l <(next-to-go --man) shows it)"]) {
            _, _, options in options.action = .showManual
        },
        LaunchOptionEntry(["-h", "--help"], help: ["show this help"]) { _, _, options in options.action = .showHelp },
        LaunchOptionEntry(["-V", "--version"], help: ["show the version"]) { _, _, options in
            options.action = .showVersion
        },
    ]

    /// A value sent in a request header: printable ASCII, no more than a header may hold.
    private static func headerValue(_ name: String, _ value: String?) throws(LaunchOptionsError) -> String {
        let text = value ?? ""
        guard !text.isEmpty, text.utf8.count <= 256, text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }),
            text.first != " ", text.last != " "
        else {
            throw .invalidValue(
                option: name, value: text,
                expected: "printable ASCII text of at most 256 characters (it is sent as a header)")
        }
        return text
    }

    /// A time the clock may be set to: one a race may start at.
    private static func unixTime(_ name: String, _ value: String?) throws(LaunchOptionsError) -> Date {
        let text = value ?? ""
        guard let seconds = TimeInterval(text), seconds.isFinite,
            Race.plausibleStarts.contains(Date(timeIntervalSince1970: seconds))
        else {
            throw .invalidValue(
                option: name, value: text,
                expected: "Unix seconds from 946684800 (2000) to 4102444800 (2100), e.g. 1748310000")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// `--now` and `--start-at` both set the clock, each its own way: which was meant cannot be guessed.
    private static func clocksTogether(_ name: String, other: String) -> LaunchOptionsError {
        .conflicting(
            option: name, other: other, reason: "--now pins the clock, --start-at starts it running; give one of them")
    }

    private static func seconds(_ name: String, _ value: String?, allowZero: Bool) throws(LaunchOptionsError)
        -> TimeInterval
    {
        let text = value ?? ""
        guard let seconds = TimeInterval(text), seconds.isFinite,
            (allowZero && seconds == 0) || secondsRange.contains(seconds)
        else {
            throw .invalidValue(
                option: name, value: text, expected: "seconds from 1 to 86400" + (allowZero ? ", or 0 (off)" : ""))
        }
        return seconds
    }

    /// The kernel's settings after the features', in the order help lists them.
    public static let settingsAfterFeatures: [SettingEntry] = [
        SettingEntry("refresh", .option("--refresh")),
        SettingEntry("colour", .onOff(flag: "--no-color", onGivesFlag: false)),
        SettingEntry("notify", .onOff(flag: "--notify", onGivesFlag: true)),
        SettingEntry("accessible", .onOff(flag: "--accessible", onGivesFlag: true)),
    ]
}
