import Core
import Foundation
import Platform
import Testing

@Suite("Countdown text")
struct CountdownTests {
    @Test(
        "boundaries",
        arguments: [
            (3725, "1h 2m"),
            (3600, "1h 0m"),
            (86_399, "23h 59m"),
            (86_400, "1d 0h"),
            (93_600 + 59, "1d 2h"),
            (3599, "59m 59s"),
            (245, "4m 5s"),
            (60, "1m 0s"),
            (59, "59s"),
            (22, "22s"),
            (1, "1s"),
            (0, "0s"),
            (-20, "-20s"),
            (-59, "-59s"),
            (-60, "-60s"),
        ])
    func text(seconds: Int, expected: String) {
        #expect(Countdown(seconds: seconds).text == expected)
    }

    @Test("spans no clock can hold never trap: they read as over a year")
    func extremes() {
        let now = Date(timeIntervalSince1970: 1_748_310_000)
        #expect(Countdown(from: now, to: Date(timeIntervalSince1970: 1e19)).text == "over a year")
        #expect(Countdown(from: now, to: Date(timeIntervalSince1970: -1e308)).text == "-over a year")
        #expect(Countdown(from: now, to: Date(timeIntervalSince1970: -1e308)).elapsedText == "over a year")
        #expect(Countdown.roughAge(seconds: Int.max) == "over a year")
        #expect(Int(saturatingRoundedDown: .nan) == 0)
        #expect(Int(saturatingRoundedDown: 1e300) == Int.max)
        #expect(Int(saturatingRoundedDown: -1e300) == Int.min)
        #expect(Int(saturatingRoundedDown: -1.5) == -2)
    }

    @Test("counted from the second now falls in, as a pinned clock reads: 2m 0s all through that second, never -60s")
    func wholeSeconds() {
        let start = Date(timeIntervalSince1970: 1000)
        let at = { (now: TimeInterval) in Countdown(from: Date(timeIntervalSince1970: now), to: start) }
        for fraction in [0, 0.001, 0.5, 0.999] {
            #expect(at(880 + fraction).text == "2m 0s", "the live clock reads what a pinned one does")
            #expect(at(999 + fraction).seconds == 1)
            #expect(at(1000 + fraction).seconds == 0, "jumped this second")
            #expect(at(1059 + fraction).text == "-59s", "the last second a race is on the board")
        }
        #expect(at(940).text == "1m 0s")
        // A start between seconds (an odd feed) counts from its own second too.
        #expect(
            Countdown(from: Date(timeIntervalSince1970: 880.9), to: Date(timeIntervalSince1970: 1000.5)).seconds == 120)
    }

    @Test("elapsed text reads forward")
    func elapsed() {
        #expect(Countdown(seconds: -65).elapsedText == "1m 5s")
        #expect(Countdown(seconds: -7300).elapsedText == "2h 1m")
        #expect(Countdown(seconds: 10).elapsedText == "0s")
    }
}

@Suite("Race categories")
struct RaceCategoryTests {
    @Test("Neds ids from DESIGN.md")
    func nedsIDs() {
        #expect(RaceCategory(nedsID: "4a2788f8-e825-4d36-9894-efd4baf1cfae") == .horse)
        #expect(RaceCategory(nedsID: "9daef0d7-bf3c-4f50-921d-8e818c60fe61") == .greyhound)
        #expect(RaceCategory(nedsID: "161d9be2-e909-4326-8c2c-35ed71fb460b") == .harness)
        #expect(RaceCategory(nedsID: "161D9BE2-E909-4326-8C2C-35ED71FB460B") == .harness)
        #expect(RaceCategory(nedsID: "00000000-0000-0000-0000-000000000000") == nil)
    }

    @Test("what people type")
    func userInput() {
        #expect(RaceCategory(userInput: "Horse") == .horse)
        #expect(RaceCategory(userInput: "dogs") == .greyhound)
        #expect(RaceCategory(userInput: "TROTS") == .harness)
        #expect(RaceCategory(userInput: "cats") == nil)
        #expect(RaceCategory(userInput: "") == nil)
    }

    @Test(
        "each code's letter is the Entain sources' (T thoroughbred, H harness, G greyhound), read back in either case",
        arguments: [(RaceCategory.horse, "T"), (.harness, "H"), (.greyhound, "G")])
    func letter(category: RaceCategory, letter: String) {
        #expect(category.letter == letter)
        #expect(RaceCategory(letter: letter) == category)
        #expect(RaceCategory(letter: letter.lowercased()) == category)
    }

    @Test("anything but the three letters is no code; the legend says what each stands for")
    func notALetter() {
        for text in ["", "X", "h ", "TH", "horse", "🏇"] {
            #expect(RaceCategory(letter: text) == nil, "\(text)")
        }
        #expect(RaceCategory.letterLegend == "T thoroughbred, H harness, G greyhound")
    }
}

@Suite("Zone names as people say them")
struct ZoneAbbreviationTests {
    @Test(
        "standard and summer time by the date; a zone not named keeps the formatter's",
        arguments: [
            ("Australia/Sydney", 1_767_225_600.0, "AEDT"), ("Australia/Sydney", 1_748_310_000, "AEST"),
            ("Australia/Brisbane", 1_767_225_600, "AEST"), ("Australia/Adelaide", 1_767_225_600, "ACDT"),
            ("Australia/Perth", 1_767_225_600, "AWST"), ("Pacific/Auckland", 1_767_225_600, "NZDT"),
            ("Pacific/Auckland", 1_748_310_000, "NZST"), ("Europe/London", 1_748_310_000, "BST"),
            ("Asia/Hong_Kong", 1_748_310_000, "HKT"),
        ])
    func names(zone: String, seconds: Double, name: String) throws {
        let timeZone = try #require(LocalZone(identifier: zone))
        #expect(ZoneAbbreviation.name(of: timeZone, at: Date(timeIntervalSince1970: seconds)) == name)
    }

    @Test("a zone not named here is left to the formatter")
    func unnamed() throws {
        #expect(ZoneAbbreviation.name(of: try #require(LocalZone(identifier: "America/New_York")), at: Date()) == nil)
    }
}

@Suite("Clock times")
struct ClockTimeTests {
    @Test(
        "a time of day as people say it, in the zone given",
        arguments: [
            (1_748_310_000.0, "UTC", "1:40am"), (1_748_310_000, "Australia/Sydney", "11:40am"),
            (1_748_354_400, "UTC", "2:00pm"), (1_748_304_000, "UTC", "12:00am"), (1_748_347_200, "UTC", "12:00pm"),
            (1_748_310_000, "America/New_York", "9:40pm"), (1_767_225_600, "Pacific/Auckland", "1:00pm"),
        ])
    func text(seconds: Double, zone: String, text: String) throws {
        let timeZone = try #require(LocalZone(identifier: zone))
        #expect(ClockTime.text(of: Date(timeIntervalSince1970: seconds), in: timeZone) == text)
    }
}
