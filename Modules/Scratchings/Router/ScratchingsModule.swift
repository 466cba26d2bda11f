import Core
import FeatureKit
import Platform
import ScratchingsInteractor
import ScratchingsPresenter
import ScratchingsView
import Text

extension ScreenKind {
    public static let scratchings = ScreenKind("scratchings", title: "the late scratchings")
}

public typealias ScratchingsScreen = ModuleScreen<any ScratchingsModuleInput>

/// The scratchings feature: the day's late scratchings (`scratchings [WORDS]`), from any screen. Its assembly, its
/// screen and the commands it takes.
@MainActor
public enum ScratchingsModule {
    nonisolated static let wayIn = CommandEntry(
        "scratchings", arguments: [CommandArgument("WORDS", .text, optional: true)], usage: "scratchings [WORDS]",
        summary: "the day's late scratchings, latest first: race, runner, time and deduction; WORDS narrow them",
        details:
            "Each runner scratched after the final field: its race, its number and name, when (your local time) and, where the card says, the deduction off fixed-odds bets on the others, in cents in the dollar (win/place). WORDS narrow them as they narrow `meetings`: codes (horse, greyhound, harness, or T H G), regions (aus, nz, intl), places (nsw, uk, sweden) or part of a meeting's name. From a card server, only the races whose cards have been read. `show N` opens the race of scratching N, and `back` returns.",
        example: "scratchings horse aus", screens: nil, opens: ScratchingsRouter.scratchings)

    public nonisolated static let commands: [ScreenCommand<any ScratchingsModuleInput>] = [
        ScreenCommand(
            CommandEntry(
                "show", aliases: ["open"], arguments: [CommandArgument("N", .position)], usage: "show N",
                summary: "open the race of scratching N", example: "show 1", screens: [.scratchings],
                misuse: "Usage: show N, where N is a scratching's number on the list.")
        ) { presenter, number, done in presenter.openRace(number: number, completion: done) }
    ]

    public nonisolated static let feature = Feature(
        ScratchingsRouter.scratchings, commands: [wayIn] + commands.map(\.entry), opens: [ScratchingsRouter.raceDetail]
    ) { argument, context, navigator in
        let selection: RaceSelection =
            if case .word(let words) = argument { RaceSelection(words: words) } else { RaceSelection() }
        let view = view(for: context.presentation)
        let presenter = ScratchingsPresenter(
            interactor: ScratchingsInteractor(
                meetings: context.cards.meetings, races: context.races.service, fields: context.cards.fields,
                cards: context.cards.reads, cardsAnswerAtOnce: context.cards.answerAtOnce, book: context.book,
                clock: context.run.clock),
            router: ScratchingsRouter(navigator: navigator), view: view, clock: context.run.clock,
            timeZone: context.run.timeZone, selection: selection, firstWait: context.run.firstCardWait,
            scheduler: MainQueueScheduler())
        return screen(presenter: presenter, view: view)
    }

    /// The view for how the run shows its screens.
    public static func view(for presentation: Presentation) -> any ScratchingsViewInput {
        presentation.view(text: ScratchingsTextView.init, json: ScratchingsJSONView.init)
    }

    public static func screen(presenter: any ScratchingsModuleInput, view: AnyObject) -> ScratchingsScreen {
        ModuleScreen(
            presenter: presenter, view: view, kind: .scratchings, presentation: .fullScreen, commands: commands,
            drawing: ScreenDrawing(
                render: { presenter, done in presenter.show(completion: done) },
                renderLive: { presenter in presenter.showLive() },
                numberedRows: { presenter in presenter.highestNumber }))
    }
}
