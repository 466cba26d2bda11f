import Platform

/// A time of day as people say it, `7:42pm`, in a time zone: worked out from the zone's offset alone, so a board of
/// twenty rows drawn every second costs no formatter.
public enum ClockTime {
    public static func text(of date: Date, in zone: LocalZone) -> String {
        let local = (date.timeIntervalSince1970 + Double(zone.time(at: date).utcOffset)) / 60
        let minuteOfDay = ((Int(local.rounded(.down)) % 1_440) + 1_440) % 1_440
        let hour = minuteOfDay / 60
        let minute = minuteOfDay % 60
        let twelveHour = hour % 12 == 0 ? 12 : hour % 12
        return "\(twelveHour):\(minute < 10 ? "0" : "")\(minute)\(hour < 12 ? "am" : "pm")"
    }

    /// From `now` to just after the next whole second: a second if it stands on one (a pinned clock). What a
    /// screen drawn each second waits, so its countdowns move when the second does.
    public static func untilNextSecond(from now: Date) -> TimeInterval {
        let intoSecond = now.timeIntervalSince1970 - now.timeIntervalSince1970.rounded(.down)
        return intoSecond == 0 ? 1 : 1 - intoSecond + 0.001
    }
}
