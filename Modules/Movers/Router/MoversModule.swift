import Core
import FeatureKit
import MoversInteractor
import MoversPresenter
import MoversView
import Text

extension ScreenKind {
    public static let movers = ScreenKind("movers", title: "the market's movers")
}

public typealias MoversScreen = ModuleScreen<any MoversModuleInput>

/// The movers feature: the biggest firmers and drifters among the next races (`movers`), from any screen. Its
/// assembly, its screen and the command that opens it.
@MainActor
public enum MoversModule {
    nonisolated static let destination = Destination("movers")

    nonisolated static let wayIn = CommandEntry(
        "movers", summary: "the market's biggest moves in the next races: most backed and most eased since opening",
        details:
            "Ranked by the change in each runner's chance (100/price) since its market opened, in percentage points, as market-movers tools rank them: a favourite 3.00 -> 2.60 (+5.1 pts) above an outsider 34.00 -> 17.00 (+2.9). Among the next 8 races, from their race cards (a card source's requests are spaced and limited; see --cards).",
        example: "movers", screens: nil, opens: destination)

    public nonisolated static let feature = Feature(destination, commands: [wayIn]) { _, context, navigator in
        let view = view(for: context.presentation)
        let presenter = MoversPresenter(
            interactor: MoversInteractor(
                races: context.races.service, cards: context.cards.reads, clock: context.run.clock),
            router: MoversRouter(navigator: navigator), view: view, clock: context.run.clock,
            firstWait: context.run.firstCardWait, scheduler: MainQueueScheduler())
        return screen(presenter: presenter, view: view)
    }

    public static func view(for presentation: Presentation) -> any MoversViewInput {
        presentation.view(text: MoversTextView.init, json: MoversJSONView.init)
    }

    public static func screen(presenter: any MoversModuleInput, view: AnyObject) -> MoversScreen {
        ModuleScreen(
            presenter: presenter, view: view, kind: .movers, presentation: .fullScreen, commands: [],
            drawing: ScreenDrawing(
                render: { presenter, done in presenter.show(completion: done) },
                renderLive: { presenter in presenter.showLive() }))
    }
}
