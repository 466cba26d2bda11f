import BlackbookInteractor
import BlackbookPresenter
import BlackbookView
import Core
import Foundation
import RaceData
import TestSupport
import Testing

/// The blackbook's interactor in memory: entries in a `FakeKeptList`, the races to come as the test sets them,
/// answered at once; the races a runner was followed in are recorded.
public final class FakeBlackbookInteractor: BlackbookInteractorInput, @unchecked Sendable {
    // Touched from the main actor only.
    public let list: FakeKeptList<BlackbookEntry>
    public var racesToCome: Result<RacesToCome, RaceDataError> = .success(RacesToCome(races: [], fields: [:]))
    public private(set) var learned: [String] = []
    public private(set) var looks = 0

    public init(_ entries: [BlackbookEntry] = []) { list = FakeKeptList(entries) }

    @MainActor public func loadEntries() -> Result<KeptListState<BlackbookEntry>, KeptListError> {
        list.result(of: nil)
    }

    @MainActor public func change(
        _ change: KeptListChange<BlackbookEntry>
    ) -> Result<KeptListState<BlackbookEntry>, KeptListError> {
        list.result(of: change)
    }

    /// When set, `racesToCome` keeps its completions until `release()`: cards slow to come.
    public var holdsAnswers = false
    private var held: [@MainActor @Sendable (Result<RacesToCome, RaceDataError>) -> Void] = []
    /// What `racesToComeSoFar` says.
    public var soFar: RacesToCome?

    public func racesToCome(completion: @escaping @MainActor @Sendable (Result<RacesToCome, RaceDataError>) -> Void) {
        looks += 1
        let answer = racesToCome
        if holdsAnswers { return held.append(completion) }
        MainActor.assumeIsolated { completion(answer) }
    }

    public var racesToComeSoFar: RacesToCome? { soFar }

    /// Answers the looks held, with `racesToCome`.
    @MainActor public func release() {
        let waiting = held
        held = []
        for completion in waiting { completion(racesToCome) }
    }

    public func noteFollowed(in race: Race) { learned.append(race.id) }
    /// False for a run with cards off (`--cards none`).
    public var readsCards = true
}

@MainActor
public final class FakeBlackbookView: BlackbookViewInput {
    public init() {}

    public private(set) var displayed: [BlackbookViewModel] = []
    public private(set) var changes: [BlackbookChangeViewModel] = []
    public private(set) var errors: [String] = []
    public private(set) var warnings: [String] = []

    /// The last book's rows in words: "1 Casey Merriman (rider) R4 Addington 6:34am (11 Crimson Tango) in 27m 20s".
    public var rows: [String] {
        guard case .entries(let rows)? = displayed.last?.content else { return [] }
        return rows.map { row in
            ["\(row.position) \(row.name) (\(row.kind))", row.nextRun, row.countdown.map { "in " + $0 }, row.note]
                .compactMap { $0 }.joined(separator: " ")
        }
    }

    public func display(_ viewModel: BlackbookViewModel) { displayed.append(viewModel) }
    public func displayChange(_ change: BlackbookChangeViewModel) { changes.append(change) }
    public func displayChange(_ change: BlackbookChangeViewModel, leaving book: BlackbookViewModel) {
        changes.append(change)
        displayed.append(book)
    }
    public func displayCommandError(_ message: String) { errors.append(message) }
    public func displayWarning(_ message: String) { warnings.append(message) }
}

/// Records where the presenter asked to go, and finishes at once; navigation not expected fails the test.
@MainActor
public final class FakeBlackbookRouter: RaceOpeningRecorder, BlackbookRouterInput {}

/// The book's presenter as its screen drives it: records each call, in words, and finishes at once.
@MainActor
public final class RecordingBlackbookPresenter: CallRecorder, BlackbookModuleInput {
    public var drawnCount = 0

    public func show(completion: @escaping CommandCompletion) { record("show", completion) }
    public func showLive() { record("showLive") }
    public func openNextRun(position: Int, completion: @escaping CommandCompletion) {
        record("openNextRun(\(position))", completion)
    }
    public func unfollow(position: Int, completion: @escaping CommandCompletion) {
        record("unfollow(\(position))", completion)
    }
    public func note(_ words: String, completion: @escaping CommandCompletion) {
        record("note(\(words))", completion)
    }
}
