import Core
import Text

/// A race list view whose alerts are also told elsewhere (`--notify`: the desktop); everything else as the view
/// draws it.
@MainActor
public final class AlertEchoingRaceListView: RaceListViewInput {
    private let view: any RaceListViewInput
    private let echo: @MainActor (String) -> Void

    public init(_ view: any RaceListViewInput, echo: @escaping @MainActor (String) -> Void) {
        self.view = view
        self.echo = echo
    }

    public func display(_ viewModel: RaceListViewModel) { view.display(viewModel) }
    public func displayCommandError(_ message: String) { view.displayCommandError(message) }
    public func displayWarning(_ message: String) { view.displayWarning(message) }
    public func displayMessage(_ message: String) { view.displayMessage(message) }
    public func displayStatus(_ status: LiveStatusViewModel) { view.displayStatus(status) }
    public func displayNotice(_ message: String) { view.displayNotice(message) }

    public func displayAlert(_ alert: RaceAlertViewModel) {
        view.displayAlert(alert)
        echo(alert.message)
    }
}
