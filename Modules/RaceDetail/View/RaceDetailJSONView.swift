import Core
import Platform
import Text

/// A race's sheet as a `--json` document (`"type": "race"`): the README's schema.
@MainActor
public final class RaceDetailJSONView: RaceDetailViewInput, JSONFeedbackView {
    public let output: any JSONDocumentOutput

    public init(output: any JSONDocumentOutput) { self.output = output }

    public func display(_ viewModel: RaceDetailViewModel) {
        guard let race = viewModel.race else { return }
        var fields = JSONFields.race(
            race, secondsToStart: viewModel.secondsToStart, countdown: viewModel.countdown,
            favourite: viewModel.isFavourite)
        fields["distance"] =
            race.form.distance.map { ["value": $0.value, "unit": JSONFields.value($0.unit)] } ?? JSONNull()
        fields["track"] = JSONFields.value(viewModel.going)
        fields["weather"] = JSONFields.value(viewModel.weather)
        fields["comment"] = JSONFields.value(race.form.comment)
        fields["class"] = JSONFields.value(race.form.info?.raceClass)
        fields["prizeMoney"] = race.form.info?.prizeMoney ?? JSONNull()
        fields["rail"] = JSONFields.value(race.form.info?.railPosition)
        fields["startType"] = JSONFields.value(race.form.info?.startType)
        fields["onBoard"] = viewModel.expiredNotice == nil
        let card = viewModel.card?.card
        fields["status"] = JSONFields.value(card?.status?.word)
        let followed = viewModel.card?.followed ?? [:]
        let marketFavourite = viewModel.card?.marketFavourite
        fields["runners"] = (card?.runners ?? []).map { runner in
            // Who of the runner the blackbook follows: "runner", "rider", "trainer" (empty for none); the market's
            // favourite by the board's rule, each of equal favourites (the card's own mark where none is priced).
            let isMarketFavourite =
                marketFavourite.map { !runner.isScratched && $0.includes(runner.number) } ?? runner.isMarketFavourite
            return Self.runner(runner).merging([
                "book": followed[runner.number] ?? [], "marketFavourite": isMarketFavourite,
                "equalFavourite": isMarketFavourite && marketFavourite?.isEqual == true,
            ]) { $1 }
        }
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
        let lateAt: Date? = if case .late(let at, _)? = runner.scratching { at } else { nil }
        return [
            "number": runner.number, "name": runner.name, "barrier": JSONFields.value(runner.barrier),
            "rider": JSONFields.value(runner.rider), "trainer": JSONFields.value(runner.trainer),
            "weight": JSONFields.value(runner.weight), "fixedWin": JSONFields.value(runner.fixedWin),
            "fixedPlace": JSONFields.value(runner.fixedPlace), "flucs": runner.flucs,
            "scratched": runner.isScratched,
            "lateScratchedAt": JSONFields.value(lateAt.map { Int($0.timeIntervalSince1970) }),
            "marketFavourite": runner.isMarketFavourite, "mover": runner.isMover,
            "lastStarts": JSONFields.value(runner.lastStarts), "form": runner.form.map(form) ?? JSONNull(),
        ]
    }

    /// The rest of the card's entry (README: `form`); each part null or empty where the card leaves it out.
    private static func form(_ form: RunnerForm) -> [String: Any] {
        [
            "starts": form.starts.map { start -> [String: Any] in
                [
                    "date": JSONFields.value(start.date.map { CalendarDays.isoDate(ofCardDate: $0) ?? $0 }),
                    "track": JSONFields.value(start.track),
                    "distance": JSONFields.value(start.distance), "going": JSONFields.value(start.trackCondition),
                    "finish": JSONFields.value(start.finish), "runners": JSONFields.value(start.runners),
                    "margin": JSONFields.value(start.margin), "rider": JSONFields.value(start.rider),
                    "startingPrice": JSONFields.value(start.startingPrice), "winner": JSONFields.value(start.winner),
                    "barrier": JSONFields.value(start.barrier), "weight": JSONFields.value(start.weight),
                ]
            },
            "records": form.records.map { record -> [String: Any] in
                [
                    "kind": record.kind.rawValue, "starts": record.starts, "wins": record.wins,
                    "seconds": record.seconds, "thirds": record.thirds,
                ]
            },
            "speedMap": form.speedMap.map {
                ["label": JSONFields.value($0.label), "settlingLengths": JSONFields.value($0.settlingLengths)]
            } ?? JSONNull(),
            "silks": JSONFields.value(form.silks), "gear": JSONFields.value(form.gear),
            "age": JSONFields.value(form.age), "sex": JSONFields.value(form.sex),
            "colour": JSONFields.value(form.colour), "sire": JSONFields.value(form.sire),
            "dam": JSONFields.value(form.dam), "toteWin": JSONFields.value(form.toteWin),
            "totePlace": JSONFields.value(form.totePlace),
            "prices": form.priceHistory.map { point -> [String: Any] in
                ["price": point.price, "at": JSONFields.value(point.at.map(JSONFields.iso8601))]
            },
        ]
    }

}
