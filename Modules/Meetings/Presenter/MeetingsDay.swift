import Core
import MeetingsInteractor
import Platform
import RaceData

/// The day's meetings as both screens show them at a moment: grouped by place (Australia by state, New Zealand,
/// then other countries by name), and in each place by their first race's start. The order does not change as
/// the day goes on, so the list's numbers stay put: `meeting N` reaches the meeting shown as N.
struct MeetingsDay {
    let groups: [(place: MeetingPlace, meetings: [MeetingSummary])]
    let source: MeetingsAnswer.Source

    init(_ answer: MeetingsAnswer, standings: [String: RaceStanding], at now: Date, selection: MeetingsSelection) {
        source = answer.source
        var byPlace: [MeetingPlace: [MeetingSummary]] = [:]
        for meeting in answer.day.meetings {
            let races = meeting.races.filter(selection.admits)
            guard
                let summary = MeetingSummary(
                    RaceDay.Meeting(id: meeting.id, races: races), standings: standings, at: now)
            else { continue }
            byPlace[summary.place, default: []].append(summary)
        }
        groups = byPlace.keys.sorted().map { place in
            (
                place,
                byPlace[place, default: []].sorted { ($0.firstStart, $0.name, $0.id) < ($1.firstStart, $1.name, $1.id) }
            )
        }
    }

    var meetings: [MeetingSummary] { groups.flatMap(\.meetings) }

    /// A list of the day's meetings is today's; the feed's races may run into tomorrow.
    var isToday: Bool {
        if case .list = source { true } else { false }
    }

    /// The note a list grouped from a feed carries: it knows only the races still to come.
    var sourceNote: String? {
        guard case .feed(let feed) = source else { return nil }
        return "From the races in the feed (\(feed)): the source lists no meetings, so races already run are not here."
    }
}
