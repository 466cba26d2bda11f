import Core
import MoversInteractor
import MoversPresenter
import MoversView
import RaceData
import TestSupport

/// The movers' interactor as a test drives it: it records each request and answers when told.
public final class FakeMoversInteractor: MoversInteractorInput, @unchecked Sendable {
    // Used on the main actor only.
    public private(set) var requests: [MarketsCompletion] = []

    public init() {}

    /// What `marketsSoFar` says while a request is out.
    public var soFar: [MarketRace]?
    public private(set) var stops = 0

    public func fetchMarkets(completion: @escaping MarketsCompletion) {
        requests.append(completion)
    }

    public var marketsSoFar: [MarketRace]? { soFar }

    public func stopReading() {
        stops += 1
    }

    @MainActor
    public func answer(_ result: Result<[MarketRace], RaceDataError>) {
        guard !requests.isEmpty else { return unexpectedCall("answer with no request") }
        requests.removeFirst()(result)
    }
}

/// The movers' view: keeps what it is shown.
@MainActor
public final class FakeMoversView: MoversViewInput {
    public private(set) var displayed: [MoversViewModel] = []
    public private(set) var errors: [String] = []
    public private(set) var warnings: [String] = []

    public init() {}

    public var last: MoversViewModel? { displayed.last }
    public func display(_ viewModel: MoversViewModel) { displayed.append(viewModel) }
    public func displayCommandError(_ message: String) { errors.append(message) }
    public func displayWarning(_ message: String) { warnings.append(message) }
}

/// The movers' router: asked for nothing.
@MainActor
public final class FakeMoversRouter: NavigationRecorder, MoversRouterInput {}
