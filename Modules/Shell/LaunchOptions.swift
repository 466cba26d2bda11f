import Core
import Foundation

/// What the command line asked for: `next-to-go [OPTIONS] [COMMAND [ARGUMENT…]]`.
public struct LaunchOptions: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// Start the REPL.
        case interactive
        /// Run one command and exit (`next-to-go list`).
        case single(ShellCommand)
        case showHelp
        case showVersion
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
    /// `--region`: only races in this region; nil for all.
    public var region: RaceRegion?
    /// `--count`: how many races the board shows.
    public var count = 5
    /// `--json` / `--format json`: one JSON document per command.
    public var json = false
    /// `--strict`: a piped run exits with the worst status of its commands.
    public var strict = false
    /// `--no-color`: as `NO_COLOR`.
    public var noColour = false
    /// `--alert`: minutes before a favourite's start to alert, `.some(nil)` for `--alert off`; nil when not
    /// given (the app then alerts 2 minutes ahead at a live terminal, and not in pipes).
    public var alertMinutes: Int?? = nil

    public init() {}

    /// Options come first; the first word that is not an option starts the
    /// command, and everything after it belongs to the command.
    public init(arguments: [String]) throws(LaunchOptionsError) {
        var remaining = arguments[...]
        while let argument = remaining.first {
            guard argument.hasPrefix("-") else { break }
            remaining = remaining.dropFirst()
            if argument == "--" { break }
            let (name, inlineValue) = Self.split(argument)
            switch name {
            case "--help", "-h":
                action = .showHelp
                return
            case "--version", "-V":
                action = .showVersion
                return
            case "--json":
                json = true
            case "--format":
                let text = try Self.value(for: name, inline: inlineValue, remaining: &remaining)
                switch text.lowercased() {
                case "json": json = true
                case "text": json = false
                default: throw .invalidValue(option: name, value: text, expected: "json or text")
                }
            case "--strict":
                strict = true
            case "--no-color", "--no-colour":
                noColour = true
            case "--source", "-s":
                source = try Self.value(for: name, inline: inlineValue, remaining: &remaining)
            case "--cards":
                cards = try Self.value(for: name, inline: inlineValue, remaining: &remaining)
            case "--from":
                from = try Self.headerValue(for: name, inline: inlineValue, remaining: &remaining)
            case "--partner":
                partner = try Self.headerValue(for: name, inline: inlineValue, remaining: &remaining)
            case "--now":
                let text = try Self.value(for: name, inline: inlineValue, remaining: &remaining)
                guard let seconds = TimeInterval(text), seconds.isFinite,
                    Race.plausibleStarts.contains(Date(timeIntervalSince1970: seconds))
                else {
                    throw .invalidValue(
                        option: name, value: text,
                        expected: "Unix seconds from 946684800 (2000) to 4102444800 (2100), e.g. 1748310000")
                }
                now = Date(timeIntervalSince1970: seconds)
            case "--refresh":
                refreshInterval = try Self.seconds(
                    for: name, inline: inlineValue, remaining: &remaining, allowZero: true)
            case "--timeout":
                timeout = try Self.seconds(for: name, inline: inlineValue, remaining: &remaining, allowZero: false)
            case "--connect-timeout":
                connectTimeout = try Self.seconds(
                    for: name, inline: inlineValue, remaining: &remaining, allowZero: false)
            case "--region":
                let text = try Self.value(for: name, inline: inlineValue, remaining: &remaining)
                guard text.lowercased() == "all" || RaceRegion(userInput: text) != nil else {
                    let guess = DidYouMean.closest(to: text, among: RaceRegion.choiceWords)
                    throw .invalidValue(
                        option: name, value: text,
                        expected: "aus, nz, intl or all" + (guess.map { " (did you mean \($0)?)" } ?? ""))
                }
                region = RaceRegion(userInput: text)
            case "--count":
                let text = try Self.value(for: name, inline: inlineValue, remaining: &remaining)
                guard let number = Int(text), (1...20).contains(number) else {
                    throw .invalidValue(option: name, value: text, expected: "a number of races from 1 to 20")
                }
                count = number
            case "--alert":
                let text = try Self.value(for: name, inline: inlineValue, remaining: &remaining)
                if text.lowercased() == "off" {
                    alertMinutes = .some(nil)
                } else {
                    guard let minutes = Int(text), (1...1440).contains(minutes) else {
                        throw .invalidValue(option: name, value: text, expected: "minutes from 1 to 1440, or off")
                    }
                    alertMinutes = minutes
                }
            case "--data-dir":
                let path = try Self.value(for: name, inline: inlineValue, remaining: &remaining)
                guard !path.isEmpty else {
                    throw .invalidValue(option: name, value: path, expected: "a directory path")
                }
                dataDirectory = path
            default:
                throw .unknownOption(argument, guess: DidYouMean.closest(to: name, among: Self.optionNames))
            }
        }
        if let name = remaining.first {
            let arguments = Array(remaining.dropFirst())
            // `list --now 1` would quietly run on the live clock: options go before the command.
            if let option = arguments.first(where: { Self.optionNames.contains(Self.split($0).0) }) {
                throw .optionAfterCommand(option: option, command: name)
            }
            action = .single(ShellCommand(name: name, arguments: arguments))
        }
    }

    /// A value sent in a request header: printable ASCII, no more than a header may hold.
    private static func headerValue(for name: String, inline: String?, remaining: inout ArraySlice<String>)
        throws(LaunchOptionsError) -> String
    {
        let text = try value(for: name, inline: inline, remaining: &remaining)
        guard !text.isEmpty, text.utf8.count <= 256, text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }),
            text.first != " ", text.last != " "
        else {
            throw .invalidValue(
                option: name, value: text,
                expected: "printable ASCII text of at most 256 characters (it is sent as a header)")
        }
        return text
    }

    static let optionNames = [
        "--help", "-h", "--version", "-V", "--source", "-s", "--cards", "--from", "--partner", "--now", "--refresh",
        "--timeout",
        "--connect-timeout",
        "--data-dir", "--region", "--count", "--alert", "--no-color", "--json", "--format", "--strict",
    ]

    /// The least any of the times may be. A refresh more often than a second hammers the source (0.001 fetched
    /// fifty times a second); a time-out under a second fails every real fetch before it could answer.
    static let minimumSeconds: TimeInterval = 1
    static let maximumSeconds: TimeInterval = 86_400

    private static func seconds(
        for option: String, inline: String?, remaining: inout ArraySlice<String>, allowZero: Bool
    ) throws(LaunchOptionsError) -> TimeInterval {
        let text = try value(for: option, inline: inline, remaining: &remaining)
        guard let seconds = TimeInterval(text), seconds.isFinite,
            (allowZero && seconds == 0) || (minimumSeconds...maximumSeconds).contains(seconds)
        else {
            throw .invalidValue(
                option: option, value: text,
                expected: "seconds from 1 to 86400" + (allowZero ? ", or 0 (off)" : ""))
        }
        return seconds
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func value(for option: String, inline: String?, remaining: inout ArraySlice<String>)
        throws(LaunchOptionsError) -> String
    {
        if let inline { return inline }
        guard let next = remaining.first else { throw .missingValue(option: option) }
        remaining = remaining.dropFirst()
        return next
    }
}

public enum LaunchOptionsError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String, guess: String? = nil)
    case optionAfterCommand(option: String, command: String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .unknownOption(let option, let guess):
            "unknown option \(TerminalText.quoted(option))" + (guess.map { " (did you mean \($0)?)" } ?? "")
        case .optionAfterCommand(let option, let command):
            "\(TerminalText.quoted(option)) comes after the command \(TerminalText.quoted(command)); options go first: "
                + "next-to-go [OPTIONS] COMMAND, e.g. next-to-go \(Self.shellSafe(option)) ... \(Self.shellSafe(command))"
        case .missingValue(let option): "\(option) needs a value"
        case .invalidValue(let option, let value, let expected):
            "\(option) \(TerminalText.quoted(value, limit: 200)) is not valid: expected \(expected)"
        }
    }

    private static func shellSafe(_ word: String) -> String {
        TerminalText.quoted(word, limit: 40).dropFirst().dropLast().description
    }
}
