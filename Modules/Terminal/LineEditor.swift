/// The line being typed at the prompt: its text, the cursor, history recall and the kill keys. Pure: keys in,
/// state out; the terminal drawing is `PromptLayout`'s, the completion candidates `Completion`'s.
public struct LineEditor: Sendable, Equatable {
    /// Kept as characters, so typing and pasting at the cursor cost no more than the characters typed. Each is
    /// one character as the terminal shows it (a flag, a skin-toned emoji, a jamo syllable, a letter with its
    /// accents): keys that join the one before are joined to it, so the cursor is never inside one.
    public private(set) var characters: [Character] = []
    public var text: String { String(characters) }
    /// In characters from the start of `text`.
    public private(set) var cursor = 0
    public private(set) var history: LineHistory

    /// Where Up/Down are in the history; nil while editing a new line.
    private var recalled: Int?
    /// The new line being typed when Up was first pressed, given back by Down.
    private var draft = ""

    public init(history: LineHistory = LineHistory()) {
        self.history = history
    }

    public enum Outcome: Sendable, Equatable {
        /// Nothing to do beyond drawing the line again.
        case edited
        /// Enter: the line to run (already in the history).
        case submit(String)
        /// Ctrl-D on an empty line.
        case endOfInput
        case complete
        case clearScreen
        /// Ctrl-C: the line was dropped.
        case cancelled
        /// Ctrl-C on an empty line: there was nothing to drop (someone trying to leave).
        case cancelledEmpty
        /// A key with no meaning here (the terminal may ring).
        case ignored
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character): insert(String(character))
        case .enter: return submit()
        case .tab: return .complete
        case .backspace, .control("h"): deleteBackward()
        case .delete: deleteForward()
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .wordLeft: cursor = wordStart(before: cursor)
        case .wordRight: cursor = wordEnd(after: cursor)
        case .up, .control("p"): recall(older: true)
        case .down, .control("n"): recall(older: false)
        case .control("w"): deleteRange(from: wordStart(before: cursor), to: cursor)
        case .control("u"): deleteRange(from: 0, to: cursor)
        case .control("k"): deleteRange(from: cursor, to: characters.count)
        case .control("l"): return .clearScreen
        case .control("c"):
            let wasEmpty = characters.isEmpty
            replace(with: "")
            recalled = nil
            return wasEmpty ? .cancelledEmpty : .cancelled
        case .control("d"):
            if characters.isEmpty { return .endOfInput }
            deleteForward()
        case .escape, .control: return .ignored
        }
        return .edited
    }

    /// Puts `completion` in place of the word before the cursor.
    public mutating func replaceWordBeforeCursor(with completion: String) {
        let start = wordStart(before: cursor, spacesFirst: false)
        deleteRange(from: start, to: cursor)
        insert(completion)
    }

    /// The line up to the cursor, for completion.
    public var textBeforeCursor: String { String(characters[..<cursor]) }

    private mutating func submit() -> Outcome {
        let line = text
        history.add(line)
        replace(with: "")
        recalled = nil
        draft = ""
        return .submit(line)
    }

    private mutating func insert(_ inserted: String) {
        for character in inserted {
            characters.insert(character, at: cursor)
            cursor += 1
            join(at: cursor - 1)
            join(at: cursor)
        }
    }

    /// Makes the characters either side of `seam` one when together they are one grapheme cluster (an accent
    /// after its letter, the second half of a flag, a skin tone, a joiner and what follows it, a jamo after
    /// its syllable). A cursor between them moves after the joined character.
    private mutating func join(at seam: Int) {
        guard seam > 0, seam < characters.count else { return }
        let joined = String(characters[seam - 1]) + String(characters[seam])
        guard joined.count == 1, let character = joined.first else { return }
        characters[seam - 1] = character
        characters.remove(at: seam)
        if cursor > seam { cursor -= 1 }
    }

    private mutating func deleteBackward() {
        guard cursor > 0 else { return }
        deleteRange(from: cursor - 1, to: cursor)
    }

    private mutating func deleteForward() {
        guard cursor < characters.count else { return }
        deleteRange(from: cursor, to: cursor + 1)
    }

    private mutating func deleteRange(from start: Int, to end: Int) {
        guard start < end else { return }
        characters.removeSubrange(start..<end)
        cursor = start
        // What was either side of the deleted part may now be one character (the halves of a flag).
        join(at: cursor)
    }

    private mutating func replace(with line: String) {
        characters = Array(line)
        cursor = characters.count
    }

    private mutating func recall(older: Bool) {
        let entries = history.entries
        guard !entries.isEmpty else { return }
        if older {
            if recalled == nil { draft = text }
            let next = recalled.map { max(0, $0 - 1) } ?? entries.count - 1
            recalled = next
            replace(with: entries[next])
        } else {
            guard let current = recalled else { return }
            if current + 1 < entries.count {
                recalled = current + 1
                replace(with: entries[current + 1])
            } else {
                recalled = nil
                replace(with: draft)
            }
        }
    }

    /// Where the word before `position` starts: back over spaces, then over the word.
    private func wordStart(before position: Int, spacesFirst: Bool = true) -> Int {
        var index = position
        if spacesFirst { while index > 0, characters[index - 1] == " " { index -= 1 } }
        while index > 0, characters[index - 1] != " " { index -= 1 }
        return index
    }

    private func wordEnd(after position: Int) -> Int {
        var index = position
        while index < characters.count, characters[index] == " " { index += 1 }
        while index < characters.count, characters[index] != " " { index += 1 }
        return index
    }
}

/// The lines run before, oldest first: blank lines and a line the same as the one before are not kept, and
/// only the newest `capacity` are.
public struct LineHistory: Sendable, Equatable {
    public static let standardCapacity = 500
    /// Longer lines are not worth recalling and are not kept.
    public static let maximumLineLength = 1000

    public private(set) var entries: [String]
    public let capacity: Int

    public init(_ entries: [String] = [], capacity: Int = standardCapacity) {
        self.capacity = max(1, capacity)
        self.entries = []
        for entry in entries { add(entry) }
    }

    public mutating func add(_ typed: String) {
        let line = String(typed.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard Self.isWorthKeeping(line), entries.last != line else { return }
        entries.append(line)
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    /// Blank, too long, or holding a control character: never recalled.
    public static func isWorthKeeping(_ line: String) -> Bool {
        !line.allSatisfy(\.isWhitespace) && line.unicodeScalars.count <= maximumLineLength
            && !line.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
