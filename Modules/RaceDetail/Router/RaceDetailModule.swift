import Core
import FeatureKit
import Platform
import RaceData
import RaceDetailInteractor
import RaceDetailPresenter
import RaceDetailView
import Text

extension ScreenKind {
    public static let raceDetail = ScreenKind("raceDetail", title: "a race's details")
}

/// The race's details on the shell's stack.
public typealias RaceDetailScreen = ModuleScreen<any RaceDetailModuleInput>

/// The race detail module: its assembly (interactor, presenter, view, router, wired by constructor), its
/// screen and the commands that screen takes. Routing is `RaceDetailRouter`'s alone.
@MainActor
public enum RaceDetailModule {
    /// The commands the screen takes, declared once: their words and help for the command table, and the
    /// presenter call each makes.
    public nonisolated static let commands: [ScreenCommand<any RaceDetailModuleInput>] = [
        ScreenCommand(
            CommandEntry(
                "fav", summary: "add this race to favourites, or remove it", example: "fav", screens: [.raceDetail],
                misuse: CommandEntry.takesNoNumber("fav"))
        ) { presenter, done in presenter.toggleFavourite(completion: done) },
        ScreenCommand(
            CommandEntry(
                "show", aliases: ["open"], summary: "draw the sheet again with the field (the countdown moves on)",
                details:
                    "A runner's marks follow its price: market favourite, equal market favourite, mover, followed (its rider, driver or trainer followed), scratched, late scratching and when; mkt fav and eq fav where the whole words would cost a column. A window too narrow for those has them all short (fav, eq fav, mvr, flw, rdr flw, drv flw, trn flw, late scr), on a line under the name where its row has no room: a name is never cut for them.",
                example: "show", screens: [.raceDetail], misuse: CommandEntry.takesNoNumber("show"))
        ) { presenter, done in presenter.show(completion: done) },
        ScreenCommand(
            CommandEntry(
                "form", arguments: [CommandArgument("N", .number(1...999), optional: true)], usage: "form [N]",
                summary: "the form guide: each runner's last starts and records (N: one runner's)", example: "form 4",
                screens: [.raceDetail], misuse: "Usage: form [N], where N is a runner's number.")
        ) { presenter, command, done in
            guard command.values.count <= 1 else { return false }
            if case .number(let number)? = command.value {
                presenter.showForm(runner: number, completion: done)
            } else {
                presenter.showForm(runner: nil, completion: done)
            }
            return true
        },
        ScreenCommand(
            CommandEntry(
                "map", summary: "the speed map: where each runner is expected to settle, the lead first",
                example: "map", screens: [.raceDetail], misuse: CommandEntry.takesNoNumber("map"))
        ) { presenter, done in presenter.showSpeedMap(completion: done) },
        ScreenCommand(
            CommandEntry(
                "runner", arguments: [CommandArgument("N", .number(1...999))], usage: "runner N",
                summary: "runner N in full: silks, gear, breeding, fixed and tote prices, how its price moved",
                example: "runner 4", screens: [.raceDetail], misuse: "Usage: runner N, where N is a runner's number.")
        ) { presenter, command, done in
            guard case .number(let number)? = command.value else { return false }
            presenter.showRunner(number, completion: done)
            return true
        },
    ]

    /// The screen for a presenter and the view it draws on.
    public static func screen(presenter: any RaceDetailModuleInput, view: AnyObject) -> RaceDetailScreen {
        ModuleScreen(
            presenter: presenter, view: view, kind: .raceDetail, presentation: .sheet, commands: commands,
            drawing: ScreenDrawing(
                render: { presenter, done in presenter.show(completion: done) },
                renderLive: { presenter in presenter.showLive() }, subject: { presenter in presenter.subject }))
    }

    /// The feature, for the app's list: a race's sheet, opened from the lists (`show N`).
    public nonisolated static let feature = Feature(Destination("raceDetail"), commands: commands.map(\.entry)) {
        argument, context, navigator in
        guard let race = argument.race else { return nil }
        return makeScreen(
            race: race, cards: context.cards.reads, book: context.book, raceMarks: context.raceMarks,
            favourites: context.kept.favourites,
            clock: context.run.clock, timeZone: context.run.timeZone, firstCardWait: context.run.firstCardWait,
            view: view(for: context.presentation), navigator: navigator)
    }

    /// The view for how the run shows its screens.
    public static func view(for presentation: Presentation) -> any RaceDetailViewInput {
        presentation.view(text: RaceDetailTextView.init, json: RaceDetailJSONView.init)
    }

    /// - Parameter cards: where the race's card comes from; nil for a sheet without one.
    public static func makeScreen(
        race: Race, cards: (any RaceCardService)?, book: RaceDayBook? = nil, raceMarks: RaceMarks? = nil,
        favourites: any FavouritesRepository,
        clock: any WallClock, timeZone: LocalZone, firstCardWait: TimeInterval? = nil, view: any RaceDetailViewInput,
        navigator: any Navigator
    ) -> RaceDetailScreen {
        let interactor = RaceDetailInteractor(
            raceID: race.id, cards: cards, favourites: favourites, book: book, raceMarks: raceMarks)
        let router = RaceDetailRouter()
        let presenter = RaceDetailPresenter(
            race: race, interactor: interactor, router: router, view: view, clock: clock, timeZone: timeZone,
            scheduler: MainQueueScheduler(), firstCardWait: firstCardWait)
        return screen(presenter: presenter, view: view)
    }
}
