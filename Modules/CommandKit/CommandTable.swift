import Core

/// A kind of screen, declared by the feature that draws it (`ScreenKind.raceList` in the race list's router): the
/// command table says which commands work on it.
public struct ScreenKind: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    /// As help names it: "the race list".
    public let title: String

    public init(_ name: String, title: String) {
        self.name = name
        self.title = title
    }

    public var description: String { name }

    public static func == (lhs: ScreenKind, rhs: ScreenKind) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// One argument a command takes, for help, parsing and (coming) completion.
public struct CommandArgument: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A race's position on the list shown: the shell reads a whole number, the screen checks it is on its list.
        case position
        /// Whole seconds within a range, and what is meant when they are left out.
        case seconds(ClosedRange<Int>, default: Int)
        /// One or more of horse, greyhound, harness (or their other names), or else the one word `orWord`; after
        /// the word `only`, the categories to show and no others.
        case categories(orWord: String?)
        /// A whole number within a range.
        case number(ClosedRange<Int>)
        /// One of these words.
        case choice([String])
        /// A region (`aus`, `nz`, `intl`, or any word `RaceRegion` takes for one) or `all`, read as its short word.
        case region
        /// The rest of the line as typed, spaces and all (`search Happy Valley`).
        case text
        /// Whole minutes within a range, or else the one word `orWord`; `default` when left out (none: no value).
        case minutes(ClosedRange<Int>, default: Int?, orWord: String)
        /// The name of a command (`help COMMAND`).
        case commandName
    }

    public let placeholder: String
    public let kind: Kind
    public let isOptional: Bool

    public init(_ placeholder: String, _ kind: Kind, optional: Bool = false) {
        self.placeholder = placeholder
        self.kind = kind
        self.isOptional = optional
    }
}

/// A command, declared once: everything `help`, `help COMMAND`, `--help`, parsing and the README check read.
public struct CommandEntry: Sendable, Equatable {
    public let name: String
    public let aliases: [String]
    public let arguments: [CommandArgument]
    /// The form shown in `help`, e.g. `filter CATEGORY...`.
    public let usage: String
    public let summary: String
    /// What `help COMMAND` adds to the summary.
    public let details: String
    public let example: String
    /// Where it works; nil for the commands that work everywhere (the shell's own).
    public let screens: Set<ScreenKind>?
    /// Works only on a screen opened over another (`back`).
    public let needsScreenBelow: Bool
    /// Further forms with a line of their own in `help` (`filter clear`).
    public let moreForms: [CommandHelp]
    /// What to tell someone whose words do not fit the arguments; nil for the usage.
    public let misuse: String?
    /// Typed on a screen opened over the one it works on, it closes the screens above and runs there
    /// (`filter` from a race's details).
    public let worksFromAbove: Bool
    /// A feature's way in: the shell itself opens this destination (with the command's word, if it takes one),
    /// so no other feature's screen has to know the feature.
    public let opens: Destination?

    public init(
        _ name: String, aliases: [String] = [], arguments: [CommandArgument] = [], usage: String? = nil,
        summary: String, details: String = "", example: String, screens: Set<ScreenKind>?,
        needsScreenBelow: Bool = false, moreForms: [CommandHelp] = [], misuse: String? = nil,
        worksFromAbove: Bool = false, opens: Destination? = nil
    ) {
        self.opens = opens
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.usage = usage ?? name
        self.summary = summary
        self.details = details
        self.example = example
        self.screens = screens
        self.needsScreenBelow = needsScreenBelow
        self.moreForms = moreForms
        self.misuse = misuse
        self.worksFromAbove = worksFromAbove
    }

    /// The words that call it.
    public var words: [String] { [name] + aliases }

    public func works(on screen: ScreenKind, screenBelow: Bool) -> Bool {
        (screens?.contains(screen) ?? true) && (screenBelow || !needsScreenBelow)
    }

    /// `help`'s lines for it: the usage with its summary, then any further forms.
    var helpEntries: [CommandHelp] {
        let alsoCalled = aliases.isEmpty ? "" : " (also \(aliases.map { "`\($0)`" }.joined(separator: ", ")))"
        return [CommandHelp(usage, summary + alsoCalled)] + moreForms
    }
}

/// One line of `help`.
public struct CommandHelp: Sendable, Equatable {
    public let usage: String
    public let summary: String

    public init(_ usage: String, _ summary: String) {
        self.usage = usage
        self.summary = summary
    }
}

/// Every command of the shell: the shell's own (`shellCommands`) and those each feature declares with its screen
/// (`ScreenCommand`), put together by the app. The shell resolves what is typed against it, so a screen sees only
/// canonical names, and every list of commands (`help`, `help COMMAND`, `--help`, completion, the README check)
/// is read from it.
public struct CommandTable: Sendable {
    public let entries: [CommandEntry]
    /// The screens the entries name, in the order they first appear: `--help` lists commands screen by screen.
    public let screens: [ScreenKind]

    public init(_ entries: [CommandEntry]) {
        self.entries = entries
        var screens: [ScreenKind] = []
        for screen in entries.flatMap({ $0.screens?.sorted { $0.name < $1.name } ?? [] })
        where !screens.contains(screen) {
            screens.append(screen)
        }
        self.screens = screens
    }

    /// The entry `word` calls on `screen`, if it works there.
    public func entry(for word: String, on screen: ScreenKind, screenBelow: Bool) -> CommandEntry? {
        entries.first { $0.words.contains(word) && $0.works(on: screen, screenBelow: screenBelow) }
    }

    /// The entry `word` calls with `stack` open (bottom screen first), and how many screens close before it runs:
    /// the top screen's own command, else the nearest screen below whose command works from above.
    public func resolve(_ word: String, stack: [ScreenKind]) -> (entry: CommandEntry, closing: Int)? {
        for closing in stack.indices {
            let index = stack.count - 1 - closing
            guard let entry = entry(for: word, on: stack[index], screenBelow: index > 0) else { continue }
            if closing == 0 || entry.worksFromAbove { return (entry, closing) }
        }
        return nil
    }

    /// Every entry that can be typed with `stack` open: the top screen's, then those that reach down to a screen
    /// below, nearest first.
    public func reachableEntries(stack: [ScreenKind]) -> [CommandEntry] {
        guard let top = stack.last else { return [] }
        let own = entries(on: top, screenBelow: stack.count > 1)
        var words = Set(own.flatMap(\.words))
        var reachable = own.filter { $0.screens != nil }
        for index in stack.indices.dropLast().reversed() {
            for entry in entries(on: stack[index], screenBelow: index > 0)
            where entry.worksFromAbove && words.isDisjoint(with: entry.words) {
                reachable.append(entry)
                words.formUnion(entry.words)
            }
        }
        return reachable + own.filter { $0.screens == nil }
    }

    /// Every entry `word` calls, on any screen.
    public func entries(named word: String) -> [CommandEntry] {
        entries.filter { $0.words.contains(word) }
    }

    /// The commands that work on `screen`: the screen's own first, then the shell's.
    public func entries(on screen: ScreenKind, screenBelow: Bool) -> [CommandEntry] {
        let working = entries.filter { $0.works(on: screen, screenBelow: screenBelow) }
        return working.filter { $0.screens != nil } + working.filter { $0.screens == nil }
    }

    /// `help` with `stack` open: one aligned line per form of every command that can be typed.
    public func helpLines(stack: [ScreenKind]) -> [String] {
        Self.aligned(reachableEntries(stack: stack).flatMap(\.helpEntries))
    }

    static func aligned(_ lines: [CommandHelp]) -> [String] {
        let usageColumns = lines.map(\.usage.count).max() ?? 0
        return lines.map { line in
            "  " + line.usage + String(repeating: " ", count: usageColumns - line.usage.count) + "  " + line.summary
        }
    }

    /// Every command, screen by screen, as `--help` lists them.
    public func referenceLines() -> [String] {
        var lines: [String] = []
        for screen in screens {
            lines.append("On \(screen.title):")
            lines += Self.aligned(entries.filter { $0.screens?.contains(screen) == true }.flatMap(\.helpEntries))
        }
        lines.append("Everywhere:")
        lines += Self.aligned(entries.filter { $0.screens == nil }.flatMap(\.helpEntries))
        return lines
    }

    /// `help COMMAND`: the summary, the details and an example of each form of the command.
    public func detailedHelp(for word: String) -> [String]? {
        let named = entries(named: word)
        guard !named.isEmpty else { return nil }
        return named.flatMap { entry -> [String] in
            let whereItWorks =
                entry.screens.map { screens in
                    "Works on: " + self.screens.filter(screens.contains).map(\.title).joined(separator: ", ")
                        + (entry.worksFromAbove ? ", and from the screens opened over it." : ".")
                } ?? "Works everywhere."
            return entry.helpEntries.map { "\($0.usage) - \($0.summary)" }
                + (entry.details.isEmpty ? [] : ["  " + entry.details])
                + ["  " + whereItWorks, "  Example: \(entry.example)"]
        }
    }
}
