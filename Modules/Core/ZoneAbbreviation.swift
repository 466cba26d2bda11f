import Platform

/// A time zone's name as people there say it (`AEDT`, `NZST`, `BST`). The zones racing runs in are named here,
/// standard and summer time (the zone database has numbers, `+08`, for some); any other has the database's name,
/// a number written `GMT+8`.
public enum ZoneAbbreviation {
    /// Standard time's name, and summer time's where the zone has one.
    private static let names: [String: (standard: String, summer: String?)] = {
        var names: [String: (String, String?)] = [:]
        for zone in [
            "Australia/Sydney", "Australia/Melbourne", "Australia/Canberra", "Australia/Hobart", "Australia/ACT",
            "Australia/NSW", "Australia/Victoria", "Australia/Tasmania", "Australia/Currie",
        ] {
            names[zone] = ("AEST", "AEDT")
        }
        for zone in ["Australia/Brisbane", "Australia/Lindeman", "Australia/Queensland"] { names[zone] = ("AEST", nil) }
        for zone in ["Australia/Adelaide", "Australia/Broken_Hill", "Australia/South", "Australia/Yancowinna"] {
            names[zone] = ("ACST", "ACDT")
        }
        for zone in ["Australia/Darwin", "Australia/North"] { names[zone] = ("ACST", nil) }
        for zone in ["Australia/Perth", "Australia/West"] { names[zone] = ("AWST", nil) }
        names["Australia/Eucla"] = ("ACWST", nil)
        for zone in ["Australia/Lord_Howe", "Australia/LHI"] { names[zone] = ("LHST", "LHDT") }
        for zone in ["Pacific/Auckland", "NZ", "Antarctica/McMurdo"] { names[zone] = ("NZST", "NZDT") }
        for zone in ["Pacific/Chatham", "NZ-CHAT"] { names[zone] = ("CHAST", "CHADT") }
        for zone in ["Europe/London", "GB", "Europe/Belfast"] { names[zone] = ("GMT", "BST") }
        names["Europe/Dublin"] = ("GMT", "IST")
        for zone in ["Asia/Hong_Kong", "Hongkong"] { names[zone] = ("HKT", nil) }
        for zone in ["Asia/Singapore", "Singapore"] { names[zone] = ("SGT", nil) }
        for zone in ["Asia/Tokyo", "Japan"] { names[zone] = ("JST", nil) }
        for zone in ["Asia/Seoul", "ROK"] { names[zone] = ("KST", nil) }
        for zone in ["Asia/Kolkata", "Asia/Calcutta"] { names[zone] = ("IST", nil) }
        names["Africa/Johannesburg"] = ("SAST", nil)
        for zone in ["UTC", "GMT", "Etc/GMT", "Universal", "Zulu", "Etc/Universal", "Etc/Zulu", "Greenwich"] {
            names[zone] = ("GMT", nil)
        }
        return names
    }()

    /// The zone's name at `date`; nil for a zone not named here.
    public static func name(of zone: LocalZone, at date: Date) -> String? {
        name(of: zone, at: zone.time(at: date))
    }

    /// The zone's name at the wall-clock `time` read in it; nil for a zone not named here.
    public static func name(of zone: LocalZone, at time: LocalTime) -> String? {
        guard let name = zone.name, let names = names[name] else { return nil }
        return time.isDaylightSaving ? names.summer ?? names.standard : names.standard
    }

    /// The name to show: the one here, else the database's (`EDT`), a number there as `GMT+8` or `GMT+5:30`.
    public static func shortName(of zone: LocalZone, at time: LocalTime) -> String {
        if let name = name(of: zone, at: time) { return name }
        let abbreviation = time.abbreviation
        guard let sign = abbreviation.first, sign == "+" || sign == "-" || abbreviation.isEmpty else {
            return abbreviation
        }
        let offset = abs(time.utcOffset)
        guard offset != 0 else { return "GMT" }
        let minutes = offset / 60 % 60
        return "GMT" + (time.utcOffset < 0 ? "-" : "+") + String(offset / 3600)
            + (minutes == 0 ? "" : ":" + (minutes < 10 ? "0" : "") + String(minutes))
    }
}
