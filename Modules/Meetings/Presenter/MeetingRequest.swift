import Core
import Foundation

/// Which meeting a meeting screen shows, as it was asked for: by the list's own key (`meeting N` on the list), by
/// its number on the day's whole list, or by name, a code word first if given (`meeting dogs Addington`).
public enum MeetingRequest: Sendable, Equatable {
    case id(String)
    case position(Int)
    case name(String, category: RaceCategory?)

    /// The route's word: the key marked `#`, as the list hands it on, else a number or a name as typed.
    public init(word: String) {
        if word.hasPrefix("#"), word.count > 1 {
            self = .id(String(word.dropFirst()))
        } else if let number = Int(word), number > 0 {
            self = .position(number)
        } else {
            let words = word.split(whereSeparator: \.isWhitespace)
            if words.count > 1, let category = words.first.flatMap({ RaceCategory(userInput: String($0)) }) {
                self = .name(words.dropFirst().joined(separator: " "), category: category)
            } else {
                self = .name(word, category: nil)
            }
        }
    }

    /// What the route carries: `#key`, the number, or the words.
    public var word: String {
        switch self {
        case .id(let id): "#" + id
        case .position(let number): String(number)
        case .name(let name, let category?): "\(category.rawValue) \(name)"
        case .name(let name, nil): name
        }
    }

    /// The meeting this asks for among the day's (in the list's order), or what to tell the user.
    func find(in meetings: [MeetingSummary]) -> Result<MeetingSummary, ArgumentError> {
        switch self {
        case .id(let id):
            if let meeting = meetings.first(where: { $0.id == id }) { return .success(meeting) }
            return .failure(
                ArgumentError(message: "That meeting is no longer on the day's list. Type `meetings` to see them."))
        case .position(let number):
            guard meetings.indices.contains(number - 1) else {
                let range = meetings.count == 1 ? "1" : "1 to \(meetings.count)"
                return .failure(
                    ArgumentError(
                        message: meetings.isEmpty
                            ? "There are no meetings today."
                            : "There is no meeting \(number) today; choose \(range) (`meetings` lists them)."))
            }
            return .success(meetings[number - 1])
        case .name(let name, let category):
            let folded = Race.searchFolded(name.trimmingCharacters(in: .whitespaces))
            let candidates = meetings.filter { category == nil || $0.category == category }
            let exact = candidates.filter { Race.searchFolded($0.name) == folded }
            let matching = exact.isEmpty ? candidates.filter { $0.races[0].matches(search: folded) } : exact
            if matching.count == 1 { return .success(matching[0]) }
            // The same venue racing twice (a morning and an evening meeting): the next to race is the one meant.
            if !matching.isEmpty, Set(matching.map { "\($0.category)|\($0.name)" }).count == 1 {
                return .success(matching[0])
            }
            let quoted = TerminalText.quoted(name)
            guard !matching.isEmpty else {
                let guess =
                    DidYouMean.closest(to: name, among: candidates.map(\.name)).map { " Did you mean \($0)?" } ?? ""
                return .failure(
                    ArgumentError(message: "No meeting today is called \(quoted).\(guess) Type `meetings` to see them.")
                )
            }
            let names = matching.prefix(4).map { "\($0.name) (\($0.category.displayName))" }.joined(separator: ", ")
            let more = matching.count > 4 ? " and \(matching.count - 4) more" : ""
            return .failure(
                ArgumentError(
                    message:
                        "\(quoted) could be \(names)\(more). Type more of the name, or the code first (`meeting dogs NAME`)."
                ))
        }
    }
}
