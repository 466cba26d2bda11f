import Core
import Foundation
import Platform
import Testing
import Text

/// The app is built on FoundationEssentials alone (no ICU): what it took from full Foundation is done in Core
/// instead. Test targets still have full Foundation, so each replacement is held to what Foundation said.
@Suite("Core does what full Foundation did")
struct FoundationParityTests {
    static let texts = [
        "Mérignac", "Ångström", "Kembla Grange", "Ｒ５ Ｓｈａ Ｔｉｎ", "Straße", "Crème Brûlée", "São Paulo",
        "Çağlayan", "Ñandú", "e\u{301}cole", "한국", "東京競馬場", "", "Plain ASCII", "ÉCOLE", "Ōi",
        "Łódź", "Sha\u{3000}Tin", "ﬁnish", "STRASSE", "Ǆemal",
    ]

    @Test("accents and width set aside as `folding` did, case too for search")
    func folding() {
        for text in Self.texts {
            #expect(
                TextFolding.folded(text)
                    == text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil),
                "\(text)")
            #expect(
                TextFolding.folded(text, caseInsensitive: true)
                    == text.folding(
                        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil),
                "\(text)")
        }
    }

    @Test("case set aside in order as `caseInsensitiveCompare` did")
    func caseInsensitiveOrder() {
        let names = ["Ascot", "ascot", "Bendigo", "bendigo", "Ballarat", "B", "b", "", "Zeta", "eagle Farm", "Eagle"]
        for left in names {
            for right in names {
                let ours = TextFolding.compareIgnoringCase(left, right)
                let theirs = left.caseInsensitiveCompare(right)
                #expect(
                    (ours < 0, ours == 0) == (theirs == .orderedAscending, theirs == .orderedSame), "\(left) \(right)")
            }
        }
    }

    @Test("JSON text as JSONSerialization wrote it, keys sorted, slashes kept")
    func json() throws {
        let documents: [[String: Any]] = [
            [
                "aB": 1, "aa": 2.5, "x": 13.0, "s": "a/b\u{1}\u{1b}\u{7f}é\"\\\n\t\u{8}\u{c}\r", "n": JSONNull(),
                "big": 1e16, "small": 0.00001, "neg": -2.8, "arr": [true, false, 3, [], [:]] as [Any], "Z": "z",
                "a10": 1, "a9": 2, "nested": ["k": ["deep": [1.51, 2.8, 1350.4]]],
            ],
            ["error": ["code": Int32(64), "message": "bad"]], [:],
        ]
        for document in documents {
            let reference = try JSONSerialization.data(
                withJSONObject: Self.withNSNull(document), options: [.sortedKeys, .withoutEscapingSlashes])
            #expect(JSONText.text(of: document) == String(decoding: reference, as: UTF8.self))
        }
        #expect(JSONText.text(of: ["x": Double.nan]) == nil)
    }

    @Test("printf's numbers as String(format:) gave them")
    func numbers() {
        for value in [0.0, 1.005, 2.675, 1350.4, 5, 0.125, 99.995, 1e10] {
            #expect(CFormat.string("%.2f", value) == String(format: "%.2f", value))
        }
        #expect(CFormat.string(".%02d", 7) == ".07")
    }

    @Test("white space trimmed as trimmingCharacters(in:) did")
    func trimming() {
        for text in ["  a b  ", "\t\u{00A0}x\u{3000}", "\n y \n", "", "   ", "no"] {
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text)")
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text)")
        }
    }

    @Test("a zone's wall clock as TimeZone and Calendar had it, across summer time's changes")
    func zones() throws {
        var calendar = Calendar(identifier: .gregorian)
        for name in ["Australia/Sydney", "Pacific/Auckland", "Europe/London", "America/New_York", "Asia/Kolkata"] {
            let zone = try #require(LocalZone(identifier: name))
            let reference = try #require(TimeZone(identifier: name))
            calendar.timeZone = reference
            for seconds in stride(from: 1_767_225_600.0, to: 1_798_761_600, by: 86_400 * 3 + 3_607) {
                let date = Date(timeIntervalSince1970: seconds)
                let time = zone.time(at: date)
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
                #expect(
                    [time.year, time.month, time.day, time.hour, time.minute, time.weekday + 1]
                        == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.weekday],
                    "\(name) \(seconds)")
                #expect(time.utcOffset == reference.secondsFromGMT(for: date))
                #expect(time.isDaylightSaving == reference.isDaylightSavingTime(for: date))
            }
        }
        #expect(LocalZone(identifier: "Nowhere/Land") == nil)
        #expect(LocalZone(identifier: "../../etc/passwd") == nil)
        #expect(LocalZone(identifier: "") == nil)
    }

    @Test("UTC worked out without libc as gmtime_r has it, before 1970, across leap days and centuries")
    func utcWithoutLibc() {
        var checked = 0
        for seconds in Array(stride(from: -4_102_444_800, to: 7_258_118_400, by: 86_400 * 17 + 3_601)) + [
            -1, 0, 1, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_542_400, -2_208_988_801,
        ] {
            var moment = time_t(seconds)
            var parts = tm()
            gmtime_r(&moment, &parts)
            let time = LocalTime.utc(at: Date(timeIntervalSince1970: TimeInterval(seconds)))
            let same =
                [time.year, time.month, time.day, time.weekday, time.hour, time.minute, time.second]
                == [
                    Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_wday),
                    Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec),
                ]
            if !same {
                Issue.record("at \(seconds): \(time) against gmtime_r's \(parts)")
                return
            }
            checked += 1
        }
        #expect(checked > 7_000)
        #expect(LocalTime.utc(at: Date(timeIntervalSince1970: 0)).abbreviation == "UTC")
    }

    private static func withNSNull(_ value: Any) -> Any {
        switch value {
        case is JSONNull: NSNull()
        case let object as [String: Any]: object.mapValues(withNSNull)
        case let array as [Any]: array.map(withNSNull)
        default: value
        }
    }
}
