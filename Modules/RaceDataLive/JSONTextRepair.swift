import Foundation
import RaceData

/// Mends the two flaws that make a strict JSON parser reject a whole document for one bad character: bytes
/// that are not UTF-8, and `\u` escapes naming half of a surrogate pair. Both become U+FFFD, so one broken
/// field in one race no longer costs every race in the feed. Anything else is left exactly as it was.
enum JSONTextRepair {
    /// The mended document, or nil when there was nothing of these two kinds to mend.
    static func repaired(_ data: Data) -> Data? {
        let text = String(decoding: data, as: UTF8.self)
        var utf8 = Array(text.utf8)
        let hadInvalidUTF8 = utf8.count != data.count || !utf8.elementsEqual(data)
        let hadLoneSurrogates = replaceLoneSurrogateEscapes(in: &utf8)
        guard hadInvalidUTF8 || hadLoneSurrogates else { return nil }
        return Data(utf8)
    }

    private static let replacement = Array("\\uFFFD".utf8)

    /// Rewrites `\uD800`–`\uDFFF` escapes that are not a high half followed by a low half. Walks the text
    /// once, skipping every other escape whole, so `\\uD800` (an escaped backslash, then text) is left alone.
    private static func replaceLoneSurrogateEscapes(in bytes: inout [UInt8]) -> Bool {
        var changed = false
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "u"), let unit = hexUnit(bytes, at: index + 2) else {
                index += 2
                continue
            }
            switch unit {
            case 0xD800...0xDBFF:
                if index + 11 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                    bytes[index + 7] == UInt8(ascii: "u"), let low = hexUnit(bytes, at: index + 8),
                    (0xDC00...0xDFFF).contains(low)
                {
                    index += 12
                } else {
                    bytes.replaceSubrange(index..<(index + 6), with: replacement)
                    changed = true
                    index += 6
                }
            case 0xDC00...0xDFFF:
                bytes.replaceSubrange(index..<(index + 6), with: replacement)
                changed = true
                index += 6
            default:
                index += 6
            }
        }
        return changed
    }

    private static func hexUnit(_ bytes: [UInt8], at start: Int) -> UInt16? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[start..<(start + 4)] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
