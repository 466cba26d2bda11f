import Platform

#if !canImport(Darwin)
    @_spi(_Unicode) import Swift
#endif

/// Text with accents, width and (on request) case set aside, as search and plain-ASCII output need it: `Mérignac`
/// is `merignac`, a full-width `Ｒ５` is `R5` (as Foundation's `folding(options:locale:)` had them). Worked out from the standard library's own Unicode tables, so no
/// Unicode library is linked for it.
public enum TextFolding {
    public static func folded(_ text: String, caseInsensitive: Bool = false) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return caseInsensitive ? text.lowercased() : text }
        var scalars = String.UnicodeScalarView()
        for character in text {
            appendFolded(character, to: &scalars)
        }
        let folded = String(scalars)
        return caseInsensitive ? caseFolded(folded) : folded
    }

    /// How `lhs` sorts against `rhs` with case set aside (`Ascot` before `bendigo`, `ascot` the same as `Ascot`):
    /// negative, zero or positive. With `numeric`, runs of digits compare by their value (`a9` before `a10`).
    public static func compareIgnoringCase(_ lhs: String, _ rhs: String, numeric: Bool = false) -> Int {
        guard lhs.utf8.allSatisfy({ $0 < 0x80 }), rhs.utf8.allSatisfy({ $0 < 0x80 }) else {
            let (left, right) = (lhs.lowercased(), rhs.lowercased())
            return left == right ? 0 : left < right ? -1 : 1
        }
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var (i, j) = (0, 0)
        while i < left.count, j < right.count {
            if numeric, isDigit(left[i]), isDigit(right[j]) {
                let (leftEnd, rightEnd) = (digitsEnd(left, from: i), digitsEnd(right, from: j))
                let leftDigits = left[i..<leftEnd].drop { $0 == 0x30 }
                let rightDigits = right[j..<rightEnd].drop { $0 == 0x30 }
                if leftDigits.count != rightDigits.count { return leftDigits.count < rightDigits.count ? -1 : 1 }
                for (a, b) in zip(leftDigits, rightDigits) where a != b { return a < b ? -1 : 1 }
                (i, j) = (leftEnd, rightEnd)
                continue
            }
            let (a, b) = (asciiLowercase(left[i]), asciiLowercase(right[j]))
            if a != b { return a < b ? -1 : 1 }
            (i, j) = (i + 1, j + 1)
        }
        let (leftLeft, rightLeft) = (left.count - i, right.count - j)
        return leftLeft == rightLeft ? 0 : leftLeft < rightLeft ? -1 : 1
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func digitsEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        return end
    }

    /// Whether the two are the same text but for case.
    public static func equalIgnoringCase(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        lhs.lowercased() == rhs.lowercased()
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// A character without its accents (its canonical decomposition less the marks on it); a full-width or
    /// half-width form as its ordinary one. A character that loses nothing stays as it was (a Hangul syllable is
    /// not spelled out in jamo).
    private static func appendFolded(_ character: Character, to scalars: inout String.UnicodeScalarView) {
        if character.unicodeScalars.count == 1, let width = widthFolded(character.unicodeScalars.first!) {
            scalars.append(width)
            return
        }
        #if !canImport(Darwin)
            let decomposed = Array(String(character)._nfd)
        #else
            // Apple's Foundation is linked there anyway; the standard library's decomposition is not public.
            let decomposed = Array(String(character).decomposedStringWithCanonicalMapping.unicodeScalars)
        #endif
        let base = decomposed.filter { $0.properties.generalCategory != .nonspacingMark }
        if base.count == decomposed.count || base.isEmpty {
            scalars.append(contentsOf: character.unicodeScalars)
        } else {
            scalars.append(contentsOf: base.map { widthFolded($0) ?? $0 })
        }
    }

    /// Full-width ASCII (U+FF01-FF5E) as itself.
    private static func widthFolded(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0xFF01...0xFF5E: Unicode.Scalar(scalar.value - 0xFF01 + 0x21)
        default: nil
        }
    }

    /// Lower case, and the letters whose case folding is longer than themselves spelt out (`Straße` is found
    /// by `strasse`), as search compares them.
    private static func caseFolded(_ text: String) -> String {
        let lower = text.lowercased()
        guard lower.unicodeScalars.contains(where: { expansions[$0] != nil }) else { return lower }
        var scalars = String.UnicodeScalarView()
        for scalar in lower.unicodeScalars {
            if let expansion = expansions[scalar] {
                scalars.append(contentsOf: expansion.unicodeScalars)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    private static let expansions: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "\u{FB00}": "ff", "\u{FB01}": "fi", "\u{FB02}": "fl", "\u{FB03}": "ffi",
        "\u{FB04}": "ffl", "\u{FB05}": "st", "\u{FB06}": "st",
    ]
}
