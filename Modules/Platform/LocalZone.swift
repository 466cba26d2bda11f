import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A time zone as the system's zone database has it, read through libc (`localtime_r`): Foundation's named zones
/// need ICU on Linux, and the database is the one the rest of the machine goes by.
public struct LocalZone: Sendable, Hashable {
    /// The zone's name (`Australia/Sydney`); nil for the zone the system runs in (`TZ`, else /etc/localtime).
    public let identifier: String?

    /// The zone the system runs in.
    public static let system = LocalZone(checked: nil)

    /// A zone the database has; nil for a name it does not (libc would silently take it for UTC).
    public init?(identifier: String) {
        guard Self.databaseHas(identifier) else { return nil }
        self.init(checked: identifier)
    }

    private init(checked identifier: String?) {
        self.identifier = identifier
    }

    /// What `TZ` names when the zone database has no such zone: the system zone is then UTC, and says so.
    public static var unknownSystemZoneName: String? { SystemZone.shared.unknownName }

    /// Whether the system's zone is UTC without anyone having asked for it: no `TZ` (or an empty one), and the
    /// machine's zone UTC or none at all (a container, a server), so times come out in UTC unless the app says
    /// so. A `TZ` naming UTC is an answer, not a default.
    public static var systemIsUTCByDefault: Bool { SystemZone.shared.isUTCByDefault }

    /// The zone's name as the database calls it, the system's included (its `TZ`, or what /etc/localtime
    /// links to); nil when the system runs in a zone named nowhere (a rule written out in `TZ`, a copied file).
    public var name: String? { identifier ?? SystemZone.shared.name }

    /// The wall-clock time in this zone at `date`.
    public func time(at date: Date) -> LocalTime {
        let seconds = time_t(clamping: Int(saturatingRoundedDown: date.timeIntervalSince1970))
        _ = SystemZone.shared  // read before any zone of another name sets `TZ`
        return ZoneDatabase.lock.withLock { _ in
            guard let identifier else { return SystemZone.shared.time(at: seconds) }
            return ZoneDatabase.time(at: seconds, tz: ":" + identifier)
        }
    }

    /// The folder of the zone database (`TZDIR`, else the system's).
    static var databaseFolder: String {
        if let folder = ZoneVariables.value("TZDIR"), !folder.isEmpty { return folder }
        return "/usr/share/zoneinfo"
    }

    static func databaseHas(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, !identifier.split(separator: "/").contains(".."), identifier.utf8.count < 256,
            !identifier.utf8.contains(0)
        else { return false }
        let path = identifier.hasPrefix("/") ? identifier : databaseFolder + "/" + identifier
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        // A zone file, not another file of the folder (`zone.tab`, `leapseconds`): libc would take those for UTC.
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var magic = [UInt8](repeating: 0, count: 4)
        return read(file, &magic, 4) == 4 && magic == Array("TZif".utf8)
    }
}

/// A moment as a clock on the wall in some zone shows it.
public struct LocalTime: Sendable, Equatable {
    public var year: Int
    /// 1-12.
    public var month: Int
    public var day: Int
    /// 0 for Sunday to 6 for Saturday.
    public var weekday: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Seconds east of UTC.
    public var utcOffset: Int
    public var isDaylightSaving: Bool
    /// The zone's short name then, as the database gives it (`AEDT`, `+04`).
    public var abbreviation: String

    /// The calendar day, as one number that sorts as days do (20260404).
    public var dayNumber: Int { year * 10_000 + month * 100 + day }

    /// `18:30`, the 24-hour clock.
    public var hourMinute: String { CFormat.twoDigits(hour) + ":" + CFormat.twoDigits(minute) }

    /// The wall clock in UTC at `date`, read without touching `TZ`.
    public static func utc(at date: Date) -> LocalTime {
        ZoneDatabase.utc(at: time_t(clamping: Int(saturatingRoundedDown: date.timeIntervalSince1970)))
    }

    public static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
}

extension LocalTime {

    /// What libc's `tm` says (its zone's name unless `abbreviation` is given).
    init(_ parts: tm, abbreviation: String? = nil) {
        self.init(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            weekday: Int(parts.tm_wday), hour: Int(parts.tm_hour), minute: Int(parts.tm_min),
            second: Int(parts.tm_sec), utcOffset: Int(parts.tm_gmtoff), isDaylightSaving: parts.tm_isdst > 0,
            abbreviation: abbreviation ?? parts.tm_zone.map { String(cString: $0) } ?? "")
    }
}

/// The zone the process runs in, resolved once: `TZ` as libc reads it, with a name it does not know taken for
/// UTC openly (libc would do so silently and call the zone by the unknown name).
struct SystemZone: Sendable {
    static let shared = SystemZone.settingUp(environment: ZoneVariables.value("TZ"))

    /// The zone's name, when it has one.
    let name: String?
    /// What `TZ` named but the database does not have.
    let unknownName: String?
    /// No `TZ` chose the zone, and it is UTC: the machine's is, or it has none.
    let isUTCByDefault: Bool

    init(environment tz: String?, databaseFolder: String = LocalZone.databaseFolder) {
        guard let tz, !tz.isEmpty else {
            // No TZ: /etc/localtime, named after the file it links to. An empty one is UTC, called so by libc.
            unknownName = tz == nil && !Self.isSafeForLibc(Self.defaultZoneFile) ? Self.defaultZoneFile : nil
            name = tz == nil && unknownName == nil ? Self.linkedName() : nil
            // A zone file copied in place of the link has no name to go by: not taken for UTC.
            let noZoneFile = tz == nil && !Self.exists(Self.defaultZoneFile)
            isUTCByDefault =
                unknownName == nil && (tz != nil || noZoneFile || name.map(Self.utcNames.contains) == true)
            return
        }
        isUTCByDefault = false
        let named = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        if LocalZone.databaseHas(named) {
            name = named.hasPrefix("/") ? Self.zoneName(ofPath: named) : named
            unknownName = nil
        } else if !tz.hasPrefix(":"), tz.contains(where: \.isNumber),
            Self.isSafeForLibc(named.hasPrefix("/") ? named : databaseFolder + "/" + named)
        {
            // A rule written out (`EST5EDT`, `AEST-10AEDT,M10.1.0,M4.1.0/3`): libc reads it, it has no name.
            name = nil
            unknownName = nil
        } else {
            // Read as UTC, and called so.
            name = nil
            unknownName = named
        }
    }

    /// Where libc reads the zone when `TZ` is not set.
    static let defaultZoneFile = "/etc/localtime"

    /// The zone database's names for UTC itself (not zones that are at UTC's time part of the year).
    static let utcNames: Set<String> = [
        "UTC", "UCT", "Universal", "Zulu", "GMT", "GMT0", "GMT+0", "GMT-0", "Greenwich", "Etc/UTC", "Etc/UCT",
        "Etc/Universal", "Etc/Zulu", "Etc/GMT", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "Etc/Greenwich",
    ]

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether libc may open `path` as a zone file: it opens whatever `TZ` names, first thing, and a FIFO or a
    /// terminal there would keep it (and the app) waiting for ever. A file that is not there it passes over.
    static func isSafeForLibc(_ path: String) -> Bool {
        guard !path.utf8.contains(0) else { return false }
        var status = stat()
        guard stat(path, &status) == 0 else { return true }
        return (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The zone as libc is to read it: a `TZ` that names no zone is replaced by UTC's own rule, before any call
    /// that reads it, so libc never opens what it named (even `gmtime_r` reads `TZ` once, in glibc).
    static func settingUp(environment tz: String?) -> SystemZone {
        let zone = SystemZone(environment: tz)
        if zone.unknownName != nil { ZoneVariables.set("TZ", to: "UTC0") }
        return zone
    }

    func time(at seconds: time_t) -> LocalTime {
        if unknownName != nil { return ZoneDatabase.utc(at: seconds) }
        return ZoneDatabase.time(at: seconds, tz: nil)
    }

    private static func linkedName() -> String? {
        zoneName(ofPath: "/etc/localtime")
    }

    /// `/usr/share/zoneinfo/Australia/Sydney` is `Australia/Sydney`, a link to it too.
    private static func zoneName(ofPath path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        let parts = String(cString: resolved).split(separator: "/", omittingEmptySubsequences: false)
        guard let folder = parts.lastIndex(of: "zoneinfo"), folder + 1 < parts.endIndex else { return nil }
        return parts[(folder + 1)...].joined(separator: "/")
    }
}

/// libc keeps one zone at a time, chosen by the `TZ` variable: a zone other than the process's own is read by
/// setting `TZ` for the call and putting it back, all under one lock.
enum ZoneDatabase {
    static let lock = Mutex(())

    /// `tz`: the zone to read in; nil for the process's own. Called with `lock` held.
    static func time(at seconds: time_t, tz: String?) -> LocalTime {
        var parts = tm()
        var moment = seconds
        if let tz {
            // `TZ` is set for good before it is first changed, and only ever replaced after: adding or removing
            // a variable may move the environment while another thread reads it (a child process starting).
            let saved = ZoneVariables.value("TZ") ?? ":/etc/localtime"
            ZoneVariables.set("TZ", to: tz)
            tzset()
            localtime_r(&moment, &parts)
            // Read before `TZ` is put back: on Darwin `tm_zone` points into libc's one zone buffer.
            let time = LocalTime(parts)
            ZoneVariables.set("TZ", to: saved)
            tzset()
            return time
        }
        if !hasSetUp {
            tzset()
            hasSetUp = true
        }
        localtime_r(&moment, &parts)
        return LocalTime(parts)
    }

    /// UTC, called so, worked out here: libc's `gmtime_r` reads `TZ` the first time (glibc), and a `TZ` naming a
    /// FIFO or a terminal would hang it.
    static func utc(at seconds: time_t) -> LocalTime {
        let total = Int(seconds)
        // Whole days down, so a moment before 1970 has its second of the day counted from that day's midnight.
        let days = total >= 0 ? total / 86_400 : -((-(total + 1)) / 86_400) - 1
        let secondOfDay = total - days * 86_400
        let date = CalendarDays.date(fromDays: days)
        // 1 January 1970 was a Thursday (4).
        let weekday = (days % 7 + 7 + 4) % 7
        return LocalTime(
            year: date.year, month: date.month, day: date.day, weekday: weekday, hour: secondOfDay / 3_600,
            minute: secondOfDay % 3_600 / 60, second: secondOfDay % 60, utcOffset: 0, isDaylightSaving: false,
            abbreviation: "UTC")
    }

    /// Only read and written with `lock` held.
    nonisolated(unsafe) private static var hasSetUp = false
}

/// `TZ` and `TZDIR`, read and set as libc's zone functions read them. Platform keeps no general access to the
/// environment (that is SystemCalls'); the zone database is chosen by these two and needs nothing else of it.
enum ZoneVariables {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static func set(_ name: String, to value: String) {
        setenv(name, value, 1)
    }
}
