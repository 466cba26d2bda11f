#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension StringProtocol {
    /// Without spaces and tabs at either end (any Unicode space: a no-break space pasted from a web page too).
    public func trimmingSpaces() -> String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// Without white space, line breaks included, at either end.
    public func trimmingWhitespace() -> String {
        trimming { $0.properties.isWhitespace }
    }

    private func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }
}

/// Numbers as C's `printf` writes them (`%.2f`, `%02d`): the same digits and rounding on every platform, in
/// the C locale whatever the user's.
public enum CFormat {
    public static func string(_ format: String, _ arguments: any CVarArg...) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        let count = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        guard count >= 0 else { return "" }
        if Int(count) >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
            _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
