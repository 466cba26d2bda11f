import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numbers as C's `printf` writes them (`%.2f`, `%02d`): the same digits and rounding on every platform, in
/// the C locale whatever the user's.
public enum CFormat {
    /// `07`: a number of a clock or a date, at least two digits.
    public static func twoDigits(_ value: some BinaryInteger) -> String {
        value >= 0 && value < 10 ? "0\(value)" : "\(value)"
    }

    /// "5.00": a price as books print it, two decimals whatever the locale.
    public static func price(_ value: Double) -> String {
        // Boards print the same few prices at every draw, a script's thousands of times, and a `printf` through
        // `CVarArg` costs more than the rest of a row: each text is made once.
        // Not a number is never equal to itself, and -0 is 0 as a key but prints `-0.00`: those are made each time.
        guard value.isFinite, value != 0 else { return string("%.2f", value) }
        if let known = prices.withLock({ $0[value] }) { return known }
        let text = string("%.2f", value)
        prices.withLock { $0.set(text, forKey: value, keepingAtMost: maximumPrices) }
        return text
    }

    private static let prices = Mutex<[Double: String]>([:])
    /// Prices are on a ladder of a few hundred steps; a bound all the same.
    private static let maximumPrices = 4_096

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
