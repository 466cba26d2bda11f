import Foundation
import TestSupport
import Testing

/// One day per screen: a meeting is dated at its venue, so it sits whole under one day heading wherever the
/// viewer's midnight falls, and the board and the meetings agree which day is today. At 10:48pm Saturday in
/// Sydney, Perth's evening meetings (Cannington, Gloucester Park) run past Sydney's midnight.
@Suite("Day headings end to end")
struct DayHeadingsEndToEndTests {
    static let sydney = ["TZ": "Australia/Sydney"]

    /// Text with no indent that is not the title: a day heading.
    private static func isDay(_ line: String) -> Bool {
        !line.hasPrefix(" ") && line.hasSuffix("2026")
    }

    /// The board's `list all` as day → its meetings, each with its race numbers, in the order drawn.
    private static func board(_ lines: [String]) -> [(day: String, meetings: [(name: String, numbers: [Int])])] {
        var days: [(day: String, meetings: [(name: String, numbers: [Int])])] = []
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if isDay(line) {
                days.append((line, []))
            } else if days.isEmpty || !line.hasPrefix("  ") {
                continue
            } else if trimmed.first?.isNumber == false, let name = trimmed.split(separator: " - ").first {
                days[days.count - 1].meetings.append((String(name), []))
            } else if let number = trimmed.split(separator: " ").first(where: { $0.hasPrefix("R") }),
                let value = Int(number.dropFirst()), !days[days.count - 1].meetings.isEmpty
            {
                let last = days.count - 1
                days[last].meetings[days[last].meetings.count - 1].numbers.append(value)
            }
        }
        return days
    }

    @Test("list all from Sydney: each meeting under one day, Perth's evening whole under Saturday; the meetings agree")
    func boardAndMeetingsFromSydney() throws {
        let now = RaceListEndToEndTests.raceDayNow
        let run = try BinaryRunner.run(["--no-config", "--now", now, "list", "all"], environment: Self.sydney)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let days = Self.board(run.lines)
        #expect(days.map(\.day) == ["Saturday 7 March 2026", "Sunday 8 March 2026"], "\(run.stdout)")
        let saturday = try #require(days.first)
        for name in ["Cannington", "Gloucester Park"] {
            let sections = days.flatMap { day in day.meetings.filter { $0.name == name }.map { (day.day, $0.numbers) } }
            #expect(sections.count == 2, "Saturday's meeting and Sunday's: \(sections)")
            #expect(sections.first?.0 == "Saturday 7 March 2026")
            let card = try #require(sections.first?.1)
            #expect(card == Array(4...(card.last ?? 0)) && card.count >= 6, "R4 to the last, all Saturday: \(card)")
            #expect(sections.last?.1.first == 1, "Sunday's is its own card")
        }
        // A meeting's card is never continued under a later day: every section after the first day is a card
        // from its first race, and no meeting is twice under one day.
        for day in days.dropFirst() {
            #expect(day.meetings.allSatisfy { $0.numbers.first == 1 }, "\(day.day): \(day.meetings)")
        }
        for day in days {
            #expect(Set(day.meetings.map(\.name)).count == day.meetings.count, "\(day.day) names a meeting once")
        }

        // The meetings: last night's (Friday in North America) are yesterday's; today is the board's Saturday,
        // and every meeting still racing today is on the board under it.
        let meetings = try BinaryRunner.run(["--no-config", "--now", now, "meetings"], environment: Self.sydney)
        #expect(meetings.status == 0 && meetings.stderr.isEmpty, "\(meetings.stderr)")
        #expect(meetings.lines.first == "Meetings - 36")
        #expect(meetings.lines.filter(Self.isDay) == ["Yesterday, Friday 6 March 2026", "Saturday 7 March 2026"])
        let today = try #require(meetings.lines.firstIndex(of: "Saturday 7 March 2026"))
        let yesterday = meetings.lines[..<today]
        #expect(yesterday.contains { $0.contains(" Meadowlands ") } && yesterday.contains { $0.contains(" Woodbine ") })
        let racing = meetings.lines[today...].filter { $0.hasPrefix("  ") && !$0.hasSuffix("finished") }
            .map { String($0.dropFirst(9).prefix(17)).trimmingCharacters(in: .whitespaces) }
        #expect(racing.count == 14, "\(racing)")
        let onSaturday = Set(saturday.meetings.map(\.name))
        #expect(racing.allSatisfy(onSaturday.contains), "\(racing) on the board's Saturday: \(onSaturday)")
        #expect(racing.contains("Cannington") && racing.contains("Gloucester Park"))
    }

    @Test("--json: a board section and a meeting carry the meeting's date at its venue")
    func jsonDates() throws {
        let now = RaceListEndToEndTests.raceDayNow
        let run = try BinaryRunner.run(
            ["--no-config", "--json", "--now", now], stdin: "list all\nmeetings\n", environment: Self.sydney)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let documents = try run.lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let sections = try #require(documents.first?["sections"] as? [[String: Any]])
        let cannington = sections.filter { ($0["heading"] as? String)?.hasPrefix("Cannington") == true }
        #expect(cannington.map { $0["date"] as? String } == ["2026-03-07", "2026-03-08"])
        #expect(sections.first?["day"] as? String == "Saturday 7 March 2026")
        let groups = try #require(documents.last?["groups"] as? [[String: Any]])
        let rows = groups.flatMap { ($0["meetings"] as? [[String: Any]]) ?? [] }
        #expect(rows.first { $0["meeting"] as? String == "Cannington" }?["date"] as? String == "2026-03-07")
        #expect(rows.first { $0["meeting"] as? String == "Meadowlands" }?["date"] as? String == "2026-03-06")
        #expect(groups.first?["day"] as? String == "Yesterday, Friday 6 March 2026")
    }
}
