import Core
import FavouritesInteractor
import FavouritesPresenter
import FavouritesView
import FeatureKit
import RaceData
import Text

extension ScreenKind {
    public static let favourites = ScreenKind("favourites", title: "the favourites list")
}

/// The favourites on the shell's stack.
public typealias FavouritesScreen = ModuleScreen<any FavouritesModuleInput>

/// The favourites module: its assembly (interactor, presenter, view, router, wired by constructor), its
/// screen and the commands that screen takes. Routing is `FavouritesRouter`'s alone.
@MainActor
public enum FavouritesModule {
    /// The commands the screen takes, declared once: their words and help for the command table, and the
    /// presenter call each makes.
    public nonisolated static let commands: [ScreenCommand<any FavouritesModuleInput>] = [
        ScreenCommand(
            CommandEntry(
                "favs", aliases: ["favourites", "favorites"], summary: "draw the favourites again", example: "favs",
                screens: [.favourites])
        ) { presenter, done in presenter.show(completion: done) },
        ScreenCommand(
            CommandEntry(
                "show", aliases: ["open"], arguments: [CommandArgument("N", .position)], usage: "show N",
                summary: "open favourite N's details", example: "show 1", screens: [.favourites],
                misuse: CommandEntry.positionMisuse("show", on: "favourites list"))
        ) { presenter, position, done in presenter.openRace(position: position, completion: done) },
        ScreenCommand(
            CommandEntry(
                "unfav", arguments: [CommandArgument("N", .position)], usage: "unfav N",
                summary: "remove favourite N", example: "unfav 1", screens: [.favourites],
                misuse: CommandEntry.positionMisuse("unfav", on: "favourites list"))
        ) { presenter, position, done in presenter.unfavourite(position: position, completion: done) },
    ]

    /// The screen for a presenter and the view it draws on.
    public static func screen(presenter: any FavouritesModuleInput, view: AnyObject) -> FavouritesScreen {
        ModuleScreen(
            presenter: presenter, view: view, kind: .favourites, presentation: .fullScreen, commands: commands,
            drawing: ScreenDrawing(
                render: { presenter, done in presenter.show(completion: done) },
                renderLive: { presenter in presenter.showLive() },
                numberedRows: { presenter in presenter.drawnCount }))
    }

    /// The feature, for the app's list: `favs` on the race list opens it. Its races are marked on the board, and
    /// alerted, as a marker among the app's.
    public nonisolated static let feature = Feature(
        Destination("favourites"), commands: commands.map(\.entry), opens: [FavouritesRouter.raceDetail],
        begin: { context in context.raceMarks.register(FavouritesMarker(favourites: context.kept.favourites)) }
    ) { _, context, navigator in
        makeScreen(
            favourites: context.kept.favourites, latestRaces: context.races.latest, clock: context.run.clock,
            view: view(for: context.presentation), navigator: navigator)
    }

    /// The view for how the run shows its screens.
    public static func view(for presentation: Presentation) -> any FavouritesViewInput {
        presentation.view(text: FavouritesTextView.init, json: FavouritesJSONView.init)
    }

    /// Builds interactor, view, router and presenter, wired by constructor, and returns the screen that owns them.
    public static func makeScreen(
        favourites: any FavouritesRepository, latestRaces: LatestRaces, clock: any WallClock,
        view: any FavouritesViewInput, navigator: any Navigator
    ) -> FavouritesScreen {
        let interactor = FavouritesInteractor(favourites: favourites, latestRaces: latestRaces)
        let router = FavouritesRouter(navigator: navigator)
        let presenter = FavouritesPresenter(interactor: interactor, router: router, view: view, clock: clock)
        return screen(presenter: presenter, view: view)
    }
}
