import Core
import Platform

/// A race's start as the sheet shows it (`Sat 2 Mar 18:30:00 AEDT`), the zone named as people there name it
/// (`ZoneAbbreviation`).
enum StartTimeFormatter {
    static func string(from date: Date, in zone: LocalZone) -> String {
        let time = zone.time(at: date)
        return LocalTime.weekdayNames[time.weekday].prefix(3) + " \(time.day) "
            + LocalTime.monthNames[time.month - 1].prefix(3) + " " + time.hourMinute + ":"
            + CFormat.twoDigits(time.second) + " "
            + ZoneAbbreviation.shortName(of: zone, at: time)
    }
}
