import Foundation

/// A time zone's name as people there say it (`AEDT`, `NZST`, `BST`): ICU on Linux calls most zones outside the
/// Americas `GMT+11`. The zones racing runs in are named here, standard and summer time; any other keeps the
/// name the formatter gives.
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
        return names
    }()

    /// The zone's name at `date`; nil for a zone not named here.
    public static func name(of timeZone: TimeZone, at date: Date) -> String? {
        guard let names = names[timeZone.identifier] else { return nil }
        return timeZone.isDaylightSavingTime(for: date) ? names.summer ?? names.standard : names.standard
    }
}
