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
    /// `--now`: pins the clock to this Unix time.
    public var now: Date?
    /// `--data-dir`: where favourites are kept, instead of the XDG default.
    public var dataDirectory: String?

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
            case "--source", "-s":
                source = try Self.value(for: name, inline: inlineValue, remaining: &remaining)
            case "--now":
                let text = try Self.value(for: name, inline: inlineValue, remaining: &remaining)
                guard let seconds = TimeInterval(text), seconds.isFinite, seconds >= 0 else {
                    throw .invalidValue(option: name, value: text, expected: "Unix seconds, e.g. 1748310000")
                }
                now = Date(timeIntervalSince1970: seconds)
            case "--data-dir":
                let path = try Self.value(for: name, inline: inlineValue, remaining: &remaining)
                guard !path.isEmpty else {
                    throw .invalidValue(option: name, value: path, expected: "a directory path")
                }
                dataDirectory = path
            default:
                throw .unknownOption(argument)
            }
        }
        if let name = remaining.first {
            action = .single(ShellCommand(name: name, arguments: Array(remaining.dropFirst())))
        }
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
    case unknownOption(String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .unknownOption(let option): "unknown option '\(option)'"
        case .missingValue(let option): "\(option) needs a value"
        case .invalidValue(let option, let value, let expected):
            "\(option) '\(value)' is not valid: expected \(expected)"
        }
    }
}
