import Core

/// What the race list's commands were given, read into plain values; a mistake comes back as the message the
/// user sees. No state: tests pass words and get values.
public enum RaceListArguments {
    public enum FilterChange: Equatable, Sendable {
        case clear
        /// Each toggled, in the order given (twice means back as it was).
        case toggle([RaceCategory])
    }

    public static let watchSeconds = (standard: 30, range: 1...3600)

    /// `filter CATEGORY...` or `filter clear`.
    public static func filter(_ arguments: [String]) -> Result<FilterChange, ArgumentError> {
        if arguments.isEmpty {
            return .failure(
                ArgumentError(
                    message: "Usage: filter horse|greyhound|harness ... toggles categories; `filter clear` shows all."))
        }
        if arguments.count == 1, arguments[0].lowercased() == "clear" { return .success(.clear) }
        var categories: [RaceCategory] = []
        for word in arguments {
            guard let category = RaceCategory(userInput: word) else {
                return .failure(
                    ArgumentError(
                        message:
                            "Unknown category \(TerminalText.quoted(word)). Choose from horse, greyhound, harness, or `filter clear`."
                    ))
            }
            categories.append(category)
        }
        return .success(.toggle(categories))
    }

    /// `watch [SECONDS]`.
    public static func watch(_ arguments: [String]) -> Result<Int, ArgumentError> {
        let range = watchSeconds.range
        let seconds = arguments.isEmpty ? watchSeconds.standard : arguments.count == 1 ? Int(arguments[0]) : nil
        guard let seconds, range.contains(seconds) else {
            return .failure(
                ArgumentError(
                    message: "Usage: watch [SECONDS] redraws the board every second for SECONDS "
                        + "(\(range.lowerBound) to \(range.upperBound), default \(watchSeconds.standard))."))
        }
        return .success(seconds)
    }
}
