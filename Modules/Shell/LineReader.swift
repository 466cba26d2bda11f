import SystemCalls

/// Lines from a file descriptor, in batches of what one read(2) brought: a script piped in arrives in a few
/// reads, not a wake-up per line. Line breaks are `\n` or `\r\n`; bytes that are not UTF-8 are replaced; a
/// last line without a break still counts. A line longer than `maximumLineBytes` is cut there (the rest, up
/// to its break, is dropped), so no input can make the shell hold gigabytes.
public struct LineReader {
    public static let maximumLineBytes = 1 << 20

    private let descriptor: Int32
    private var partial: [UInt8] = []
    private var discardingRestOfLine = false
    private var atEnd = false

    public init(descriptor: Int32 = FileDescriptorIO.standardInput) {
        self.descriptor = descriptor
    }

    /// The next lines (at least one), or nil once the input has ended. Blocks until a read brings a line.
    public mutating func nextBatch() -> [String]? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !atEnd {
            let outcome = buffer.withUnsafeMutableBytes { FileDescriptorIO.readOnce(descriptor, into: $0) }
            if outcome == .interrupted { continue }
            guard case .bytes(let count) = outcome else {
                atEnd = true
                break
            }
            let lines = split(buffer[..<count])
            if !lines.isEmpty { return lines }
        }
        guard !partial.isEmpty else { return nil }
        defer { partial = [] }
        return [Self.text(partial)]
    }

    private mutating func split(_ bytes: ArraySlice<UInt8>) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if !discardingRestOfLine || !partial.isEmpty { lines.append(Self.text(partial)) }
                partial.removeAll(keepingCapacity: true)
                discardingRestOfLine = false
            } else if partial.count < Self.maximumLineBytes {
                if !discardingRestOfLine { partial.append(byte) }
            } else {
                lines.append(Self.text(partial))
                partial.removeAll(keepingCapacity: true)
                discardingRestOfLine = true
            }
        }
        return lines
    }

    private static func text(_ bytes: [UInt8]) -> String {
        let line = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
        return String(decoding: line, as: UTF8.self)
    }
}
