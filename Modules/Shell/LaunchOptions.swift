import Core
import Platform
import Text

/// What the command line asked for: `next-to-go [OPTIONS] [COMMAND [ARGUMENT…]]`.
public struct LaunchOptions: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// Start the REPL.
        case interactive
        /// Run one command and exit (`next-to-go list`).
        case single(ShellCommand)
        case showHelp
        case showVersion
        /// Print the completion script for this shell (`bash`, `zsh` or `fish`).
        case showCompletions(String)
        /// Print the manual page.
        case showManual
    }

    public var action: Action = .interactive
    /// The `--source` value as given; the app turns it into a data source.
    public var source = "snapshot"
    /// The `--cards` value as given (where race cards come from); nil for the source's own.
    public var cards: String?
    /// `--from` and `--partner`: who is asking, sent to the affiliates API with each card request.
    public var from: String?
    public var partner: String?
    /// `--now`: pins the clock to this Unix time.
    public var now: Date?
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
    /// The features' own values (`OptionKey`), set by their options and settings.
    private var featureValues: [String: OptionValue] = [:]

    public init() {}

    /// A feature's value: as its options and settings set it, else the key's initial value.
    public subscript<Value>(key: OptionKey<Value>) -> Value {
        get { featureValues[key.name]?.value as? Value ?? key.initial }
        set { featureValues[key.name] = OptionValue(newValue) }
    }

    /// The options of `table` in `arguments`, on options made so far (the settings').
    public init(arguments: [String], table: LaunchOptionTable = .kernel, from start: LaunchOptions = LaunchOptions())
        throws(LaunchOptionsError)
    {
        self = start
        try read(arguments, table: table)
    }

    /// Options come first; the first word that is not an option starts the
    /// command, and everything after it belongs to the command. Options are those `table` declares.
    private mutating func read(_ arguments: [String], table: LaunchOptionTable) throws(LaunchOptionsError) {
        var remaining = arguments[...]
        while let argument = remaining.first {
            guard argument.hasPrefix("-") else { break }
            remaining = remaining.dropFirst()
            if argument == "--" { break }
            let (name, inlineValue) = Self.split(argument)
            guard let entry = table.named(name) else {
                throw .unknownOption(argument, guess: DidYouMean.closest(to: name, among: table.allNames))
            }
            var value: String?
            if !entry.takesValue(name), let inlineValue {
                throw .flagGivenValue(option: name, value: inlineValue)
            }
            if entry.takesValue(name) {
                if let inlineValue {
                    value = inlineValue
                } else if let next = remaining.first {
                    value = next
                    remaining = remaining.dropFirst()
                } else {
                    throw .missingValue(option: name)
                }
            }
            try entry.apply(name, value, &self)
            switch action {
            case .showHelp, .showVersion, .showCompletions, .showManual: return
            case .interactive, .single: break
            }
        }
        if let name = remaining.first {
            let arguments = Array(remaining.dropFirst())
            // `list --now 1` would quietly run on the live clock: options go before the command.
            if let option = arguments.first(where: { table.named(Self.split($0).0) != nil }) {
                throw .optionAfterCommand(option: option, command: name)
            }
            action = .single(ShellCommand(name: name, arguments: arguments))
        }
    }

    /// Whether the arguments ask for JSON output: read before they are parsed, so that a mistake in them (an
    /// option after the command, one misspelt) is answered in JSON too. Every argument before `--` counts.
    public static func asksForJSON(_ arguments: [String]) -> Bool {
        var remaining = arguments.prefix { $0 != "--" }[...]
        var json = false
        while let argument = remaining.first {
            remaining = remaining.dropFirst()
            let (name, inlineValue) = split(argument)
            guard let entry = LaunchOptionTable.kernel.named(name), entry.allNames.contains("--json") else { continue }
            guard entry.takesValue(name) else {
                json = true
                continue
            }
            let value = inlineValue ?? remaining.first
            if inlineValue == nil { remaining = remaining.dropFirst() }
            switch value?.lowercased() {
            case "json": json = true
            case "text": json = false
            default: break
            }
        }
        return json
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

public enum LaunchOptionsError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String, guess: String? = nil)
    case optionAfterCommand(option: String, command: String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, expected: String)
    /// `--strict=false`: a flag takes no value, and quietly turning it on would be the opposite of what was meant.
    case flagGivenValue(option: String, value: String)

    public var description: String {
        switch self {
        case .unknownOption(let option, let guess):
            "unknown option \(TerminalText.quoted(option))" + (guess.map { " (did you mean \($0)?)" } ?? "")
        case .optionAfterCommand(let option, let command):
            "\(TerminalText.quoted(option)) comes after the command \(TerminalText.quoted(command)); options go first: "
                + "next-to-go [OPTIONS] COMMAND, e.g. next-to-go \(Self.shellSafe(option)) ... \(Self.shellSafe(command))"
        case .missingValue(let option): "\(option) needs a value"
        case .flagGivenValue(let option, let value):
            "\(option) takes no value (given \(TerminalText.quoted(value, limit: 200))); leave it out to turn it on"
        case .invalidValue(let option, let value, let expected):
            "\(option) \(TerminalText.quoted(value, limit: 200)) is not valid: expected \(expected)"
        }
    }

    private static func shellSafe(_ word: String) -> String {
        TerminalText.quoted(word, limit: 40).dropFirst().dropLast().description
    }
}
