import Core
import Platform
import Text

/// The meetings (`"type": "meetings"`) and a meeting (`"type": "meeting"`) as `--json` documents: the README's
/// schema.
@MainActor
public final class MeetingsJSONView: MeetingsViewInput, JSONFeedbackView {
    public let output: any JSONDocumentOutput

    public init(output: any JSONDocumentOutput) { self.output = output }

    public func display(_ viewModel: MeetingsViewModel) {
        let groups = viewModel.groups.map { group -> [String: Any] in
            [
                "heading": group.heading, "country": JSONFields.value(group.country),
                "state": JSONFields.value(group.state), "day": JSONFields.value(group.day),
                "meetings": group.rows.map { row -> [String: Any] in
                    [
                        "position": row.position, "meeting": row.name, "category": row.category.displayName,
                        "date": JSONFields.value(group.date),
                        "races": row.races, "run": row.run, "toRun": row.toRun,
                        "abandoned": row.abandoned, "status": row.next,
                        "next": row.nextRace.map(Self.next) ?? JSONNull(),
                        "conditions": JSONFields.value(row.conditions),
                    ]
                },
            ]
        }
        show(
            "meetings",
            [
                "title": viewModel.title, "note": JSONFields.value(viewModel.note), "groups": groups,
                "message": JSONFields.value(viewModel.emptyMessage),
            ], followUp: viewModel.isFollowUpFrame)
    }

    public func display(_ viewModel: MeetingViewModel) {
        var body: [String: Any] = [
            "meeting": viewModel.title, "details": viewModel.details, "note": JSONFields.value(viewModel.note),
            "conditions": JSONFields.value(viewModel.conditions),
            "quaddie": viewModel.quaddieLegs, "earlyQuaddie": viewModel.earlyQuaddieLegs,
            "run": viewModel.counts.run, "toRun": viewModel.counts.toRun, "abandoned": viewModel.counts.abandoned,
            "next": viewModel.next.map(Self.next) ?? JSONNull(),
            "category": JSONFields.value(viewModel.category?.displayName),
            "country": JSONFields.value(viewModel.country),
            "state": JSONFields.value(viewModel.state), "date": JSONFields.value(viewModel.date),
        ]
        switch viewModel.content {
        case .missing(let message):
            body["races"] = [Any]()
            body["message"] = message
        case .races(let rows):
            body["message"] = JSONNull()
            body["races"] = rows.map { row -> [String: Any] in
                JSONFields.race(
                    row.race, secondsToStart: row.secondsToStart, countdown: row.status, favourite: false
                ).merging(
                    [
                        "localTime": row.startTime, "status": JSONFields.value(row.statusWord),
                        "placings": row.placings, "winner": JSONFields.value(row.winner),
                        "winDividend": row.winDividend ?? JSONNull(),
                    ]
                ) { $1 }.filter { $0.key != "favourite" }
            }
        }
        show("meeting", body, followUp: viewModel.isFollowUpFrame)
    }

    private static func next(_ next: MeetingRowViewModel.NextRace) -> Any {
        [
            "id": next.id, "raceNumber": next.number, "start": JSONFields.iso8601(next.start),
            "startUnix": Int(saturatingRoundedDown: next.start.timeIntervalSince1970),
            "secondsToStart": next.secondsToStart, "countdown": next.countdown,
        ] as [String: Any]
    }

    private func show(_ type: String, _ body: [String: Any], followUp: Bool?) {
        output.show(type, body, replacesPrevious: followUp == true, streamed: followUp != nil)
    }
}
