import Core
import FeatureKit
import MeetingsInteractor
import MeetingsPresenter
import MeetingsView
import Platform
import RaceData
import Text

extension ScreenKind {
    public static let meetings = ScreenKind("meetings", title: "the meetings")
    public static let meeting = ScreenKind("meeting", title: "a meeting")
}

/// The meetings list and a meeting's races on the shell's stack.
public typealias MeetingsScreen = ModuleScreen<any MeetingsModuleInput>
public typealias MeetingScreen = ModuleScreen<any MeetingModuleInput>

/// The meetings feature: the day's meetings (`meetings`) and one meeting race by race (`meeting N`), reached from
/// any screen. Its assembly (interactor, presenter, view, router, wired by constructor), its screens and the
/// commands they take; routing is `MeetingsRouter`'s alone.
@MainActor
public enum MeetingsModule {
    nonisolated static let watchEntry = CommandEntry(
        "watch", aliases: ["w"],
        arguments: [CommandArgument("SECONDS", .seconds(1...3600, default: 30), optional: true)],
        usage: "watch [SECONDS]", summary: "this screen ticking: full screen until q at a terminal, SECONDS in a pipe",
        example: "watch 10", screens: [.meetings, .meeting],
        misuse: "Usage: watch [SECONDS] draws this screen every second for SECONDS (1 to 3600, default 30).")

    /// The ways in, from any screen: the shell opens them.
    nonisolated static let waysIn = [
        CommandEntry(
            "meetings", arguments: [CommandArgument("WORDS", .text, optional: true)], usage: "meetings [WORDS]",
            summary: "the day's meetings by day and place, races run and next; WORDS narrow them",
            details:
                "WORDS may be codes (horse, greyhound, harness, or T H G), regions (aus, nz, intl), places (nsw, wa, uk, sweden) or part of a name (`meetings park`). Each sits under its own date at its venue, as `list all` heads it (last night's abroad headed `Yesterday`). A meeting keeps its number all day, however narrowed: `show N` or `meeting N` opens it.",
            example: "meetings greyhound aus", screens: nil, opens: MeetingsRouter.meetings),
        CommandEntry(
            "meeting", arguments: [CommandArgument("N|NAME", .text)], usage: "meeting N|NAME",
            summary: "one meeting race by race: start, countdown, result",
            details:
                "N is its number on `meetings`; a NAME may start with a code (`meeting dogs Cannington`). There `show N` opens race N's card (the row R6 is `show 6`), and `back` returns.",
            example: "meeting Randwick", screens: nil, misuse: "Usage: meeting N|NAME opens a meeting of the day.",
            opens: MeetingsRouter.meeting),
    ]

    public nonisolated static let meetingsCommands: [ScreenCommand<any MeetingsModuleInput>] = [
        ScreenCommand(
            CommandEntry(
                "show", aliases: ["open"], arguments: [CommandArgument("N", .position)], usage: "show N",
                summary: "open meeting N", example: "show 3", screens: [.meetings],
                misuse: "Usage: show N, where N is a meeting's number on the list.")
        ) { presenter, number, done in presenter.openMeeting(number: number, completion: done) },
        watch { presenter, seconds, done in presenter.watch(seconds: seconds, completion: done) },
    ]

    public nonisolated static let meetingCommands: [ScreenCommand<any MeetingModuleInput>] = [
        ScreenCommand(
            CommandEntry(
                "show", aliases: ["open"], arguments: [CommandArgument("N", .position)], usage: "show N",
                summary: "open race N of this meeting (the row R6 is `show 6`)", example: "show 6", screens: [.meeting],
                misuse: "Usage: show N, where N is a race's number at this meeting.")
        ) { presenter, number, done in presenter.openRace(number: number, completion: done) },
        watch { presenter, seconds, done in presenter.watch(seconds: seconds, completion: done) },
    ]

    /// Every command for the app's table, each once (`watch` serves both screens).
    nonisolated static let commandEntries =
        waysIn + meetingsCommands.map(\.entry) + meetingCommands.map(\.entry).filter { $0.name != watchEntry.name }

    private nonisolated static func watch<Presenter>(
        _ run: @escaping @MainActor @Sendable (Presenter, Int, @escaping CommandCompletion) -> Void
    ) -> ScreenCommand<Presenter> {
        ScreenCommand(watchEntry) { presenter, command, done in
            guard case .seconds(let seconds)? = command.value else { return false }
            run(presenter, seconds, done)
            return true
        }
    }

    /// The app's list has both: `meetings` and `meeting` are two ways into the one feature.
    public nonisolated static let features = [
        Feature(
            MeetingsRouter.meetings, commands: commandEntries, opens: [MeetingsRouter.meeting]
        ) { argument, context, navigator in
            let selection: RaceSelection =
                if case .word(let words) = argument { RaceSelection(words: words) } else { RaceSelection() }
            let view = view(for: context.presentation)
            let presenter = MeetingsPresenter(
                interactor: interactor(context), router: MeetingsRouter(navigator: navigator), view: view,
                clock: context.run.clock, timeZone: context.run.timeZone, selection: selection,
                scheduler: MainQueueScheduler(),
                firstWait: context.run.firstCardWait)
            return screen(presenter: presenter, view: view)
        },
        Feature(MeetingsRouter.meeting, commands: [], opens: [MeetingsRouter.raceDetail]) {
            argument, context, navigator in
            guard case .word(let word) = argument else { return nil }
            let view = view(for: context.presentation)
            let presenter = MeetingPresenter(
                request: MeetingRequest(word: word), interactor: interactor(context),
                router: MeetingsRouter(navigator: navigator), view: view, clock: context.run.clock,
                timeZone: context.run.timeZone, scheduler: MainQueueScheduler(), firstWait: context.run.firstCardWait)
            return screen(presenter: presenter, view: view)
        },
    ]

    /// The meetings come from the card source's list where it has one (the affiliates API, the race day's
    /// cards), else from the feed.
    static func interactor(_ context: FeatureContext) -> MeetingsInteractor {
        MeetingsInteractor(
            meetings: context.cards.meetings, races: context.races.service, cards: context.cards.reads,
            book: context.book, clock: context.run.clock)
    }

    /// The view for how the run shows its screens.
    public static func view(for presentation: Presentation) -> any MeetingsViewInput {
        presentation.view(text: MeetingsTextView.init, json: MeetingsJSONView.init)
    }

    public static func screen(presenter: any MeetingsModuleInput, view: AnyObject) -> MeetingsScreen {
        ModuleScreen(
            presenter: presenter, view: view, kind: .meetings, presentation: .fullScreen, commands: meetingsCommands,
            drawing: ScreenDrawing(
                render: { presenter, done in presenter.show(completion: done) },
                renderLive: { presenter in presenter.showLive() },
                numberedRows: { presenter in presenter.highestNumber }))
    }

    public static func screen(presenter: any MeetingModuleInput, view: AnyObject) -> MeetingScreen {
        ModuleScreen(
            presenter: presenter, view: view, kind: .meeting, presentation: .fullScreen, commands: meetingCommands,
            drawing: ScreenDrawing(
                render: { presenter, done in presenter.show(completion: done) },
                renderLive: { presenter in presenter.showLive() },
                numberedRows: { presenter in presenter.highestNumber }))
    }
}
