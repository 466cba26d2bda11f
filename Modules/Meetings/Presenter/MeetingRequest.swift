import Core
import Platform
import RaceData
import Text

/// Which meeting a meeting screen shows, as it was asked for: by the list's own key (`meeting N` on the list), by
/// its number on the day's whole list, or by name, a code word first if given (`meeting dogs Addington`).
public enum MeetingRequest: Sendable, Equatable {
    case id(String)
    case position(Int)
    case name(String, category: RaceCategory?)

    /// The route's word: the key marked `#`, as the list hands it on, else a number or a name as typed.
    public init(word: String) {
        let digits = word.drop { $0 == "-" || $0 == "+" }
        if word.hasPrefix("#"), word.count > 1 {
            self = .id(String(word.dropFirst()))
        } else if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
            // A number past any list (or below it) is still a number: said as one, not looked up as a name.
            self = .position(Int(word) ?? (word.hasPrefix("-") ? Int.min : Int.max))
        } else {
            let words = word.split(whereSeparator: \.isWhitespace)
            if words.count > 1, let category = words.first.flatMap({ RaceSelection.category(String($0)) }) {
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

    /// A number as the user typed it, within reason (one too long for any list is said as such).
    private static func shown(_ number: Int) -> String {
        number == .max || number == .min ? "that large" : String(number)
    }

    /// The meeting this asks for among the day's (in the list's order), or what to tell the user.
    func find(in meetings: [MeetingSummary]) -> Result<MeetingSummary, ArgumentError> {
        switch self {
        case .id(let id):
            if let meeting = meetings.first(where: { $0.id == id }) { return .success(meeting) }
            return .failure(
                ArgumentError(message: "That meeting is no longer on the day's list. Type `meetings` to see them."))
        case .position(let number):
            guard number > 0, meetings.indices.contains(number - 1) else {
                let range = meetings.count == 1 ? "1" : "1 to \(meetings.count)"
                return .failure(
                    ArgumentError(
                        message: meetings.isEmpty
                            ? "There are no meetings today."
                            : "There is no meeting \(Self.shown(number)) today; choose \(range) (`meetings` lists them)."
                    ))
            }
            return .success(meetings[number - 1])
        case .name(let name, let category):
            let folded = Race.searchFolded(name.trimmingSpaces())
            guard !folded.isEmpty else {
                return .failure(ArgumentError(message: "Usage: meeting N|NAME opens a meeting of the day."))
            }
            let candidates = meetings.filter { category == nil || $0.category == category }
            let exact = candidates.filter { Race.searchFolded($0.name) == folded }
            let matching = exact.isEmpty ? candidates.filter { $0.races[0].matches(search: folded) } : exact
            if matching.count == 1 { return .success(matching[0]) }
            // The same venue racing twice (a morning and an evening meeting): the one still racing is meant, else
            // the later.
            if !matching.isEmpty, Set(matching.map { RaceDay.Meeting.key(of: $0.races[0]) }).count == 1 {
                return .success(matching.first { $0.next != nil } ?? matching[matching.count - 1])
            }
            let quoted = TerminalText.quoted(name)
            guard !matching.isEmpty else {
                // Asked with a code, a meeting of another code may be the one meant: say which it is.
                if category != nil, let other = meetings.first(where: { $0.races[0].matches(search: folded) }) {
                    return .failure(
                        ArgumentError(
                            message:
                                "\(other.name) races \(other.category.displayName) today: `meeting \(other.name)` opens it."
                        ))
                }
                let guess =
                    DidYouMean.closest(to: name, among: candidates.map(\.name)).map { " Did you mean \($0)?" } ?? ""
                return .failure(
                    ArgumentError(message: "No meeting today is called \(quoted).\(guess) Type `meetings` to see them.")
                )
            }
            let names = matching.prefix(6).map { "\($0.name) (\($0.category.displayName))" }.joined(separator: ", ")
            let more = matching.count > 6 ? " and \(matching.count - 6) more" : ""
            return .failure(
                ArgumentError(
                    message:
                        "\(quoted) could be \(names)\(more). Type more of the name, or its number from `meetings \(name)`."
                ))
        }
    }
}
