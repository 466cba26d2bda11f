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
    /// The kernel's and the features' values (`OptionKey`), set by their options and settings.
    private var values: [String: OptionValue] = [:]

    public init() {}

    /// A value of the kernel or a feature: as its options and settings set it, else the key's initial value.
    public subscript<Value>(key: OptionKey<Value>) -> Value {
        get { values[key.name]?.value as? Value ?? key.initial }
        set { values[key.name] = OptionValue(newValue) }
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
            let entry = KernelOptions.format
            guard entry.allNames.contains(name) else { continue }
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

    /// What the arguments ask to be answered with when their first word is help, the version, the manual or
    /// completions: read with those options alone, before the settings, the features' options or anything of a
    /// run is made. Nil for anything else (a run, a mistake): the whole reading says what those are. The answer
    /// is the whole reading's too, since reading stops at an answering option and settings only add options
    /// before it.
    public static func answerAsked(_ arguments: [String]) -> Action? {
        guard let first = arguments.first else { return nil }
        let answers = LaunchOptionTable(KernelOptions.answers)
        guard answers.named(split(first).0) != nil,
            let action = try? LaunchOptions(arguments: arguments, table: answers).action
        else { return nil }
        switch action {
        case .showHelp, .showVersion, .showCompletions, .showManual: return action
        case .interactive, .single: return nil
        }
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
    /// Two options that cannot both be given (`--now`, `--start-at`): `option` the later one.
    case conflicting(option: String, other: String, reason: String)

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
        case .conflicting(let option, let other, let reason): "\(option) cannot be given with \(other): \(reason)"
        }
    }

    private static func shellSafe(_ word: String) -> String {
        TerminalText.quoted(word, limit: 40).dropFirst().dropLast().description
    }
}
