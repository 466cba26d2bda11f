import Core
import Foundation
import MeetingsView
import TestSupport
import Testing
import Text

@MainActor
@Suite("Meetings views")
struct MeetingsViewTests {
    let output = RecordingOutput()
    let start = Date(timeIntervalSince1970: 1_772_884_800)

    private func style(width: Int, glyphs: Bool = false) -> DisplayStyle {
        DisplayStyle(isInteractive: false, usesGlyphs: glyphs, usesColour: false, width: width)
    }

    var list: MeetingsViewModel {
        let rows = [
            MeetingRowViewModel(
                position: 1, name: "Randwick", category: .horse, races: 10, run: 3, toRun: 7, abandoned: 0,
                progress: "3/10",
                next: "R4 12m 0s", nextTime: "12:00pm",
                nextRace: .init(id: "r4", number: 4, start: start, secondsToStart: 720, countdown: "12m 0s"),
                isOver: false, conditions: ["Soft 6", "Showers"]),
            MeetingRowViewModel(
                position: 12, name: "Murray Bridge Straight\u{1B}[31m", category: .greyhound, races: 9, run: 9,
                toRun: 0, abandoned: 0, progress: "9/9", next: "finished", nextTime: nil, nextRace: nil, isOver: true),
        ]
        return MeetingsViewModel(
            title: "Meetings · 2 today",
            note: nil,
            groups: [
                MeetingGroupViewModel(heading: "Australia · NSW", country: "AUS", state: "NSW", rows: [rows[0]]),
                MeetingGroupViewModel(heading: "Australia · SA", country: "AUS", state: "SA", rows: [rows[1]]),
            ], emptyMessage: nil)
    }

    @Test("the list at 80 columns: headings, numbers, codes, names, run of races, next race and its time")
    func listWide() {
        MeetingsTextView(output: output, style: style(width: 80)).display(list)
        #expect(
            output.lines == [
                "Meetings - 2 today",
                "Australia - NSW",
                "   1  T  Randwick                  3/10  R4 12m 0s  12:00pm  Soft 6 - Showers",
                "Australia - SA",
                "  12  G  Murray Bridge Straigh...   9/9  finished",
            ])
    }

    @Test("each day's meetings under the day, where the list tells its days; JSON gives each meeting's date")
    func listByDay() throws {
        let rows = list.groups.flatMap(\.rows)
        let byDay = MeetingsViewModel(
            title: "Meetings · 2", note: nil,
            groups: [
                MeetingGroupViewModel(
                    heading: "Australia · NSW", country: "AUS", state: "NSW", rows: [rows[0]],
                    day: "Yesterday, Friday 6 March 2026", date: "2026-03-06"),
                MeetingGroupViewModel(
                    heading: "Australia · SA", country: "AUS", state: "SA", rows: [rows[1]],
                    day: "Saturday 7 March 2026", date: "2026-03-07"),
            ], emptyMessage: nil)
        MeetingsTextView(output: output, style: style(width: 40)).display(byDay)
        #expect(
            output.lines == [
                "Meetings - 2", "Yesterday, Friday 6 March 2026", "Australia - NSW",
                "   1  T  Randwick        3/10  R4 12m 0s", "Saturday 7 March 2026", "Australia - SA",
                "  12  G  Murray Brid...   9/9  finished",
            ])
        let documents = RecordingDocuments()
        MeetingsJSONView(output: documents).display(byDay)
        let groups = try #require(documents.documents.last?.body["groups"] as? [[String: Any]])
        #expect(groups.map { $0["day"] as? String } == ["Yesterday, Friday 6 March 2026", "Saturday 7 March 2026"])
        let dates = groups.flatMap { ($0["meetings"] as? [[String: Any]] ?? []).map { $0["date"] as? String } }
        #expect(dates == ["2026-03-06", "2026-03-07"])
        MeetingsJSONView(output: documents).display(list)
        let undated = try #require(documents.documents.last?.body["groups"] as? [[String: Any]])
        #expect(undated.allSatisfy { $0["day"] is JSONNull }, "one day, today: no day")
    }

    @Test("a meeting's going and weather follow its next start where they fit whole, and only there")
    func listConditions() {
        MeetingsTextView(output: output, style: style(width: 100, glyphs: true)).display(list)
        #expect(output.lines[2] == "   1  🏇  Randwick                  3/10  R4 12m 0s  12:00pm  Soft 6 · Showers")
        #expect(output.lines[4].hasSuffix("9/9  finished"))
        output.reset()
        MeetingsTextView(output: output, style: style(width: 70)).display(list)
        #expect(output.lines[2] == "   1  T  Randwick                  3/10  R4 12m 0s  12:00pm")
    }

    @Test("at 40 columns every line fits, names cut with an ellipsis, no times")
    func listNarrow() {
        MeetingsTextView(output: output, style: style(width: 40, glyphs: true)).display(list)
        #expect(output.lines.allSatisfy { TerminalText.width(of: $0) <= 40 })
        #expect(output.lines[4] == "  12  🐕  Murray Bridg…   9/9  finished", "\(output.lines)")
        #expect(output.lines[2] == "   1  🏇  Randwick       3/10  R4 12m 0s")
    }

    var meeting: MeetingViewModel {
        let race = Race(
            id: "r1", number: 1, name: "Maiden Plate", meetingName: "Randwick", category: .horse,
            advertisedStart: start)
        return MeetingViewModel(
            title: "Randwick", details: "horse · NSW, Australia · 1 of 2 run", note: nil,
            content: .races([
                MeetingRaceRowViewModel(
                    race: race, startTime: "11:00am", status: "Final 3-1-7", stage: .result, secondsToStart: -600,
                    statusWord: "Final", placings: [3, 1, 7]),
                MeetingRaceRowViewModel(
                    race: race.startingAt(start, id: "r10"), startTime: "12:30pm", status: "1h 30m",
                    stage: .upcoming, secondsToStart: 5_400, statusWord: nil, placings: []),
            ]), category: .horse, country: "AUS", state: "NSW")
    }

    @Test("a meeting: number, start, status, and the race's name where there is room; no trailing spaces")
    func meetingRows() {
        MeetingsTextView(output: output, style: style(width: 80)).display(meeting)
        #expect(
            output.lines == [
                "Randwick", "  horse - NSW, Australia - 1 of 2 run",
                "  R1  11:00am  Final 3-1-7  Maiden Plate",
                "  R1  12:30pm  1h 30m       Maiden Plate",
            ])
        output.reset()
        MeetingsTextView(output: output, style: style(width: 40)).display(meeting)
        #expect(output.lines.last == "  R1  12:30pm  1h 30m")
    }

    @Test("a meeting's quaddies under its conditions, folded to the width; in JSON its legs, empty where none")
    func quaddies() throws {
        let plain = meeting
        let model = MeetingViewModel(
            title: plain.title, details: plain.details, note: nil, content: plain.content, category: .horse,
            country: "AUS", state: "NSW", conditions: "Track Good 4 · Fine",
            quaddies: "Quaddie R5-R8 · Early quaddie R1-R4", quaddieLegs: [5, 6, 7, 8], earlyQuaddieLegs: [1, 2, 3, 4])
        MeetingsTextView(output: output, style: style(width: 80)).display(model)
        #expect(
            output.lines.prefix(4) == [
                "Randwick", "  horse - NSW, Australia - 1 of 2 run", "  Track Good 4 - Fine",
                "  Quaddie R5-R8 - Early quaddie R1-R4",
            ])
        output.reset()
        let scattered = MeetingViewModel(
            title: plain.title, details: plain.details, note: nil, content: plain.content, category: .horse,
            country: "AUS", state: "NSW", quaddies: "Quaddie R2, R4, R5, R6 · Early quaddie R1, R3, R5, R7")
        MeetingsTextView(output: output, style: style(width: 40)).display(scattered)
        #expect(output.lines.contains("  Quaddie R2, R4, R5, R6 - Early quaddie"), "\(output.lines)")
        #expect(output.lines.allSatisfy { $0.count <= 40 }, "\(output.lines)")
        let documents = RecordingDocuments()
        let view = MeetingsJSONView(output: documents)
        view.display(model)
        #expect(documents.documents.last?.body["quaddie"] as? [Int] == [5, 6, 7, 8])
        #expect(documents.documents.last?.body["earlyQuaddie"] as? [Int] == [1, 2, 3, 4])
        view.display(plain)
        #expect(documents.documents.last?.body["quaddie"] as? [Int] == [])
    }

    @Test("JSON: the list's groups and meetings with their next race; a meeting's races with status and placings")
    func json() throws {
        let documents = RecordingDocuments()
        let view = MeetingsJSONView(output: documents)
        view.display(list)
        let body = try #require(documents.documents.last?.body)
        #expect(documents.documents.last?.type == "meetings")
        let groups = try #require(body["groups"] as? [[String: Any]])
        let first = try #require((groups.first?["meetings"] as? [[String: Any]])?.first)
        #expect(first["meeting"] as? String == "Randwick" && first["toRun"] as? Int == 7)
        #expect((first["next"] as? [String: Any])?["raceNumber"] as? Int == 4)
        #expect(first["conditions"] as? String == "Soft 6 · Showers")
        view.display(meeting)
        let races = try #require(documents.documents.last?.body["races"] as? [[String: Any]])
        #expect(documents.documents.last?.type == "meeting" && documents.documents.last?.streamed == false)
        #expect(races.first?["placings"] as? [Int] == [3, 1, 7] && races.first?["status"] as? String == "Final")
        #expect(races.last?["status"] is JSONNull && races.first?["favourite"] == nil)
    }
}
