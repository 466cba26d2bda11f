import Core
import RaceData
import ScratchingsInteractor
import ScratchingsPresenter
import ScratchingsView
import TestSupport

/// The scratchings' interactor as a test drives it: it records each request and answers when told.
public final class FakeScratchingsInteractor: ScratchingsInteractorInput, @unchecked Sendable {
    // Used on the main actor only.
    public private(set) var requests: [ScratchingsCompletion] = []

    public init() {}

    public func fetchScratchings(completion: @escaping ScratchingsCompletion) {
        requests.append(completion)
    }

    /// Answers every request out, as the interactor's coalesced fetch does.
    @MainActor
    public func answer(_ result: Result<ScratchingsAnswer, RaceDataError>) {
        guard !requests.isEmpty else { return unexpectedCall("answer with no request") }
        let waiting = requests
        requests = []
        for completion in waiting { completion(result) }
    }
}

/// The scratchings' view: keeps what it is shown.
@MainActor
public final class FakeScratchingsView: ScratchingsViewInput {
    public private(set) var displayed: [ScratchingsViewModel] = []
    public private(set) var errors: [String] = []
    public private(set) var warnings: [String] = []

    public init() {}

    public var last: ScratchingsViewModel? { displayed.last }
    /// The last drawn rows as `N time R4 Meeting 7 Name ded`.
    public var lastRows: [String] {
        (last?.rows ?? []).map { row in
            ["\(row.position)", row.time ?? "-", row.raceText, row.runner, row.deduction.map { "ded " + $0.text }]
                .compactMap { $0 }.joined(separator: " ")
        }
    }
    public func display(_ viewModel: ScratchingsViewModel) { displayed.append(viewModel) }
    public func displayCommandError(_ message: String) { errors.append(message) }
    public func displayWarning(_ message: String) { warnings.append(message) }
}

/// The scratchings' router: records the races opened; navigation not expected fails the test.
@MainActor
public final class FakeScratchingsRouter: RaceOpeningRecorder, ScratchingsRouterInput {}
