import Core
import Foundation

/// A race's start as the sheet shows it (`Sat 2 Mar 18:30:00 AEDT`), the zone named as people there name it
/// (`ZoneAbbreviation`). One formatter per time zone for the life of the process: making one builds an ICU
/// formatter, which cost more than the rest of `show`.
@MainActor
enum StartTimeFormatter {
    private static var formatters: [TimeZone: DateFormatter] = [:]

    static func string(from date: Date, in timeZone: TimeZone) -> String {
        let formatter = formatters[timeZone] ?? make(timeZone)
        guard let zone = ZoneAbbreviation.name(of: timeZone, at: date) else { return formatter.string(from: date) }
        // The formatter's own zone name is the last word.
        let text = formatter.string(from: date)
        return text[..<(text.lastIndex(of: " ") ?? text.endIndex)] + " " + zone
    }

    private static func make(_ timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE d MMM HH:mm:ss zzz"
        formatters[timeZone] = formatter
        return formatter
    }
}
