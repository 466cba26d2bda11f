import Core
import Files
import Platform

/// The settings file's text, line by line, as the app reads it at start and `save` rewrites it: `key = value`,
/// `#` comments on their own line or after a value and a space, lines ending in \n, \r\n (a file from Windows)
/// or \r, tabs as spaces, a byte-order mark allowed. Parsed on bytes, with each line's place kept, so a rewrite
/// changes a value's bytes and nothing else (a comment in another encoding survives).
public struct SettingsText: Sendable {
    public struct Line: Sendable {
        /// From 1, for messages.
        public let number: Int
        /// The line's bytes in the text, without its ending.
        public let content: Range<Int>
        /// Its ending: "\n", "\r\n", "\r", or none at the very end.
        public let ending: Range<Int>
        public let meaning: Meaning
    }

    public enum Meaning: Sendable, Equatable {
        /// Blank, or a comment.
        case nothing
        /// `key = value`; the key in lower case, `valueBytes` where the value stands (empty after `key =`).
        case entry(key: String, value: String, valueBytes: Range<Int>)
        /// Not `key = value`, or with control characters in it.
        case malformed
    }

    public let bytes: [UInt8]
    public let lines: [Line]
    /// A byte-order mark's three bytes start the text.
    public let startsWithByteOrderMark: Bool

    public static let fileName = "config"
    public static let maximumBytes = 64 * 1024

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        startsWithByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        var lines: [Line] = []
        var start = startsWithByteOrderMark ? 3 : 0
        var index = start
        while start < bytes.count {
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            var end = index
            if end < bytes.count {
                end += bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A ? 2 : 1
            }
            lines.append(
                Line(
                    number: lines.count + 1, content: start..<index, ending: index..<end,
                    meaning: Self.meaning(of: bytes, start..<index)))
            start = end
            index = end
        }
        self.lines = lines
    }

    /// Why a settings file is not read: "PATH is not a regular file", for the caller to say what it does about it.
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The file at `path` as settings text (nil when there is none), read as input: a folder, a FIFO, a huge file
    /// is refused, never waited on. Messages name it `shownAs`.
    public static func read(_ path: String, shownAs shown: String) throws(Unreadable) -> SettingsText? {
        do {
            return SettingsText(Array(try RegularFile.read(path, maximumBytes: maximumBytes)))
        } catch {
            switch error {
            case .missing: return nil
            case .notRegular: throw Unreadable(description: "\(shown) is not a regular file")
            case .tooLarge:
                throw Unreadable(
                    description: "\(shown) is larger than \(maximumBytes / 1024) KB, far more than settings take")
            case .unreadable(let reason): throw Unreadable(description: "\(shown) could not be read (\(reason))")
            }
        }
    }

    /// The variable that stands for a key (`NEXT_TO_GO_COUNT`).
    public static func variable(for key: String) -> String { "NEXT_TO_GO_" + key.uppercased() }

    /// The settings file: `$XDG_CONFIG_HOME/next-to-go/config`, else `~/.config/next-to-go/config`.
    public static func file(environment: [String: String]) -> URL {
        XDGDirectory.resolve("XDG_CONFIG_HOME", homeFallback: ".config", environment: environment)
            .appendingPathComponent(fileName)
    }

    /// The ending new lines take: the file's own first one, else "\n".
    public var lineEnding: [UInt8] {
        guard let ending = lines.first(where: { !$0.ending.isEmpty })?.ending else { return [0x0A] }
        return Array(bytes[ending])
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func meaning(of bytes: [UInt8], _ range: Range<Int>) -> Meaning {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end, bytes[start] != UInt8(ascii: "#") else { return .nothing }
        guard let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")),
            !bytes[start..<end].contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F })
        else { return .malformed }
        var keyEnd = equals
        while keyEnd > start, isSpace(bytes[keyEnd - 1]) { keyEnd -= 1 }
        var valueStart = equals + 1
        while valueStart < end, isSpace(bytes[valueStart]) { valueStart += 1 }
        // A comment may follow the value, after a space: `count = 10  # a longer board`, or stand for it:
        // `filter = # none yet`.
        var valueEnd = valueStart
        let startsWithComment = valueStart > equals + 1 && valueStart < end && bytes[valueStart] == UInt8(ascii: "#")
        while !startsWithComment, valueEnd < end,
            !(isSpace(bytes[valueEnd]) && bytes[valueEnd + 1..<end].first == UInt8(ascii: "#"))
        {
            valueEnd += 1
        }
        while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
        return .entry(
            key: String(decoding: bytes[start..<keyEnd], as: UTF8.self).lowercased(),
            value: String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
                .replacing("\t", with: " "),
            valueBytes: valueStart..<valueEnd)
    }

    /// The text with each of these keys set: every line of the key gets the new value in place (its spacing and
    /// comment kept), keys on no line are added at the end; every other byte stays as it was.
    public func setting(_ entries: [(key: String, value: String)]) -> [UInt8] {
        var replacements: [(range: Range<Int>, value: String)] = []
        var added: [(key: String, value: String)] = []
        for (key, value) in entries {
            let places = lines.compactMap { line -> Range<Int>? in
                guard case .entry(key, _, let valueBytes) = line.meaning else { return nil }
                return valueBytes
            }
            if places.isEmpty { added.append((key, value)) }
            for place in places {
                // `key =` with nothing after it: the value goes after a space, not against the `=`; before a
                // comment (`key = # note`), a space keeps the comment one.
                let spaced = place.isEmpty && bytes[place.lowerBound - 1] == UInt8(ascii: "=")
                let beforeComment = place.isEmpty && bytes[place.upperBound...].first == UInt8(ascii: "#")
                replacements.append((place, (spaced ? " " : "") + value + (beforeComment ? " " : "")))
            }
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        var copied = 0
        for (range, value) in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            result += bytes[copied..<range.lowerBound]
            result += Array(value.utf8)
            copied = range.upperBound
        }
        result += bytes[copied...]
        guard !added.isEmpty else { return result }
        if result.count == (startsWithByteOrderMark ? 3 : 0) {
            result += Array("# next-to-go settings: key = value, a line each (`next-to-go --help` lists the keys)".utf8)
            result += lineEnding
        } else if let last = result.last, last != 0x0A, last != 0x0D {
            result += lineEnding
        }
        for (key, value) in added {
            result += Array("\(key) = \(value)".utf8) + lineEnding
        }
        return result
    }
}
