import Core
import Platform

/// Where a `--json` run's views write: one document a command (the screen it ended on), with what it said
/// besides as text lines, errors and warnings. The app prints each document when its command has settled.
@MainActor
public protocol JSONDocumentOutput: TextOutput {
    /// The screen's document: its `type` and the fields of its body. `replacesPrevious`: a `watch` frame after
    /// the first; `streamed`: a `watch` frame, printed as it comes rather than when the command ends.
    func show(_ type: String, _ body: [String: Any], replacesPrevious: Bool, streamed: Bool)
    func warn(_ message: String)
}

extension JSONDocumentOutput {
    public func show(_ type: String, _ body: [String: Any]) {
        show(type, body, replacesPrevious: false, streamed: false)
    }
}

/// How a screen is shown: lines of text for a terminal or a pipe, or JSON documents. Each feature makes the view
/// for it from its own View target.
public enum Presentation {
    case text(any TextOutput, DisplayStyle)
    case json(any JSONDocumentOutput)

    /// A feature's view for this presentation: its text view or its JSON view.
    @MainActor
    public func view<View>(
        text: (any TextOutput, DisplayStyle) -> View, json: (any JSONDocumentOutput) -> View
    ) -> View {
        switch self {
        case .text(let output, let style): text(output, style)
        case .json(let output): json(output)
        }
    }
}

/// The fields the features' JSON views share (the README's schema, version 1).
public enum JSONFields {
    /// `2025-05-27T01:36:00Z`.
    public static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    public static func value(_ optional: String?) -> Any { optional ?? JSONNull() }
    public static func value(_ optional: Int?) -> Any { optional ?? JSONNull() }
    public static func value(_ optional: Double?) -> Any { optional ?? JSONNull() }

    /// Every field of a race that both the board and the sheet show.
    public static func race(_ race: Race, secondsToStart: Int, countdown: String, favourite: Bool) -> [String: Any] {
        [
            "id": race.id, "meeting": race.meetingName, "raceNumber": race.number, "name": value(race.name),
            "category": race.category.displayName, "venue": value(race.venue.name), "state": value(race.venue.state),
            "country": value(race.venue.country), "start": iso8601(race.advertisedStart),
            "startUnix": Int(saturatingRoundedDown: race.advertisedStart.timeIntervalSince1970),
            "secondsToStart": secondsToStart, "countdown": countdown, "favourite": favourite,
        ]
    }
}
