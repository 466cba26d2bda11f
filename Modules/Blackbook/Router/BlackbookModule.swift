import BlackbookInteractor
import BlackbookPresenter
import BlackbookView
import Core
import FeatureKit
import Platform
import RaceData
import Text

extension ScreenKind {
    public static let blackbook = ScreenKind("blackbook", title: "the blackbook")
    /// The race's card, as its feature names it: `follow` works there.
    static let raceCard = ScreenKind("raceDetail", title: "a race's details")
}

/// The blackbook on the shell's stack.
public typealias BlackbookScreen = ModuleScreen<any BlackbookModuleInput>

/// The blackbook: runners, riders and trainers followed across the day. Its screen (`book`), the commands that
/// screen takes, `follow` and `unfollow` on a race's card, and the marker it hands the board and the sheet.
/// Routing is `BlackbookRouter`'s alone.
@MainActor
public enum BlackbookModule {
    nonisolated static let wayIn = CommandEntry(
        "book", aliases: ["blackbook"], summary: "the blackbook: who you follow, each one's note and next run",
        details:
            "On a race's card `follow N` follows runner N, `follow rider N` its rider (or driver), `follow trainer N` its trainer. The board marks their races and alerts as it does for favourites.",
        example: "book", screens: nil, opens: BlackbookRouter.blackbook)

    public nonisolated static let commands: [ScreenCommand<any BlackbookModuleInput>] = [
        ScreenCommand(
            CommandEntry(
                "show", aliases: ["open"], arguments: [CommandArgument("N", .position)], usage: "show N",
                summary: "open the race entry N runs in next", example: "show 1", screens: [.blackbook],
                misuse: "Usage: show N, where N is an entry's number in the blackbook.")
        ) { presenter, position, done in presenter.openNextRun(position: position, completion: done) },
        ScreenCommand(
            CommandEntry(
                "unfollow", arguments: [CommandArgument("N", .position)], usage: "unfollow N",
                summary: "stop following entry N", example: "unfollow 2", screens: [.blackbook],
                misuse: "Usage: unfollow N, where N is an entry's number in the blackbook.")
        ) { presenter, position, done in presenter.unfollow(position: position, completion: done) },
        ScreenCommand(
            CommandEntry(
                "note", arguments: [CommandArgument("N TEXT", .text)], usage: "note N [TEXT]",
                summary: "keep TEXT (at most 2000 bytes) with entry N (none: clear its note)",
                details:
                    "An entry unfollowed since the book was drawn (in another copy of the app) stays unfollowed: the note says so and keeps nothing.",
                example: "note 1 loves the wet",
                screens: [.blackbook], misuse: "Usage: note N TEXT, where N is an entry's number in the blackbook.")
        ) { presenter, command, done in
            guard case .text(let words)? = command.value else { return false }
            presenter.note(words, completion: done)
            return true
        },
    ]

    /// `follow` and `unfollow` on a race's card.
    nonisolated static let actions = [
        FeatureAction(
            CommandEntry(
                "follow", arguments: [CommandArgument("[rider|trainer] N", .text)], usage: "follow [rider|trainer] N",
                summary: "follow runner N across the day, or its rider (driver) or trainer", example: "follow rider 3",
                screens: [.raceCard],
                misuse:
                    "Usage: follow N, follow rider N or follow trainer N, where N is a runner's number on this card.")
        ) { command, subject, context, navigator, done in
            guard case .text(let words)? = command.value else { return false }
            onCard(context) { $0.follow(words, on: subject, completion: done) }
            return true
        },
        FeatureAction(
            CommandEntry(
                "unfollow", arguments: [CommandArgument("[rider|trainer] N", .text)],
                usage: "unfollow [rider|trainer] N", summary: "stop following runner N, or its rider or trainer",
                example: "unfollow 3", screens: [.raceCard],
                misuse:
                    "Usage: unfollow N, unfollow rider N or unfollow trainer N, where N is a runner's number on this card."
            )
        ) { command, subject, context, navigator, done in
            guard case .text(let words)? = command.value else { return false }
            onCard(context) { $0.unfollow(words, on: subject, completion: done) }
            return true
        },
    ]

    /// The feature, for the app's list: `book` from any screen opens it.
    public nonisolated static let feature = Feature(
        BlackbookRouter.blackbook, commands: [wayIn] + commands.map(\.entry), opens: [BlackbookRouter.raceDetail],
        actions: actions,
        begin: { context in
            let marker = BlackbookMarker(
                list: context.kept.lists.list(of: BlackbookEntry.self), book: context.book, cards: context.cards.reads,
                cardsAnswerAtOnce: context.cards.answerAtOnce, fieldSource: context.cards.fields,
                clock: context.run.clock)
            context.raceMarks.register(marker)
            // Who is followed is known before the board's first fetch, which marks its races.
            marker.loadBeforeTheBoard()
        }
    ) { _, context, navigator in
        let view = view(for: context.presentation)
        let presenter = BlackbookPresenter(
            interactor: interactor(context), router: BlackbookRouter(navigator: navigator), view: view,
            clock: context.run.clock, timeZone: context.run.timeZone, firstWait: context.run.firstCardWait,
            scheduler: MainQueueScheduler())
        return screen(presenter: presenter, view: view)
    }

    /// A blackbook interactor for a screen or a card's command: what it reads goes into the day's book, which the
    /// board's marks and every other screen share.
    static func interactor(_ context: FeatureContext) -> BlackbookInteractor {
        BlackbookInteractor(
            list: context.kept.lists.list(of: BlackbookEntry.self), book: context.book, cards: context.cards.reads,
            cardsAnswerAtOnce: context.cards.answerAtOnce, fieldSource: context.cards.fields,
            meetings: context.cards.meetings,
            latestRaces: context.races.latest, marks: context.raceMarks, clock: context.run.clock)
    }

    /// Runs one command on a card with a presenter of its own, which says what changed on the run's view (held
    /// until the command is done: a presenter holds its view weakly, and card commands finish at once).
    private static func onCard(
        _ context: FeatureContext, run: (CardFollowPresenter) -> Void
    ) {
        let view = view(for: context.presentation)
        let presenter = CardFollowPresenter(interactor: interactor(context), view: view, clock: context.run.clock)
        withExtendedLifetime(view) { run(presenter) }
    }

    /// The view for how the run shows its screens.
    public static func view(for presentation: Presentation) -> any BlackbookViewInput {
        presentation.view(text: BlackbookTextView.init, json: BlackbookJSONView.init)
    }

    public static func screen(presenter: any BlackbookModuleInput, view: AnyObject) -> BlackbookScreen {
        ModuleScreen(
            presenter: presenter, view: view, kind: .blackbook, presentation: .fullScreen, commands: commands,
            drawing: ScreenDrawing(
                render: { presenter, done in presenter.show(completion: done) },
                renderLive: { presenter in presenter.showLive() },
                numberedRows: { presenter in presenter.drawnCount }))
    }
}
