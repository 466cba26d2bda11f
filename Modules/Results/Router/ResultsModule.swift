import Core
import FeatureKit
import ResultsInteractor
import ResultsPresenter
import ResultsView
import Text

extension ScreenKind {
    public static let results = ScreenKind("results", title: "the results")
}

public typealias ResultsScreen = ModuleScreen<any ResultsModuleInput>

/// The results feature: the day's results, the latest first (`results [WORDS]`), from any screen; `show N` opens a
/// race's sheet. Its assembly, its screen and the commands it takes.
@MainActor
public enum ResultsModule {
    nonisolated static let wayIn = CommandEntry(
        "results", arguments: [CommandArgument("WORDS", .text, optional: true)], usage: "results [WORDS]",
        summary: "the day's results, latest first: placings and dividends; WORDS narrow them",
        details:
            "Each race run (or abandoned) across the day's meetings, once its result is in, with its placings by number and name and what the tote paid (win, place, quinella, exacta, trifecta, first four, doubles, as its card has them). WORDS narrow them as `meetings` does: codes (horse, greyhound, harness, or T H G), regions (aus, nz, intl), places (nsw, uk) or part of a meeting's name. A card source's cards are read within its budget, the newest first. `show N` opens race N's card, and `back` returns.",
        example: "results greyhound aus", screens: nil, opens: ResultsRouter.results)

    public nonisolated static let commands: [ScreenCommand<any ResultsModuleInput>] = [
        ScreenCommand(
            CommandEntry(
                "show", aliases: ["open"], arguments: [CommandArgument("N", .position)], usage: "show N",
                summary: "open result N's race card", example: "show 1", screens: [.results],
                misuse: "Usage: show N, where N is a result's number on the list.")
        ) { presenter, number, done in presenter.openRace(number: number, completion: done) }
    ]

    public nonisolated static let feature = Feature(
        ResultsRouter.results, commands: [wayIn] + commands.map(\.entry), opens: [ResultsRouter.raceDetail]
    ) { argument, context, navigator in
        let selection: RaceSelection =
            if case .word(let words) = argument { RaceSelection(words: words) } else { RaceSelection() }
        let view = view(for: context.presentation)
        let presenter = ResultsPresenter(
            interactor: ResultsInteractor(
                meetings: context.cards.meetings, races: context.races.service, cards: context.cards.reads,
                book: context.book, clock: context.run.clock, answersAtOnce: context.cards.answerAtOnce),
            router: ResultsRouter(navigator: navigator), view: view, clock: context.run.clock,
            timeZone: context.run.timeZone, selection: selection, firstWait: context.run.firstCardWait,
            scheduler: MainQueueScheduler())
        return screen(presenter: presenter, view: view)
    }

    /// The view for how the run shows its screens.
    public static func view(for presentation: Presentation) -> any ResultsViewInput {
        presentation.view(text: ResultsTextView.init, json: ResultsJSONView.init)
    }

    public static func screen(presenter: any ResultsModuleInput, view: AnyObject) -> ResultsScreen {
        ModuleScreen(
            presenter: presenter, view: view, kind: .results, presentation: .fullScreen, commands: commands,
            drawing: ScreenDrawing(
                render: { presenter, done in presenter.show(completion: done) },
                renderLive: { presenter in presenter.showLive() },
                numberedRows: { presenter in presenter.highestNumber }))
    }
}
