import Core
import MeetingsInteractor
import Platform
import RaceData

/// The day's meetings as both screens show them at a moment: by date (each meeting's own, at its venue:
/// `MeetingDate`), then by place (Australia by state, New Zealand, then other countries by name), and in each place
/// by their first race's start. The order does not change as the day goes on, so the list's numbers stay put:
/// `meeting N` reaches the meeting shown as N.
struct MeetingsDay {
    let groups: [(date: MeetingDate, place: MeetingPlace, meetings: [MeetingSummary])]
    let source: MeetingsAnswer.Source
    /// The viewer's date: what the board too calls today.
    let today: MeetingDate

    /// - Parameter timeZone: the viewer's, where a meeting's venue has no zone known.
    init(
        _ answer: MeetingsAnswer, standings: [String: RaceStanding], at now: Date, timeZone: LocalZone,
        selection: RaceSelection
    ) {
        source = answer.source
        today = MeetingDate.today(at: now, in: timeZone)
        var byDay: [MeetingDate: [MeetingPlace: [MeetingSummary]]] = [:]
        for meeting in answer.day.meetings {
            let races = meeting.races.filter(selection.admits)
            guard
                let summary = MeetingSummary(
                    RaceDay.Meeting(id: meeting.id, races: races, quaddies: meeting.quaddies), standings: standings,
                    at: now, timeZone: timeZone)
            else { continue }
            byDay[summary.date, default: [:]][summary.place, default: []].append(summary)
        }
        groups = byDay.keys.sorted().flatMap { date in
            let byPlace = byDay[date, default: [:]]
            return byPlace.keys.sorted().map { place in
                (
                    date, place,
                    byPlace[place, default: []].sorted {
                        ($0.firstStart, $0.name, $0.id) < ($1.firstStart, $1.name, $1.id)
                    }
                )
            }
        }
    }

    var meetings: [MeetingSummary] { groups.flatMap(\.meetings) }

    /// Whether the list tells its days apart: its meetings are of more than one date, or of one not today.
    var showsDays: Bool {
        let dates = Set(groups.map(\.date))
        return dates.count > 1 || dates.first.map { $0 != today } == true
    }

    /// A list of the day's meetings is today's, where all of them are; the feed's races may run into tomorrow.
    var isToday: Bool {
        if case .list = source { !showsDays } else { false }
    }

    /// The note a list grouped from a feed carries: it knows only the races still to come.
    var sourceNote: String? {
        guard case .feed(let feed) = source else { return nil }
        return "From the races in the feed (\(feed)): the source lists no meetings, so races already run are not here."
    }
}
