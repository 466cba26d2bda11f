import Core
import Foundation
import Platform
import Testing

@Suite("A meeting's date, at its venue")
struct MeetingDateTests {
    /// A meeting's races, the first at `first` (Unix seconds) and one every `gap` seconds.
    private func meeting(
        _ name: String, country: String?, state: String?, first: Int, races: Int, gap: Int = 1_800
    ) -> [Race] {
        (0..<races).map { index in
            Race(
                id: "\(name)-\(index + 1)", number: index + 1, meetingName: name, category: .horse,
                advertisedStart: Date(timeIntervalSince1970: Double(first + index * gap)),
                venue: Venue(name: name, state: state, country: country))
        }
    }

    private func zone(_ name: String) throws -> LocalZone {
        try #require(LocalZone(identifier: name), "the zone database has \(name)")
    }

    @Test(
        "each venue's zone from its country and state as the feeds give them",
        arguments: [
            ("AUS", "NSW", "Australia/Sydney"), ("AUS", "VIC", "Australia/Melbourne"),
            ("AUS", "QLD", "Australia/Brisbane"), ("AUS", "SA", "Australia/Adelaide"), ("AUS", "WA", "Australia/Perth"),
            ("AUS", "TAS", "Australia/Hobart"), ("AUS", "NT", "Australia/Darwin"), ("AUS", "ACT", "Australia/Sydney"),
            ("AU", "wa", "Australia/Perth"), ("NZ", "NZ", "Pacific/Auckland"), ("UK", "UK", "Europe/London"),
            ("IRE", nil, "Europe/Dublin"), ("FR", "FR", "Europe/Paris"), ("SWE", "SWE", "Europe/Stockholm"),
            ("JPN", "JPN", "Asia/Tokyo"), ("KOR", "KOR", "Asia/Seoul"), ("HK", "HK", "Asia/Hong_Kong"),
            ("IND", "IND", "Asia/Kolkata"), ("SAF", "SAF", "Africa/Johannesburg"), ("USA", "FL", "America/New_York"),
            ("USA", "NY", "America/New_York"), ("USA", "NJ", "America/New_York"), ("USA", "KY", "America/New_York"),
            ("USA", "WV", "America/New_York"), ("USA", "AR", "America/Chicago"), ("USA", "CA", "America/Los_Angeles"),
            ("CA", "ON", "America/Toronto"), ("CAN", "BC", "America/Vancouver"),
        ] as [(String, String?, String)])
    func venueZones(country: String, state: String?, zone: String) throws {
        #expect(VenueZone.identifier(country: country, state: state) == zone)
        let found = try #require(VenueZone.zone(of: Venue(state: state, country: country)))
        #expect(found.identifier == zone, "the zone database has it")
    }

    @Test("a venue not known has no zone: no country, a country not known, Australia or America with no state")
    func unknownVenues() {
        #expect(VenueZone.identifier(country: nil, state: "NSW") == nil)
        #expect(VenueZone.identifier(country: "XYZ", state: "XYZ") == nil)
        #expect(VenueZone.identifier(country: "AUS", state: nil) == nil)
        #expect(VenueZone.identifier(country: "USA", state: "ZZ") == nil)
        #expect(VenueZone.zone(of: Venue()) == nil)
    }

    @Test("a Perth evening meeting seen from Sydney is one day, Perth's, though Sydney's midnight falls during it")
    func perthFromSydney() throws {
        let sydney = try zone("Australia/Sydney")
        // Cannington, Saturday 7 March 2026: R1 6:00pm AWST (10:00 UTC, 9pm in Sydney), R10 10:30pm AWST (1:30am
        // Sunday in Sydney).
        let races = meeting("Cannington", country: "AUS", state: "WA", first: 1_772_877_600, races: 10)
        let last = try #require(races.last)
        #expect(MeetingDate(at: last.advertisedStart, in: sydney) == MeetingDate(year: 2026, month: 3, day: 8))
        let date = try #require(MeetingDate(meeting: races, viewer: sydney))
        #expect(date == MeetingDate(year: 2026, month: 3, day: 7))
        #expect(races.allSatisfy { MeetingDate(of: $0, viewer: sydney) == date }, "every race is of Perth's day")
        #expect(date.isoText == "2026-03-07")
        let today = MeetingDate.today(at: Date(timeIntervalSince1970: 1_772_884_080), in: sydney)
        #expect(date.heading(today: today) == "Saturday 7 March 2026", "10:48pm Saturday in Sydney: today")
    }

    @Test("a US night meeting seen from Australia the next morning is yesterday's, and called so")
    func americanNightFromAustralia() throws {
        let perth = try zone("Australia/Perth")
        // Meadowlands, Saturday 7 March 2026: R1 7:15pm EST (00:15 UTC, 8:15am Sunday in Perth), the last after the
        // venue's midnight: it is still Saturday's meeting.
        let races = meeting("Meadowlands", country: "USA", state: "NJ", first: 1_772_928_900, races: 13, gap: 1_500)
        let last = try #require(races.last)
        #expect(MeetingDate(at: last.advertisedStart, in: try zone("America/New_York")).day == 8, "past midnight")
        let date = try #require(MeetingDate(meeting: races.reversed(), viewer: perth), "dated by its first race")
        #expect(date == MeetingDate(year: 2026, month: 3, day: 7))
        #expect(races.allSatisfy { MeetingDate(at: $0.advertisedStart, in: perth).day == 8 }, "Sunday in Perth")
        // 9am Sunday in Perth, the meeting under way.
        let today = MeetingDate.today(at: Date(timeIntervalSince1970: 1_772_931_600), in: perth)
        #expect(today == MeetingDate(year: 2026, month: 3, day: 8))
        #expect(date.heading(today: today) == "Yesterday, Saturday 7 March 2026")
    }

    @Test("a New Zealand meeting seen from UTC is New Zealand's day, the day after UTC's")
    func newZealandFromUTC() throws {
        let utc = try zone("UTC")
        // Ellerslie, Sunday 8 March 2026: R1 12:00pm NZDT (23:00 UTC Saturday).
        let races = meeting("Ellerslie", country: "NZ", state: "NZ", first: 1_772_924_400, races: 10, gap: 2_100)
        #expect(MeetingDate(at: races[0].advertisedStart, in: utc).day == 7)
        let date = try #require(MeetingDate(meeting: races, viewer: utc))
        #expect(date == MeetingDate(year: 2026, month: 3, day: 8))
        let today = MeetingDate.today(at: Date(timeIntervalSince1970: 1_772_920_800), in: utc)
        #expect(date.heading(today: today) == "Sunday 8 March 2026")
        #expect(date.weekday == 0 && date.fullText == "Sunday 8 March 2026")
    }

    @Test("a venue of no known zone is dated in the viewer's, as before; a meeting of no races has no date")
    func unknownVenueInViewersZone() throws {
        let sydney = try zone("Australia/Sydney")
        // 23:30 UTC Saturday: Sunday in Sydney.
        let races = meeting("Somewhere", country: "XYZ", state: nil, first: 1_772_926_200, races: 2)
        #expect(MeetingDate(meeting: races, viewer: sydney) == MeetingDate(year: 2026, month: 3, day: 8))
        #expect(MeetingDate(meeting: races, viewer: try zone("UTC")) == MeetingDate(year: 2026, month: 3, day: 7))
        #expect(MeetingDate(meeting: [Race](), viewer: sydney) == nil)
    }
}
