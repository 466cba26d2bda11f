/// Dates as day counts of the proleptic Gregorian calendar, and the `29/12/2024` dates race cards write: the one
/// place both directions of that arithmetic live (Howard Hinnant's `days_from_civil` and `civil_from_days`).
public enum CalendarDays {
    /// Days from 1970-01-01 to the date.
    public static func since1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Year, month and day of a count of days since 1970-01-01.
    public static func date(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// A card's `29/12/2024` as year, month and day; nil for text that is no such date.
    public static func cardDate(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 3, parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day), (1900...2200).contains(year)
        else { return nil }
        return (year, month, day)
    }

    /// The card's date `days` later (earlier when negative), written as cards write it; nil for no such date.
    public static func cardDate(_ text: String, shiftedBy days: Int) -> String? {
        guard let card = cardDate(text) else { return nil }
        let moved = date(fromDays: since1970(year: card.year, month: card.month, day: card.day) + days)
        return "\(CFormat.twoDigits(moved.day))/\(CFormat.twoDigits(moved.month))/\(moved.year)"
    }

    /// The card's date as `2024-12-29`, as every other date in a JSON document; nil for no such date.
    public static func isoDate(ofCardDate text: String) -> String? {
        guard let date = cardDate(text) else { return nil }
        return "\(date.year)-\(CFormat.twoDigits(date.month))-\(CFormat.twoDigits(date.day))"
    }
}
