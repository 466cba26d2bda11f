import CommandKit
import Core

/// Tab completion from the command table: command names first, then each argument by its declared kind
/// (categories and `clear` after `filter`, command names after `help`). Numbers are not guessed.
public struct Completion: Sendable {
    public let table: CommandTable

    public init(table: CommandTable) {
        self.table = table
    }

    public enum Result: Sendable, Equatable {
        /// Put this in place of the word being typed (a trailing space when it is the only choice).
        case replace(word: String, with: String)
        /// Several choices and nothing more in common: show them.
        case choices([String])
        case nothing
    }

    /// What Tab does with `line` (the text before the cursor) with `stack` open, bottom screen first.
    public func complete(_ line: String, stack: [ScreenKind]) -> Result {
        let endsWord = line.last.map { !$0.isWhitespace } ?? false
        var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        let partial = endsWord ? words.removeLast() : ""
        let choices = candidates(after: words, stack: stack)
            .filter { $0.hasPrefix(partial.lowercased()) }
        guard let first = choices.first else { return .nothing }
        if choices.count == 1 { return .replace(word: partial, with: first + " ") }
        let shared = choices.dropFirst().reduce(first) { common, next in
            String(zip(common, next).prefix { $0 == $1 }.map(\.0))
        }
        return shared.count > partial.count ? .replace(word: partial, with: shared) : .choices(choices)
    }

    /// The words `entry`'s first argument can be, as Tab offers them (a shell's completion script too).
    public func firstArgumentWords(of entry: CommandEntry) -> [String] {
        candidates(for: entry, index: 0)
    }

    private func candidates(after words: [String], stack: [ScreenKind]) -> [String] {
        guard let command = words.first?.lowercased() else {
            return unique(table.reachableEntries(stack: stack).flatMap(\.words))
        }
        guard let entry = table.resolve(command, stack: stack)?.entry else { return [] }
        return candidates(for: entry, index: words.count - 1)
    }

    private func candidates(for entry: CommandEntry, index: Int) -> [String] {
        let argument = entry.arguments.indices.contains(index) ? entry.arguments[index] : entry.arguments.last
        switch argument?.kind {
        case .categories(let orWord):
            let categories = RaceCategory.allCases.map(\.displayName)
            return index == 0 ? categories + (orWord.map { [$0] } ?? []) + ["only"] : categories
        case .commandName:
            return index == 0 ? unique(table.entries.map(\.name)) : []
        case .minutes(_, _, let word):
            return index == 0 ? [word] : []
        case .choice(let choices):
            return index == 0 ? choices : []
        case .region:
            return index == 0 ? RaceRegion.choiceWords : []
        case .position, .seconds, .number, .text, nil:
            return []
        }
    }

    private func unique(_ words: [String]) -> [String] {
        var seen: Set<String> = []
        return words.filter { seen.insert($0).inserted }
    }
}
