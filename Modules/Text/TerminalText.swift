import Core
import Platform

/// Makes text from the feed (or any other outside source) safe to print, and
/// measures it in terminal columns.
public enum TerminalText {
    /// Control and formatting characters (escape sequences, bidi overrides,
    /// zero-width marks) are removed; line breaks and tabs become spaces;
    /// runs of white space fold to one. With `asciiOnly`, accents are dropped
    /// and any other non-ASCII character becomes `?`.
    public static func clean(_ text: String, asciiOnly: Bool) -> String {
        // Most text is printable ASCII with single spaces already: nothing to do (and no Unicode tables asked).
        if isPlainASCII(text) { return text }
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        let source = asciiOnly ? TextFolding.folded(text) : text
        for scalar in source.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = true
                continue
            }
            if isInvisible(scalar) { continue }
            if pendingSpace, !scalars.isEmpty { scalars.append(" ") }
            pendingSpace = false
            if asciiOnly, !scalar.isASCII {
                // Combining marks left over after folding carry no letter of their own.
                if scalar.properties.generalCategory == .nonspacingMark { continue }
                scalars.append(contentsOf: (asciiPunctuation[scalar] ?? "?").unicodeScalars)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Printable ASCII, single spaces between words, none at the ends: what `clean` would return unchanged.
    private static func isPlainASCII(_ text: String) -> Bool {
        var afterSpace = true
        for byte in text.utf8 {
            if byte == 0x20 {
                if afterSpace { return false }
                afterSpace = true
            } else if byte > 0x20, byte < 0x7F {
                afterSpace = false
            } else {
                return false
            }
        }
        return !afterSpace
    }

    /// What the user typed, quoted for a message: control characters shown in caret notation (`^[` for
    /// Escape) so an escape sequence is named rather than obeyed, other invisible characters as `<U+202E>`,
    /// the rest as `clean` with `asciiOnly`, and anything past `limit` characters cut with `...`.
    public static func quoted(_ typed: String, limit: Int = 40) -> String {
        var shown = ""
        var count = 0
        for scalar in typed.unicodeScalars {
            guard count < limit else {
                shown += "..."
                break
            }
            count += 1
            switch scalar.value {
            case 0x00..<0x20: shown += "^" + String(UnicodeScalar(UInt8(scalar.value) + 0x40))
            case 0x7F: shown += "^?"
            default:
                if isInvisible(scalar) {
                    shown += "<U+" + String(scalar.value, radix: 16, uppercase: true) + ">"
                } else {
                    shown += scalar.isASCII ? String(scalar) : clean(String(scalar), asciiOnly: true)
                }
            }
        }
        return "'" + shown + "'"
    }

    /// The text with the scalars `clean` drops taken out and nothing else changed: spacing, line breaks and tabs
    /// stay (for JSON, which escapes those, and keeps the text as it was otherwise).
    public static func withoutInvisibles(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isInvisible($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isInvisible(scalar) || scalar == "\n" || scalar == "\t" {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// A character as the line editor draws it: itself, or `?` when it holds a scalar that is invisible or moves
    /// text around (a control, a bidi override, a zero-width space, a private-use or unassigned code point), so
    /// the line on screen is the line that runs. Joiners, variation selectors and emoji tags inside an emoji
    /// sequence are kept: they are how it draws.
    public static func drawable(_ character: Character) -> Character {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return character }
        let scalars = character.unicodeScalars
        for scalar in scalars where isInvisible(scalar) {
            let joinsEmoji =
                scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
                || (0xE0020...0xE007F).contains(scalar.value)
            if !joinsEmoji || scalars.count == 1 { return "?" }
        }
        return character
    }

    /// Scalars that draw nothing of their own or act on the terminal or the text around them: controls, format
    /// characters (bidi overrides, zero-width marks), separators, private-use, surrogate and unassigned code
    /// points. `clean` drops them, `quoted` names them, `drawable` shows them as `?`.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
        default: false
        }
    }

    /// Typographic punctuation (feeds are full of it) and our own separators,
    /// spelled in ASCII.
    private static let asciiPunctuation: [Unicode.Scalar: String] = [
        "\u{2014}": "-", "\u{2013}": "-", "\u{2012}": "-", "\u{2010}": "-", "\u{2011}": "-",
        "\u{2026}": "...", "\u{2018}": "'", "\u{2019}": "'", "\u{201A}": "'", "\u{201C}": "\"",
        "\u{201D}": "\"", "\u{201E}": "\"", "\u{00B7}": "-", "\u{2022}": "*", "\u{2665}": "*",
        "\u{00D7}": "x",
    ]

    /// Columns a string takes in a terminal: wide East Asian characters and
    /// emoji take two, combining marks none.
    public static func width(of text: some StringProtocol) -> Int {
        // Nearly all text is printable ASCII, a column a byte: one pass over the bytes, not a scalar walk.
        let printableASCIICount = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes.count : nil
        }
        if let count = printableASCIICount ?? nil { return count }
        return text.unicodeScalars.reduce(0) { total, scalar in total + width(of: scalar) }
    }

    public static func width(of character: Character) -> Int {
        character.unicodeScalars.reduce(0) { total, scalar in total + width(of: scalar) }
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        if scalar.value >= 0x20, scalar.value < 0x7F { return 1 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if scalar.value == 0xFE0F || scalar.value == 0x200D { return 0 }
        if properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Pads with spaces to `columns`, or shortens with an ellipsis to fit.
    public static func fit(_ text: String, columns: Int, asciiOnly: Bool) -> String {
        let current = width(of: text)
        if current <= columns { return text + spaces(columns - current) }
        let ellipsis = asciiOnly ? "..." : "…"
        let budget = columns - width(of: ellipsis)
        guard budget > 0 else { return repeated(UInt8(ascii: "."), count: columns) }
        let kept = prefix(text, columns: budget)
        return kept + ellipsis + spaces(budget - width(of: kept))
    }

    /// `text` and spaces after it (or before it, `right`) to fill `columns`; as it is if it is as wide already.
    public static func padded(_ text: String, to columns: Int, right: Bool = false) -> String {
        let gap = spaces(columns - width(of: text))
        return right ? gap + text : text + gap
    }

    /// `count` spaces (none for a count below one). Tables are made of them: written out byte by byte, where
    /// `String(repeating:count:)` appends one string at a time.
    public static func spaces(_ count: Int) -> String {
        repeated(UInt8(ascii: " "), count: count)
    }

    /// One ASCII character `count` times.
    public static func repeated(_ ascii: UInt8, count: Int) -> String {
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(repeating: ascii)
            return count
        }
    }

    /// The characters of `text` that fit in `columns`, never half a wide character; no padding, no mark.
    public static func prefix(_ text: some Sequence<Character>, columns: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let characterWidth = width(of: character)
            if used + characterWidth > columns { break }
            used += characterWidth
            result.append(character)
        }
        return result
    }

    /// `prefix` for a line painted by `DisplayStyle.paint`: its colour escapes take no columns and are kept
    /// whole, and a line cut while a colour is on is closed with a reset, so the colour stops with the row.
    /// `columns` is what the visible text took.
    public static func prefix(painted text: String, columns: Int) -> (text: String, columns: Int) {
        var used = 0
        var result = ""
        var inEscape = false
        var isPainted = false
        for character in text {
            if inEscape {
                result.append(character)
                // A CSI sequence ends with a byte in @...~; the parameters before it are digits and `;`.
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value), character != "[" {
                    inEscape = false
                }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                isPainted = true
                result.append(character)
                continue
            }
            let characterWidth = width(of: character)
            if used + characterWidth > columns {
                return (isPainted ? result + "\u{1B}[0m" : result, used)
            }
            used += characterWidth
            result.append(character)
        }
        return (result, used)
    }

    /// Columns a word takes whose colour escapes (`DisplayStyle.paint`) take none.
    private static func paintedWidth(of word: Substring) -> Int {
        guard word.utf8.contains(0x1B) else { return width(of: word) }
        var total = 0
        var inEscape = false
        for character in word {
            if inEscape {
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value), character != "[" {
                    inEscape = false
                }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                total += width(of: character)
            }
        }
        return total
    }

    /// A message as a window `columns` wide can show it: each of its lines broken at spaces, not mid-word where
    /// the terminal would break it; a line that fits is left as it is, its spaces too.
    public static func wrapMessage(_ message: String, columns: Int) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { part -> [String] in
                let line = String(part)
                return prefix(painted: line, columns: columns).text == line ? [line] : wrap(line, columns: columns)
            }
            .joined(separator: "\n")
    }

    /// Breaks text into lines of at most `columns`, at spaces where it can; a word wider than a line is cut
    /// across lines. Colour escapes take no columns (a colour goes on across the break, as the terminal keeps
    /// it). One pass, each character measured once, so a 200,000-letter word costs no more than 200,000
    /// letters of ordinary text.
    public static func wrap(_ text: String, columns: Int) -> [String] {
        let columns = max(1, columns)
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        func endLine() {
            lines.append(current)
            current = ""
            currentWidth = 0
        }
        for word in text.split(separator: " ") {
            let wordWidth = paintedWidth(of: word)
            if !current.isEmpty, currentWidth + 1 + wordWidth <= columns {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if !current.isEmpty { endLine() }
            if wordWidth <= columns {
                current = String(word)
                currentWidth = wordWidth
                continue
            }
            var inEscape = false
            for character in word {
                // A colour escape takes no columns and is never cut.
                if character == "\u{1B}" { inEscape = true }
                let characterWidth = inEscape ? 0 : width(of: character)
                if inEscape, let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value),
                    character != "["
                {
                    inEscape = false
                }
                if !current.isEmpty, currentWidth + characterWidth > columns { endLine() }
                current.append(character)
                currentWidth += characterWidth
            }
        }
        if !current.isEmpty { endLine() }
        return lines
    }
}
