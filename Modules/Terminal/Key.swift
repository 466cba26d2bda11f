/// One key press, as read from a terminal in raw mode.
public enum Key: Sendable, Equatable {
    case character(Character)
    case enter, tab, backspace, delete, escape
    case up, down, left, right, home, end
    case wordLeft, wordRight
    /// Ctrl plus a letter, lowercased: `.control("a")` is Ctrl-A.
    case control(Character)
}

/// Turns the bytes a terminal sends into keys: UTF-8 text, control keys, and the escape sequences of arrows,
/// Home, End and Delete in their common spellings. Sequences it does not know are dropped whole, never typed
/// into the line; bytes that are not UTF-8 are dropped. Keeps an unfinished sequence or character for the next
/// read, except a lone Esc at the end of a read, which is the Esc key.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    public mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.key(at: index, in: pending) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        // A read that ends in a bare Esc: the Esc key, not the start of a sequence.
        if pending == [0x1B] {
            keys.append(.escape)
            pending = []
        }
        // Never hoard: anything this long is not a key.
        if pending.count > 16 { pending = [] }
        return keys
    }

    /// The key at `index` and the bytes it takes; a nil key for bytes to skip; nil when more bytes are needed.
    private static func key(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x1B: return escapeSequence(at: index, in: bytes)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x1C: return (.control("\\"), 1)
        case 0x00, 0x1D...0x1F: return (nil, 1)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), 1)
        default: return utf8Character(at: index, in: bytes)
        }
    }

    private static func escapeSequence(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
        guard index + 1 < bytes.count else { return nil }
        let introducer = bytes[index + 1]
        switch introducer {
        case UInt8(ascii: "["), UInt8(ascii: "O"):
            // CSI/SS3: parameters and intermediates, then one final byte in 0x40...0x7E.
            var end = index + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) {
                guard (0x20...0x3F).contains(bytes[end]) else { return (nil, end - index) }
                end += 1
            }
            guard end < bytes.count else { return nil }
            let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            return (namedKey(final: bytes[end], parameters: parameters), end - index + 1)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"):
            // OSC, DCS, APC, PM: a string up to BEL or ESC \, dropped whole.
            var end = index + 2
            while end < bytes.count {
                if bytes[end] == 0x07 { return (nil, end - index + 1) }
                if bytes[end] == 0x1B, end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\\") {
                    return (nil, end - index + 2)
                }
                end += 1
            }
            // Unfinished in this read: a person pressed Alt-] (or Esc, then ]), not a terminal reply.
            return (.escape, 1)
        case UInt8(ascii: "b"): return (.wordLeft, 2)
        case UInt8(ascii: "f"): return (.wordRight, 2)
        case 0x1B: return (.escape, 1)
        default: return (.escape, 1)
        }
    }

    private static func namedKey(final: UInt8, parameters: String) -> Key? {
        let modified = parameters.hasSuffix(";5") || parameters.hasSuffix(";3")
        switch (final, parameters) {
        case (UInt8(ascii: "A"), _): return .up
        case (UInt8(ascii: "B"), _): return .down
        case (UInt8(ascii: "C"), _): return modified ? .wordRight : .right
        case (UInt8(ascii: "D"), _): return modified ? .wordLeft : .left
        case (UInt8(ascii: "H"), _): return .home
        case (UInt8(ascii: "F"), _): return .end
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return .home
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return .end
        case (UInt8(ascii: "~"), "3"): return .delete
        default: return nil
        }
    }

    private static func utf8Character(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        guard index + length <= bytes.count else {
            // Wait for the rest only while what came so far can still be a character.
            let tail = bytes[(index + 1)...]
            return tail.allSatisfy { (0x80...0xBF).contains($0) } ? nil : (nil, 1)
        }
        let slice = Array(bytes[index..<(index + length)])
        guard slice.dropFirst().allSatisfy({ (0x80...0xBF).contains($0) }),
            let text = String(validating: slice, as: UTF8.self), let scalar = text.unicodeScalars.first,
            scalar.value == 0x200D || !scalar.properties.generalCategory.isControlLike
        else { return (nil, 1) }
        return (.character(Character(scalar)), length)
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControlLike: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: true
        default: false
        }
    }
}
