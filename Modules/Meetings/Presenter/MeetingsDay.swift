import Core
import Foundation
import MeetingsInteractor
import RaceData

/// The day's meetings as both screens show them at a moment: grouped by place (Australia by state, New Zealand,
/// then other countries by name), and in each place the meetings with races to come first, by their next
/// start, then those over. The list's numbers follow this order, and `meeting N` reaches the same meeting.
struct MeetingsDay {
    let groups: [(place: MeetingPlace, meetings: [MeetingSummary])]
    let source: MeetingsAnswer.Source

    init(_ answer: MeetingsAnswer, standings: [String: RaceStanding], at now: Date, selection: MeetingsSelection) {
        source = answer.source
        var byPlace: [MeetingPlace: [MeetingSummary]] = [:]
        for meeting in answer.day.meetings {
            let races = meeting.races.filter(selection.admits)
            guard !races.isEmpty else { continue }
            let summary = MeetingSummary(RaceDay.Meeting(id: meeting.id, races: races), standings: standings, at: now)
            byPlace[summary.place, default: []].append(summary)
        }
        groups = byPlace.keys.sorted().map { place in
            (place, byPlace[place, default: []].sorted(by: Self.isOrderedBefore))
        }
    }

    private static func isOrderedBefore(_ left: MeetingSummary, _ right: MeetingSummary) -> Bool {
        switch (left.next, right.next) {
        case (let first?, let second?):
            (first.race.advertisedStart, left.name) < (second.race.advertisedStart, right.name)
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): (left.firstStart, left.name) < (right.firstStart, right.name)
        }
    }

    var meetings: [MeetingSummary] { groups.flatMap(\.meetings) }

    /// The note a list grouped from a feed carries: it knows only the races still to come.
    var sourceNote: String? {
        guard case .feed(let feed) = source else { return nil }
        return "From the races in the feed (\(feed)): the source lists no meetings, so races already run are not here."
    }
}
