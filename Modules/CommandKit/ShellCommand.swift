/// One line the user typed, split into a command word and its arguments.
public struct ShellCommand: Sendable, Equatable {
    /// The command word, lowercased so `LIST` and `list` are the same.
    public let name: String
    /// The command word as typed, for messages.
    public let typedName: String
    public let arguments: [String]

    public init(name: String, arguments: [String] = []) {
        self.name = name.lowercased()
        self.typedName = name
        self.arguments = arguments
    }

    /// The same command however its word was typed.
    public static func == (lhs: ShellCommand, rhs: ShellCommand) -> Bool {
        lhs.name == rhs.name && lhs.arguments == rhs.arguments
    }

    /// Splits on white space; single or double quotes keep spaces inside one
    /// argument (`search "Happy Valley"`). Returns nil for a blank line.
    public init?(line: String) throws(ShellCommandError) {
        var words = try Self.words(in: line)
        guard let first = words.first else { return nil }
        // `/park` is `search park`, as in a pager.
        if first.hasPrefix("/"), first.count > 1 {
            words[0] = String(first.dropFirst())
            words.insert("/", at: 0)
        }
        self.init(name: words[0], arguments: Array(words.dropFirst()))
    }

    static func words(in line: String) throws(ShellCommandError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if let open = quote { throw .unclosedQuote(open) }
        if inWord { words.append(current) }
        return words
    }
}

public enum ShellCommandError: Error, Equatable, CustomStringConvertible {
    case unclosedQuote(Character)

    public var description: String {
        switch self {
        case .unclosedQuote(let quote): "Unclosed \(quote) quote in that command."
        }
    }
}
