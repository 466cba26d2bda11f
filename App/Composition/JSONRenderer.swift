import Core
import FavouritesView
import Foundation
import RaceDetailView
import RaceListView
import Shell

/// `--json`: every command prints one JSON document on stdout (schema 1, described in the README), errors
/// print `{"error": {"code": …, "message": …}}` on stderr. Made from the same view models as the text.
@MainActor
struct JSONRenderer: ScreenRenderer {
    let output: JSONCommandOutput

    func raceListView() -> any RaceListViewInput { RaceListJSONView(output: output) }
    func raceDetailView() -> any RaceDetailViewInput { RaceDetailJSONView(output: output) }
    func favouritesView() -> any FavouritesViewInput { FavouritesJSONView(output: output) }
}

/// Collects what one command shows and prints it as one document when the command has settled: the screen
/// it ended on (a sheet opened over the list prints the sheet), or its lines of text (`help`). `watch` frames
/// each print as they come, one line each (NDJSON).
@MainActor
final class JSONCommandOutput: TextOutput {
    static let schema = 1
    private var document: [String: Any]?
    private var lines: [String] = []
    private var errors: [String] = []

    func show(_ type: String, _ body: [String: Any], replacesPrevious: Bool = false) {
        if replacesPrevious, let document { print(document, to: .output) }
        document = ["schema": Self.schema, "type": type].merging(body) { $1 }
    }

    func writeLine(_ line: String) { lines.append(line) }
    func writeError(_ line: String) { errors.append(line) }

    func writeAlert(_ line: String) {
        print(["alert": ["message": line]], to: .error)
    }

    func warn(_ message: String) {
        print(["warning": ["message": message]], to: .error)
    }

    /// An error before any command could run (a bad option, a source that cannot be set up).
    nonisolated static func printError(_ message: String, code: Int32) {
        guard let text = line(["error": ["code": Int(code), "message": message]]) else { return }
        StandardStreams.write(text, to: .error)
    }

    /// One document, compact, keys sorted (so the bytes are stable), and a line break. Every string in it is
    /// rid of what the text output would never print (bidi overrides, C1 controls, DEL, zero-width marks): the
    /// JSON is read on terminals too, and JSONSerialization escapes only the C0 controls.
    nonisolated static func line(_ object: [String: Any]) -> String? {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: visible(object), options: [.sortedKeys, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    nonisolated private static func visible(_ value: Any) -> Any {
        switch value {
        case let text as String: TerminalText.withoutInvisibles(text)
        case let object as [String: Any]: object.mapValues(visible)
        case let array as [Any]: array.map(visible)
        default: value
        }
    }

    /// The command has settled with `result`: its document, or its errors.
    func finishCommand(_ result: CommandResult) {
        if let document {
            print(document, to: .output)
        } else if !lines.isEmpty {
            print(["schema": Self.schema, "type": "text", "lines": lines], to: .output)
        }
        if !errors.isEmpty {
            let code = result.exitStatus == .ok ? ExitStatus.usage.rawValue : result.exitStatus.rawValue
            print(["error": ["code": code, "message": errors.joined(separator: " ")]], to: .error)
        }
        document = nil
        lines = []
        errors = []
    }

    private func print(_ object: [String: Any], to stream: StandardStreams.Stream) {
        guard let text = Self.line(object) else { return }
        switch stream {
        case .output: StandardStreams.writeOrExit(text, status: ExitStatus.outputFailed.rawValue)
        case .error: StandardStreams.write(text, to: .error)
        }
    }
}

enum JSONFields {
    /// `2025-05-27T01:36:00Z`.
    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    static func value(_ optional: String?) -> Any { optional ?? NSNull() }
    static func value(_ optional: Int?) -> Any { optional ?? NSNull() }
    static func value(_ optional: Double?) -> Any { optional ?? NSNull() }

    /// Every field of a race that both the board and the sheet show.
    static func race(_ race: Race, secondsToStart: Int, countdown: String, favourite: Bool) -> [String: Any] {
        [
            "id": race.id, "meeting": race.meetingName, "raceNumber": race.number, "name": value(race.name),
            "category": race.category.displayName, "venue": value(race.venue.name), "state": value(race.venue.state),
            "country": value(race.venue.country), "start": iso8601(race.advertisedStart),
            "startUnix": Int(saturatingRoundedDown: race.advertisedStart.timeIntervalSince1970),
            "secondsToStart": secondsToStart, "countdown": countdown, "favourite": favourite,
        ]
    }
}

@MainActor
final class RaceListJSONView: RaceListViewInput {
    private let output: JSONCommandOutput

    init(output: JSONCommandOutput) { self.output = output }

    func display(_ viewModel: RaceListViewModel) {
        var body: [String: Any] = [
            "title": viewModel.title, "filter": viewModel.filterSummary, "narrowing": viewModel.narrowing,
            "stale": JSONFields.value(viewModel.staleNotice), "note": JSONFields.value(viewModel.footnote),
        ]
        switch viewModel.content {
        case .loading:
            return
        case .error(let message, _):
            output.writeError(message)
            return
        case .empty(let message):
            body["races"] = [Any]()
            body["message"] = message
        case .races(let rows):
            body["races"] = rows.compactMap(Self.race)
            body["message"] = NSNull()
        case .sections(let sections):
            body["races"] = sections.flatMap(\.rows).compactMap(Self.race)
            body["sections"] = sections.map { section -> [String: Any] in
                [
                    "heading": section.heading, "day": JSONFields.value(section.day),
                    "positions": section.rows.map(\.position),
                ]
            }
            body["message"] = NSNull()
        }
        output.show("board", body, replacesPrevious: viewModel.replacesPrevious)
    }

    private static func race(_ row: RaceRowViewModel) -> [String: Any]? {
        guard let race = row.race else { return nil }
        return ["position": row.position].merging(
            JSONFields.race(
                race, secondsToStart: row.secondsToStart, countdown: row.countdown, favourite: row.isFavourite)
        ) { $1 }
    }

    func displayCommandError(_ message: String) { output.writeError(message) }
    func displayWarning(_ message: String) { output.warn(message) }
    func displayMessage(_ message: String) { output.writeLine(message) }
    func displayStatus(_ status: LiveStatusViewModel) {}
    func displayNotice(_ message: String) {}
    func displayAlert(_ alert: RaceAlertViewModel) { output.writeAlert(alert.message) }
}

@MainActor
final class RaceDetailJSONView: RaceDetailViewInput {
    private let output: JSONCommandOutput

    init(output: JSONCommandOutput) { self.output = output }

    func display(_ viewModel: RaceDetailViewModel) {
        guard let race = viewModel.race else { return }
        var fields = JSONFields.race(
            race, secondsToStart: viewModel.secondsToStart, countdown: viewModel.countdown,
            favourite: viewModel.isFavourite)
        fields["distance"] =
            race.form.distance.map { ["value": $0.value, "unit": JSONFields.value($0.unit)] } ?? NSNull()
        fields["track"] = JSONFields.value(race.form.trackCondition)
        fields["weather"] = JSONFields.value(race.form.weather)
        fields["comment"] = JSONFields.value(race.form.comment)
        fields["onBoard"] = viewModel.expiredNotice == nil
        let card = viewModel.card?.card
        fields["status"] = JSONFields.value(card?.status?.word)
        fields["runners"] = (card?.runners ?? []).map(Self.runner)
        fields["results"] = (card?.placings ?? []).map { placing -> [String: Any] in
            [
                "position": placing.position, "runner": placing.runnerNumber, "name": JSONFields.value(placing.name),
                "margin": JSONFields.value(placing.margin),
            ]
        }
        fields["dividends"] = (card?.dividends ?? []).map { dividend -> [String: Any] in
            ["bet": dividend.bet, "runners": dividend.runners, "amount": dividend.amount, "final": dividend.isFinal]
        }
        output.show(
            "race",
            [
                "race": fields, "notice": JSONFields.value(viewModel.expiredNotice),
                "cardNote": JSONFields.value(viewModel.cardNote),
            ])
    }

    private static func runner(_ runner: Runner) -> [String: Any] {
        let lateAt: Date? = if case .late(let at)? = runner.scratching { at } else { nil }
        return [
            "number": runner.number, "name": runner.name, "barrier": JSONFields.value(runner.barrier),
            "rider": JSONFields.value(runner.rider), "trainer": JSONFields.value(runner.trainer),
            "weight": JSONFields.value(runner.weight), "fixedWin": JSONFields.value(runner.fixedWin),
            "fixedPlace": JSONFields.value(runner.fixedPlace), "flucs": runner.flucs,
            "scratched": runner.isScratched,
            "lateScratchedAt": JSONFields.value(lateAt.map { Int($0.timeIntervalSince1970) }),
            "marketFavourite": runner.isFavourite, "mover": runner.isMover,
            "lastStarts": JSONFields.value(runner.lastStarts),
        ]
    }

    func displayCommandError(_ message: String) { output.writeError(message) }
    func displayWarning(_ message: String) { output.warn(message) }
}

@MainActor
final class FavouritesJSONView: FavouritesViewInput {
    private let output: JSONCommandOutput

    init(output: JSONCommandOutput) { self.output = output }

    func display(_ viewModel: FavouritesViewModel) {
        var body: [String: Any] = ["title": viewModel.title]
        switch viewModel.content {
        case .empty(let message):
            body["races"] = [Any]()
            body["message"] = message
        case .races(let rows):
            body["message"] = NSNull()
            body["races"] = rows.compactMap { row -> [String: Any]? in
                guard let favourite = row.favourite else { return nil }
                return JSONFields.race(
                    favourite.race, secondsToStart: row.secondsToStart, countdown: row.status, favourite: true
                ).merging(["position": row.position, "jumped": row.hasJumped]) { $1 }
            }
        }
        output.show("favourites", body)
    }

    func displayCommandError(_ message: String) { output.writeError(message) }
    func displayWarning(_ message: String) { output.warn(message) }
}
