import Platform

/// Why a document is not JSON, and where.
struct JSONSyntaxError: Error, Equatable {
    let offset: Int
    let reason: String
}

/// Reads a JSON document (RFC 8259) forward from its bytes, building only what the caller asks for: a member
/// or element the caller does not want is checked and passed over, never turned into a value. The feed
/// decoder reads a 10 MB feed this way in a fraction of the time and memory of a parsed tree.
///
/// Lenient only where a strict reader would throw away a whole feed for one character: bytes in a string
/// that are not UTF-8, and `\u` escapes naming half a surrogate pair, become U+FFFD. Nesting deeper than
/// `maximumDepth` is an error, so no document can exhaust the stack.
///
/// It reads `bytes` in place: use it only within the `withUnsafeBytes` call that gave them. Given `more`, it
/// reads a document as it arrives (a file read a stretch at a time), asking for more only at the end of what
/// it has.
struct JSONByteReader {
    /// More of the document: called with the length wanted, it gives all of the document there is so far, at
    /// the same address and longer, and shorter than wanted only where the document ends.
    typealias MoreBytes = (_ wanted: Int) -> UnsafeRawBufferPointer

    static let maximumDepth = 512

    enum Kind: Equatable {
        case object, array, string, number, boolean, null
    }

    /// A scalar as read, or the kind of a container that was passed over. A string says whether it is all
    /// printable ASCII (nearly every field), which spares its reader a pass over it.
    enum Scalar: Equatable {
        case string(String, isPrintableASCII: Bool)
        case number(Double)
        case boolean(Bool)
        case null
        case container(Kind)
    }

    /// A member's name: its bytes in the document, or decoded when it held escapes.
    struct MemberName {
        fileprivate enum Storage {
            case inPlace(UnsafeRawBufferPointer)
            case decoded([UInt8])
        }
        fileprivate let storage: Storage
        /// No byte below 0x20 or above 0x7E.
        let isPrintableASCII: Bool

        func `is`(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            switch storage {
            case .inPlace(let bytes):
                return bytes.count == count
                    && (count == 0 || ByteSearch.equal(bytes.baseAddress!, literal.utf8Start, count: count))
            case .decoded(let bytes):
                return bytes.elementsEqual(UnsafeRawBufferPointer(start: literal.utf8Start, count: count))
            }
        }

        var string: String {
            switch storage {
            case .inPlace(let bytes): String(decoding: bytes, as: UTF8.self)
            case .decoded(let bytes): String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    /// The document so far.
    private var bytes: UnsafeRawBufferPointer
    private let more: MoreBytes?
    private(set) var offset = 0
    private var depth = 0

    init(_ bytes: UnsafeRawBufferPointer, more: MoreBytes? = nil) {
        self.bytes = bytes
        self.more = more
        // A UTF-8 byte order mark is let pass, as Foundation's own reader lets it.
        if has(3), self.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// Whether the document is at least `length` bytes long, asking for more of it when it may be.
    @inline(__always)
    private mutating func has(_ length: Int) -> Bool {
        length <= bytes.count || grows(to: length)
    }

    private mutating func grows(to length: Int) -> Bool {
        guard let more else { return false }
        bytes = more(length)
        return length <= bytes.count
    }

    /// The offset of the next `byte` from `start` on, reading more of the document until it comes.
    private mutating func find(_ byte: UInt8, from start: Int) -> Int? {
        var searched = start
        while true {
            if searched < bytes.count,
                let found = ByteSearch.offset(
                    of: byte, in: bytes.baseAddress! + searched, count: bytes.count - searched)
            {
                return searched + found
            }
            searched = max(searched, bytes.count)
            guard grows(to: searched + 1) else { return nil }
        }
    }

    // MARK: - Structure

    var isAtEnd: Bool {
        mutating get {
            skipWhitespace()
            return !has(offset + 1)
        }
    }

    /// The kind of the value that comes next.
    mutating func nextKind() throws(JSONSyntaxError) -> Kind {
        skipWhitespace()
        guard has(offset + 1) else { throw failure("the document ends where a value should be") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        default: throw failure("no value starts with this byte")
        }
    }

    /// Only whitespace may follow the value just read.
    mutating func expectEnd() throws(JSONSyntaxError) {
        guard isAtEnd else { throw failure("something follows the document's value") }
    }

    /// Calls `member` once per member, in order, with the reader at the member's value: `member` must read or
    /// skip exactly that value.
    mutating func readObject(
        _ member: (inout JSONByteReader, MemberName) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try enter(UInt8(ascii: "{"))
        if try !consume(UInt8(ascii: "}")) {
            repeat {
                skipWhitespace()
                guard has(offset + 1), bytes[offset] == UInt8(ascii: "\"") else {
                    throw failure("a member's name should be a string")
                }
                let name = try readStringToken()
                guard try consume(UInt8(ascii: ":")) else { throw failure("a member's name should be followed by :") }
                try member(&self, name)
            } while try separator(closing: UInt8(ascii: "}"))
        }
        depth -= 1
    }

    /// Calls `element` once per element, in order, with the reader at the element.
    mutating func readArray(_ element: (inout JSONByteReader) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try enter(UInt8(ascii: "["))
        if try !consume(UInt8(ascii: "]")) {
            repeat {
                try element(&self)
            } while try separator(closing: UInt8(ascii: "]"))
        }
        depth -= 1
    }

    /// Checks the next value and passes over it.
    mutating func skipValue() throws(JSONSyntaxError) {
        switch try nextKind() {
        case .object: try readObject { reader, _ throws(JSONSyntaxError) in try reader.skipValue() }
        case .array: try readArray { reader throws(JSONSyntaxError) in try reader.skipValue() }
        case .string: try skipString()
        case .number: _ = try numberText()
        case .boolean, .null: _ = try readLiteral()
        }
    }

    /// The next value if it is a scalar; a container is passed over and only its kind given.
    mutating func readScalar() throws(JSONSyntaxError) -> Scalar {
        switch try nextKind() {
        case .object, .array:
            let kind = try nextKind()
            try skipValue()
            return .container(kind)
        case .string:
            let name = try readStringToken()
            return .string(name.string, isPrintableASCII: name.isPrintableASCII)
        case .number: return .number(try readNumber())
        case .boolean, .null: return try readLiteral()
        }
    }

    /// A JSON number as a Double: ±infinity past Double's range.
    mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let (text, isSmallInteger) = try numberText()
        if isSmallInteger {
            var value = 0
            var negative = false
            for byte in text {
                if byte == UInt8(ascii: "-") { negative = true } else { value = value * 10 + Int(byte &- 0x30) }
            }
            return Double(negative ? -value : value)
        }
        // The grammar is checked already; Swift's own conversion reads it the same in any locale (strtod
        // would follow LC_NUMERIC) and gives ±infinity past Double's range.
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    // MARK: - Pieces

    private func failure(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, reason: reason)
    }

    private mutating func skipWhitespace() {
        while has(offset + 1) {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    private mutating func enter(_ opening: UInt8) throws(JSONSyntaxError) {
        skipWhitespace()
        guard has(offset + 1), bytes[offset] == opening else { throw failure("expected a container here") }
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw failure("it nests deeper than \(Self.maximumDepth) levels")
        }
        offset += 1
    }

    /// Steps past `byte` if it comes next (after whitespace).
    private mutating func consume(_ byte: UInt8) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard has(offset + 1) else { throw failure("the document ends inside a value") }
        guard bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    /// After a member or element: true for a comma (another follows), false for the container's end. A comma
    /// just before the end is let pass, as Foundation's own reader lets it.
    private mutating func separator(closing: UInt8) throws(JSONSyntaxError) -> Bool {
        if try consume(UInt8(ascii: ",")) { return try !consume(closing) }
        if try consume(closing) { return false }
        throw failure("expected , or the end of the container")
    }

    private mutating func readLiteral() throws(JSONSyntaxError) -> Scalar {
        for (literal, scalar) in [("true", Scalar.boolean(true)), ("false", .boolean(false)), ("null", .null)] {
            let utf8 = literal.utf8
            if has(offset + utf8.count),
                bytes[offset..<(offset + utf8.count)].elementsEqual(utf8)
            {
                offset += utf8.count
                return scalar
            }
        }
        throw failure("not true, false or null")
    }

    /// The number's bytes, checked against JSON's grammar; whether it is a plain integer of at most 15 digits
    /// (exact in a Double and in an Int, so it needs no general conversion).
    private mutating func numberText() throws(JSONSyntaxError) -> (UnsafeRawBufferPointer.SubSequence, Bool) {
        skipWhitespace()
        let start = offset
        if has(offset + 1), bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        guard has(offset + 1), isDigit(bytes[offset]) else { throw failure("a number needs a digit") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
        } else {
            skipDigits()
        }
        let integerDigits = offset - integerStart
        var isInteger = true
        if has(offset + 1), bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard has(offset + 1), isDigit(bytes[offset]) else { throw failure("a fraction needs a digit") }
            skipDigits()
            isInteger = false
        }
        if has(offset + 1), bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if has(offset + 1), bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard has(offset + 1), isDigit(bytes[offset]) else { throw failure("an exponent needs a digit") }
            skipDigits()
            isInteger = false
        }
        return (bytes[start..<offset], isInteger && integerDigits <= 15)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while has(offset + 1), isDigit(bytes[offset]) { offset += 1 }
    }

    /// Strings are found with memchr (`ByteSearch`) and checked with a min/max pass the compiler vectorises: a feed is
    /// mostly string bytes.
    private mutating func plainSpan() throws(JSONSyntaxError) -> (span: UnsafeRawBufferPointer, escapeAt: Int?) {
        offset += 1  // the opening quote
        let start = offset
        guard let end = find(UInt8(ascii: "\""), from: start) else { throw failure("a string is not closed") }
        let span = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        if let backslash = ByteSearch.offset(
            of: UInt8(ascii: "\\"), in: bytes.baseAddress! + start, count: end - start)
        {
            let escapeAt = start + backslash
            // What comes before the first escape is checked here; the rest as it is read.
            guard Self.extremes(UnsafeRawBufferPointer(rebasing: bytes[start..<escapeAt])).smallest >= 0x20 else {
                throw failure("a string holds a control character")
            }
            return (span, escapeAt)
        }
        offset = end + 1
        return (span, nil)
    }

    /// The smallest and largest byte.
    private static func extremes(_ bytes: UnsafeRawBufferPointer) -> (smallest: UInt8, largest: UInt8) {
        var smallest: UInt8 = 0xFF
        var largest: UInt8 = 0
        for byte in bytes {
            smallest = min(smallest, byte)
            largest = max(largest, byte)
        }
        return (smallest, largest)
    }

    private mutating func skipString() throws(JSONSyntaxError) {
        let (span, escapeAt) = try plainSpan()
        if let escapeAt {
            offset = escapeAt
            return try skipEscapedString()
        }
        guard Self.extremes(span).smallest >= 0x20 else { throw failure("a string holds a control character") }
    }

    /// The rest of a string that holds escapes, checked but not decoded: from one escape to the next with
    /// memchr, the text between checked for control characters in one pass. The next quote is looked for again
    /// only once an escape (`\"`) has passed it: looking for it after every escape read the rest of the string
    /// once per escape, and 700,000 escapes took 36 s.
    private mutating func skipEscapedString() throws(JSONSyntaxError) {
        var quoteOffset = -1
        while has(offset + 1) {
            if quoteOffset < offset {
                guard let quote = find(UInt8(ascii: "\""), from: offset) else { break }
                quoteOffset = quote
            }
            let backslashOffset = ByteSearch.offset(
                of: UInt8(ascii: "\\"), in: bytes.baseAddress! + offset, count: quoteOffset - offset
            ).map { offset + $0 }
            let plainEnd = backslashOffset ?? quoteOffset
            guard Self.extremes(UnsafeRawBufferPointer(rebasing: bytes[offset..<plainEnd])).smallest >= 0x20 else {
                throw failure("a string holds a control character")
            }
            offset = plainEnd
            guard backslashOffset != nil else {
                offset += 1  // the closing quote
                return
            }
            guard has(offset + 2) else { throw failure("a string ends inside an escape") }
            let letter = bytes[offset + 1]
            offset += 2
            if Self.simpleEscape(letter) == nil {
                guard letter == UInt8(ascii: "u") else { throw failure("a string holds an unknown escape") }
                _ = try hexUnit()
            }
        }
        throw failure("a string is not closed")
    }

    /// The string at `offset`, a member's name or a value: in place when it holds no escapes (nearly always),
    /// else decoded.
    private mutating func readStringToken() throws(JSONSyntaxError) -> MemberName {
        let start = offset + 1
        let (span, escapeAt) = try plainSpan()
        if let escapeAt {
            offset = escapeAt
            let decoded = try readEscapedString(from: start)
            let (smallest, largest) = decoded.withUnsafeBytes { Self.extremes($0) }
            return MemberName(storage: .decoded(decoded), isPrintableASCII: smallest >= 0x20 && largest < 0x7F)
        }
        let (smallest, largest) = Self.extremes(span)
        guard smallest >= 0x20 else { throw failure("a string holds a control character") }
        return MemberName(storage: .inPlace(span), isPrintableASCII: largest < 0x7F)
    }

    /// The rest of a string that holds escapes, from `start`, as UTF-8.
    private mutating func readEscapedString(from start: Int) throws(JSONSyntaxError) -> [UInt8] {
        var decoded = [UInt8](bytes[start..<offset])
        while has(offset + 1) {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return decoded
            case UInt8(ascii: "\\"):
                try readEscape(into: &decoded)
            case ..<0x20:
                throw failure("a string holds a control character")
            default:
                decoded.append(byte)
                offset += 1
            }
        }
        throw failure("a string is not closed")
    }

    private mutating func readEscape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        guard has(offset + 2) else { throw failure("a string ends inside an escape") }
        let letter = bytes[offset + 1]
        offset += 2
        if let byte = Self.simpleEscape(letter) {
            decoded.append(byte)
            return
        }
        guard letter == UInt8(ascii: "u") else { throw failure("a string holds an unknown escape") }
        let unit = try hexUnit()
        var scalar = Unicode.Scalar(unit)
        if (0xD800...0xDBFF).contains(unit), has(offset + 6), bytes[offset] == UInt8(ascii: "\\"),
            bytes[offset + 1] == UInt8(ascii: "u")
        {
            let mark = offset
            offset += 2
            let low = try hexUnit()
            if (0xDC00...0xDFFF).contains(low) {
                scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
            } else {
                offset = mark  // not a pair: the next escape stands on its own
            }
        }
        decoded.append(contentsOf: UTF8.encode(scalar ?? "\u{FFFD}")!)
    }

    /// The byte a one-letter escape (`\n`, `\"`…) stands for; nil for `u` and for letters JSON has no escape for.
    private static func simpleEscape(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    private mutating func hexUnit() throws(JSONSyntaxError) -> UInt16 {
        guard has(offset + 4) else { throw failure("a \\u escape needs four hex digits") }
        var value: UInt16 = 0
        for byte in bytes[offset..<(offset + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt16(digit)
        }
        offset += 4
        return value
    }
}

extension JSONByteReader {
    /// The member `name` of the object here, read by `body`; other members, or a value that is no object,
    /// passed over.
    mutating func readMember(
        _ name: StaticString, _ body: (inout JSONByteReader) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        guard try nextKind() == .object else { return try skipValue() }
        try readObject { reader, member throws(JSONSyntaxError) in
            if member.is(name) { try body(&reader) } else { try reader.skipValue() }
        }
    }

    /// Each element of the array here, read by `body`; a value that is no array passed over.
    mutating func readElements(_ body: (inout JSONByteReader) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        guard try nextKind() == .array else { return try skipValue() }
        try readArray { reader throws(JSONSyntaxError) in try body(&reader) }
    }
}

extension JSONByteReader {
    /// Each member called `name` of the document's top-level object, as its bytes. JSON does not forbid a name
    /// twice, and a decoder keeps one of them: a file that holds one twice is damaged, never to be read as the
    /// first alone. Empty for a document that names it at most once, or that does not parse.
    static func topLevelMembers(named name: String, in data: Data) -> [Data] {
        // A file this app writes names it once: only a second mention is worth a second parse.
        let quoted = Data("\"\(name)\"".utf8)
        guard let first = data.firstRange(of: quoted), data[first.upperBound...].firstRange(of: quoted) != nil else {
            return []
        }
        return data.withUnsafeBytes { bytes in
            var reader = JSONByteReader(bytes)
            var copies: [Data] = []
            do {
                guard try reader.nextKind() == .object else { return [] }
                try reader.readObject { reader, member throws(JSONSyntaxError) in
                    guard member.string == name else { return try reader.skipValue() }
                    _ = try reader.nextKind()
                    let start = reader.offset
                    try reader.skipValue()
                    copies.append(Data(bytes[start..<reader.offset]))
                }
            } catch {
                return []
            }
            return copies
        }
    }
}

extension JSONByteReader {
    /// The elements of the array in the document's top-level member `name`, as their bytes, each whole, up to
    /// where the document stops being JSON: what a file cut short, or damaged part way, still holds. Empty when
    /// the document is no object or goes wrong before the first element ends.
    static func elementsBeforeDamage(ofMember name: String, in data: Data) -> [Data] {
        data.withUnsafeBytes { bytes in
            var reader = JSONByteReader(bytes)
            var elements: [Data] = []
            var isRead = false
            do {
                guard try reader.nextKind() == .object else { return [] }
                try reader.readObject { reader, member throws(JSONSyntaxError) in
                    guard member.string == name, !isRead else { return try reader.skipValue() }
                    isRead = true
                    try reader.readElements { reader throws(JSONSyntaxError) in
                        _ = try reader.nextKind()
                        let start = reader.offset
                        try reader.skipValue()
                        elements.append(Data(bytes[start..<reader.offset]))
                    }
                }
            } catch {
                // Where it goes wrong, the elements read before it are what there is.
            }
            return elements
        }
    }
}
