import Core
import FavouritesView
import RaceDetailView
import RaceListView

/// The one place where what a screen shows becomes output: each screen's presenter hands its view model to a
/// view made here. Text is one renderer; another format (JSON) is another conformance, with no presenter,
/// interactor or router touched.
@MainActor
protocol ScreenRenderer {
    func raceListView() -> any RaceListViewInput
    func raceDetailView() -> any RaceDetailViewInput
    func favouritesView() -> any FavouritesViewInput
}

/// Lines of text for a terminal or a pipe, styled for where they go.
@MainActor
struct TextRenderer: ScreenRenderer {
    let output: any TextOutput
    let style: DisplayStyle

    func raceListView() -> any RaceListViewInput { RaceListTextView(output: output, style: style) }
    func raceDetailView() -> any RaceDetailViewInput { RaceDetailTextView(output: output, style: style) }
    func favouritesView() -> any FavouritesViewInput { FavouritesTextView(output: output, style: style) }
}
