import Platform
import Synchronization

/// The day a meeting is raced on: the calendar date at its venue (`VenueZone`) of its first race. A meeting is one
/// day's racing at one venue, so it has one date wherever it is seen from, and one running past its venue's
/// midnight keeps its first race's. A venue of no known zone is dated in the viewer's. Every screen that puts
/// meetings under days (the board's `list all`, the meetings) dates them by this rule, and tells the viewer's
/// today and yesterday by `today(at:in:)`.
public struct MeetingDate: Sendable, Hashable, Comparable {
    /// Days from 1970-01-01.
    public let days: Int

    public init(days: Int) {
        self.days = days
    }

    public init(year: Int, month: Int, day: Int) {
        days = CalendarDays.since1970(year: year, month: month, day: day)
    }

    /// The date in `zone` at `date`.
    public init(at date: Date, in zone: LocalZone) {
        days = Self.days(at: date, in: zone)
    }

    /// The date of the meeting whose races these are: its first race's, at its venue; nil for no races.
    /// - Parameter viewer: the zone a venue of no known zone is dated in.
    public init?(meeting races: some Sequence<Race>, viewer: LocalZone) {
        guard let first = races.min(by: { $0.advertisedStart < $1.advertisedStart }) else { return nil }
        self.init(of: first, viewer: viewer)
    }

    /// The date of `race` at its venue (in `viewer` where its venue's zone is not known).
    public init(of race: Race, viewer: LocalZone) {
        self.init(at: race.advertisedStart, in: VenueZone.zone(of: race.venue) ?? viewer)
    }

    /// The viewer's date at `now`: what the screens call today.
    public static func today(at now: Date, in zone: LocalZone) -> MeetingDate {
        MeetingDate(at: now, in: zone)
    }

    public static func < (left: MeetingDate, right: MeetingDate) -> Bool { left.days < right.days }

    public var year: Int { CalendarDays.date(fromDays: days).year }
    public var month: Int { CalendarDays.date(fromDays: days).month }
    public var day: Int { CalendarDays.date(fromDays: days).day }
    /// 0 for Sunday to 6 for Saturday (1 January 1970 was a Thursday).
    public var weekday: Int { ((days % 7) + 7 + 4) % 7 }

    /// `2026-03-07`, as every date in a JSON document.
    public var isoText: String {
        let date = CalendarDays.date(fromDays: days)
        return "\(date.year)-\(CFormat.twoDigits(date.month))-\(CFormat.twoDigits(date.day))"
    }

    /// `Saturday 7 March 2026`.
    public var fullText: String {
        let date = CalendarDays.date(fromDays: days)
        return "\(LocalTime.weekdayNames[weekday]) \(date.day) \(LocalTime.monthNames[date.month - 1]) \(date.year)"
    }

    /// The heading of the day's meetings: `Saturday 7 March 2026`, or `Yesterday, Friday 6 March 2026` for the
    /// day before the viewer's `today` (last night's meetings abroad, still on hand in the morning).
    public func heading(today: MeetingDate) -> String {
        days == today.days - 1 ? "Yesterday, " + fullText : fullText
    }

    /// Dates already worked out, by zone and second: a screen drawn each second dates the same meetings again,
    /// and a zone other than the process's own is read by setting `TZ`, which reads its file.
    private static let known = Mutex<[Moment: Int]>([:])
    private static let knownLimit = 4_096

    private struct Moment: Hashable {
        let zone: LocalZone
        let second: Int
    }

    private static func days(at date: Date, in zone: LocalZone) -> Int {
        let moment = Moment(zone: zone, second: Int(saturatingRoundedDown: date.timeIntervalSince1970))
        if let days = known.withLock({ $0[moment] }) { return days }
        let time = zone.time(at: date)
        let days = CalendarDays.since1970(year: time.year, month: time.month, day: time.day)
        known.withLock { $0.set(days, forKey: moment, keepingAtMost: knownLimit) }
        return days
    }
}
