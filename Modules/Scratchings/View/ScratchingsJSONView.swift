import Core
import Platform
import Text

/// The scratchings as a `--json` document (`"type": "scratchings"`): the README's schema.
@MainActor
public final class ScratchingsJSONView: ScratchingsViewInput, JSONFeedbackView {
    public let output: any JSONDocumentOutput

    public init(output: any JSONDocumentOutput) { self.output = output }

    public func display(_ viewModel: ScratchingsViewModel) {
        output.show(
            "scratchings",
            [
                "title": viewModel.title, "note": JSONFields.value(viewModel.note),
                "message": JSONFields.value(viewModel.emptyMessage), "runners": viewModel.rows.map(Self.runner),
            ])
    }

    private static func runner(_ row: ScratchingsViewModel.Row) -> [String: Any] {
        [
            "position": row.position, "raceId": row.race.id, "meeting": row.race.meetingName,
            "raceNumber": row.race.number, "category": row.race.category.displayName,
            "start": JSONFields.iso8601(row.race.advertisedStart), "runnerNumber": row.runnerNumber,
            "runnerName": row.runnerName,
            "scratchedAt": row.scratchedAt.map(JSONFields.iso8601) ?? JSONNull(),
            "scratchedAtUnix": JSONFields.value(
                row.scratchedAt.map { Int(saturatingRoundedDown: $0.timeIntervalSince1970) }),
            "localTime": JSONFields.value(row.time),
            "deduction": row.deduction.map { ["win": $0.win, "place": $0.place] } ?? JSONNull(),
        ]
    }
}
