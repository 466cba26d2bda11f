import Foundation

/// A race's start as the sheet shows it (`Sat 2 Mar 18:30:00 AEDT`). One formatter per time zone for the
/// life of the process: making one builds an ICU formatter, which cost more than the rest of `show`.
@MainActor
enum StartTimeFormatter {
    private static var formatters: [TimeZone: DateFormatter] = [:]

    static func string(from date: Date, in timeZone: TimeZone) -> String {
        if let formatter = formatters[timeZone] { return formatter.string(from: date) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE d MMM HH:mm:ss zzz"
        formatters[timeZone] = formatter
        return formatter.string(from: date)
    }
}
