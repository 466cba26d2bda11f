import Core

/// `null` in a JSON document built of `[String: Any]` (Foundation's `NSNull` is not in every Foundation).
public struct JSONNull: Sendable, Equatable {
    public init() {}
}

/// JSON text of documents built of dictionaries, arrays, strings, integers, doubles, booleans and `JSONNull`:
/// compact, keys sorted (case set aside, then as written) so the bytes are stable, slashes and non-ASCII text as
/// they are, C0 controls escaped.
public enum JSONText {
    /// The document; nil if it holds a value JSON has no form for (a number that is not finite, a type not
    /// listed above).
    public static func text(of value: Any) -> String? {
        var text = ""
        return append(value, to: &text) ? text : nil
    }

    private static func append(_ value: Any, to text: inout String) -> Bool {
        switch value {
        case let string as String: appendString(string, to: &text)
        case let bool as Bool: text += bool ? "true" : "false"
        case let integer as any BinaryInteger: text += String(describing: integer)
        case let double as Double:
            guard double.isFinite else { return false }
            var number = double.description
            if number.hasSuffix(".0") { number.removeLast(2) }
            text += number
        case is JSONNull: text += "null"
        case let object as [String: Any]:
            text += "{"
            for (index, key) in object.keys.sorted(by: isKeyOrderedBefore).enumerated() {
                if index > 0 { text += "," }
                appendString(key, to: &text)
                text += ":"
                guard append(object[key]!, to: &text) else { return false }
            }
            text += "}"
        case let array as [Any]:
            text += "["
            for (index, element) in array.enumerated() {
                if index > 0 { text += "," }
                guard append(element, to: &text) else { return false }
            }
            text += "]"
        default: return false
        }
        return true
    }

    private static func isKeyOrderedBefore(_ lhs: String, _ rhs: String) -> Bool {
        let order = TextFolding.compareIgnoringCase(lhs, rhs, numeric: true)
        return order != 0 ? order < 0 : lhs < rhs
    }

    private static func appendString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{8}": text += "\\b"
            case "\u{C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
