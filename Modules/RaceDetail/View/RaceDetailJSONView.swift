import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A race's sheet as a `--json` document (`"type": "race"`): the README's schema.
@MainActor
public final class RaceDetailJSONView: RaceDetailViewInput {
    private let output: any JSONDocumentOutput

    public init(output: any JSONDocumentOutput) { self.output = output }

    public func display(_ viewModel: RaceDetailViewModel) {
        guard let race = viewModel.race else { return }
        var fields = JSONFields.race(
            race, secondsToStart: viewModel.secondsToStart, countdown: viewModel.countdown,
            favourite: viewModel.isFavourite)
        fields["distance"] =
            race.form.distance.map { ["value": $0.value, "unit": JSONFields.value($0.unit)] } ?? JSONNull()
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

    public func displayCommandError(_ message: String) { output.writeError(message) }
    public func displayWarning(_ message: String) { output.warn(message) }
}
