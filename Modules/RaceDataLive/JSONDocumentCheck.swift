import Platform

/// Whether bytes are JSON, checked as `JSONByteReader` reads them, without building a value: how the HTTP client
/// tells a JSON answer labelled otherwise (a plain file server's `application/octet-stream`) from a page it
/// refuses, whatever the label says.
public enum JSONDocumentCheck {
    /// One JSON document and nothing after it.
    public static func isDocument(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var reader = JSONByteReader(bytes)
            do {
                try reader.skipValue()
                try reader.expectEnd()
                return true
            } catch {
                return false
            }
        }
    }

    /// Whether a document can begin with these bytes, so far as they go: an answer's first bytes tell a page
    /// (`<!DOCTYPE html>`) at once. Nil while they are only whitespace.
    public static func mayBegin(with bytes: UnsafeRawBufferPointer) -> Bool? {
        guard let first = bytes.first(where: { !isWhitespace($0) }) else { return nil }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        // A UTF-8 byte order mark's first byte: the reader lets the mark pass.
        case 0xEF: return true
        default: return false
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
