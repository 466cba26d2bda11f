import Core
import Text

extension CommandEntry {
    /// Reads the words typed after the command into the values its arguments declare. A mistake comes back as
    /// the message the user sees: the entry's own `misuse` text where it has one, else its usage.
    public func parse(_ words: [String]) -> Result<Command, ArgumentError> {
        var remaining = words[...]
        var values: [CommandValue] = []
        for argument in arguments {
            guard let word = remaining.first else {
                guard argument.isOptional else { return .failure(misuseError) }
                switch argument.kind {
                case .seconds(_, let standard): values.append(.seconds(standard))
                case .minutes(_, let standard?, _): values.append(.minutes(standard))
                default: break
                }
                continue
            }
            switch argument.kind {
            case .position:
                guard let position = Int(word) else { return .failure(misuseError) }
                values.append(.position(position))
                remaining = remaining.dropFirst()
            case .seconds(let range, _):
                guard let seconds = Int(word), range.contains(seconds) else { return .failure(misuseError) }
                values.append(.seconds(seconds))
                remaining = remaining.dropFirst()
            case .minutes(let range, _, let offWord):
                if word.lowercased() == offWord {
                    values.append(.word(offWord))
                } else {
                    guard let minutes = Int(word), range.contains(minutes) else { return .failure(misuseError) }
                    values.append(.minutes(minutes))
                }
                remaining = remaining.dropFirst()
            case .commandName:
                values.append(.word(word.lowercased()))
                remaining = remaining.dropFirst()
            case .number(let range):
                guard let number = Int(word), range.contains(number) else { return .failure(misuseError) }
                values.append(.number(number))
                remaining = remaining.dropFirst()
            case .choice(let choices):
                guard choices.contains(word.lowercased()) else { return .failure(choiceError(word, choices)) }
                values.append(.word(word.lowercased()))
                remaining = remaining.dropFirst()
            case .region:
                let lowered = word.lowercased()
                guard lowered == "all" || RaceRegion(userInput: lowered) != nil else {
                    return .failure(choiceError(word, RaceRegion.choiceWords, hint: regionHint(word)))
                }
                values.append(.word(RaceRegion(userInput: lowered)?.rawValue ?? "all"))
                remaining = remaining.dropFirst()
            case .text:
                values.append(.text(remaining.joined(separator: " ")))
                remaining = []
            case .categories(let alternative):
                if word.lowercased() == "only" {
                    guard remaining.count > 1 else { return .failure(misuseError) }
                    values.append(.word("only"))
                    switch categories(in: remaining.dropFirst(), alternative: alternative) {
                    case .success(let categories): values.append(.categories(categories))
                    case .failure(let error): return .failure(error)
                    }
                } else if let alternative, remaining.count == 1, word.lowercased() == alternative {
                    values.append(.word(alternative))
                } else {
                    switch categories(in: remaining, alternative: alternative) {
                    case .success(let categories): values.append(.categories(categories))
                    case .failure(let error): return .failure(error)
                    }
                }
                remaining = []
            }
        }
        guard remaining.isEmpty else { return .failure(misuseError) }
        return .success(Command(name, values))
    }

    /// - Parameter hint: what to add; by default the choice nearest the word typed.
    private func choiceError(_ word: String, _ choices: [String], hint: String? = nil) -> ArgumentError {
        if choices.count == 1 { return misuseError }
        let listed = choices.map { "`\($0)`" }.joined(separator: ", ")
        let guess = hint ?? DidYouMean.closest(to: word.lowercased(), among: choices).map { "Did you mean `\($0)`?" }
        return ArgumentError(
            message:
                "\(name.prefix(1).uppercased() + name.dropFirst()) \(TerminalText.quoted(word)) is not one of \(listed)."
                + (guess.map { " " + $0 } ?? ""))
    }

    /// The region a place is in, with the command that narrows to the place itself; or the region word meant.
    private func regionHint(_ word: String) -> String? {
        switch RaceRegion.hint(for: word) {
        case .place(let place, let region)?:
            "\(place) is in `\(region.rawValue)`; `meetings \(word.lowercased())` lists its meetings alone."
        case .guess(let guess)?: "Did you mean `\(guess)`?"
        case nil: nil
        }
    }

    private var misuseError: ArgumentError {
        ArgumentError(message: misuse ?? (arguments.isEmpty ? "`\(name)` takes no arguments." : "Usage: \(usage)."))
    }

    private func categories(
        in words: ArraySlice<String>, alternative: String?
    ) -> Result<[RaceCategory], ArgumentError> {
        var categories: [RaceCategory] = []
        for word in words {
            guard let category = RaceCategory(userInput: word) else {
                let orAlternative = alternative.map { ", or `\(name) \($0)`" } ?? ""
                let guess =
                    DidYouMean.closest(to: word.lowercased(), among: RaceCategory.typedNames)
                    .flatMap(RaceCategory.init(userInput:)).map { " Did you mean `\($0.displayName)`?" } ?? ""
                return .failure(
                    ArgumentError(
                        message:
                            "Unknown category \(TerminalText.quoted(word)). Choose from horse, greyhound, harness\(orAlternative).\(guess)"
                    ))
            }
            categories.append(category)
        }
        return .success(categories)
    }
}
