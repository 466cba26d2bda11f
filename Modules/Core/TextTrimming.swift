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
