import Core

/// A line resolved against the command table: the command's canonical name and its arguments read into the
/// types the table declares. Screens get this, never raw words.
public struct Command: Sendable, Equatable {
    public let name: String
    public let values: [CommandValue]

    public init(_ name: String, _ values: [CommandValue] = []) {
        self.name = name
        self.values = values
    }

    /// The one value a command of the standard table takes, if given: none takes more than one.
    public var value: CommandValue? { values.first }

    /// The word given where the table takes any word (`help COMMAND`) or an exact one (`filter clear`).
    public var word: String? {
        values.lazy.compactMap { if case .word(let word) = $0 { word } else { nil } }.first
    }
}

/// One argument's value, typed.
public enum CommandValue: Sendable, Equatable {
    case position(Int)
    case seconds(Int)
    case minutes(Int)
    case number(Int)
    case text(String)
    case categories([RaceCategory])
    case word(String)
}
