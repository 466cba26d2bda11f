import Core
import Foundation
import MeetingsInteractor
import MeetingsPresenter
import MeetingsView
import RaceData
import TestSupport
import Testing

/// The meetings' interactor as a test drives it: answers at once with `answer`, tells standings from `standings`,
/// and records the results asked for.
public final class FakeMeetingsInteractor: MeetingsInteractorInput, @unchecked Sendable {
    // Set and read on the main actor only.
    public var answer: Result<MeetingsAnswer, RaceDataError>
    public var standings: [String: RaceStanding] = [:]
    public private(set) var fetches = 0
    public private(set) var resultsAsked: [[String]] = []

    public init(_ answer: Result<MeetingsAnswer, RaceDataError>) { self.answer = answer }

    /// A list source's day of these meetings.
    public convenience init(meetings: [[Race]], source: MeetingsAnswer.Source = .list("the test's list")) {
        self.init(
            .success(
                MeetingsAnswer(
                    day: RaceDay(meetings: meetings.enumerated().map { RaceDay.Meeting(id: "m\($0)", races: $1) }),
                    source: source)))
    }

    /// When set, `fetchMeetings` keeps its completions until `release()`: a list slow to come.
    public var holdsAnswers = false
    private var held: [MeetingsCompletion] = []

    @MainActor public func fetchMeetings(completion: @escaping MeetingsCompletion) {
        fetches += 1
        if holdsAnswers { held.append(completion) } else { completion(answer) }
    }

    /// Answers the fetches held, with `answer`.
    @MainActor public func release() {
        let waiting = held
        held = []
        for completion in waiting { completion(answer) }
    }

    public func standings(at now: Date) -> [String: RaceStanding] { standings }

    @MainActor public func fetchResults(ofRaces ids: [String]) { resultsAsked.append(ids) }
}

/// Records what the presenters drew and said.
@MainActor
public final class FakeMeetingsView: MeetingsViewInput {
    public init() {}

    public private(set) var lists: [MeetingsViewModel] = []
    public private(set) var meetings: [MeetingViewModel] = []
    public private(set) var errors: [String] = []
    public private(set) var warnings: [String] = []

    /// The last list drawn as lines: the day where one starts, `heading`, then `N name progress next`.
    public var listLines: [String] {
        (lists.last?.groups ?? []).flatMap { group in
            (group.day.map { [$0] } ?? []) + [group.heading]
                + group.rows.map { "\($0.position) \($0.name) \($0.progress) \($0.next)" }
        }
    }

    /// The last meeting drawn as lines: `R1 time status`.
    public var raceLines: [String] {
        guard case .races(let rows)? = meetings.last?.content else { return [] }
        return rows.map { "R\($0.race.number) \($0.startTime) \($0.status)" }
    }

    public func display(_ viewModel: MeetingsViewModel) { lists.append(viewModel) }
    public func display(_ viewModel: MeetingViewModel) { meetings.append(viewModel) }
    public func displayCommandError(_ message: String) { errors.append(message) }
    public func displayWarning(_ message: String) { warnings.append(message) }
}

/// Records where the presenters asked to go, and finishes at once; navigation the test did not say to expect
/// (`expectNavigation()`) fails it.
@MainActor
public final class FakeMeetingsRouter: RaceOpeningRecorder, MeetingsRouterInput {
    public private(set) var openedMeetings: [MeetingRequest] = []

    public func openMeeting(_ request: MeetingRequest, completion: @escaping CommandCompletion) {
        navigated("openMeeting(\(request.word))")
        openedMeetings.append(request)
        completion(.success)
    }
}

/// The meetings list's presenter as its screen drives it: records each call, in words.
@MainActor
public final class RecordingMeetingsPresenter: CallRecorder, MeetingsModuleInput {
    public var highestNumber = 0
    public func show(completion: @escaping CommandCompletion) { record("show", completion) }
    public func showLive() { record("showLive") }
    public func openMeeting(number: Int, completion: @escaping CommandCompletion) {
        record("openMeeting(\(number))", completion)
    }
    public func watch(seconds: Int, completion: @escaping CommandCompletion) { record("watch(\(seconds))", completion) }
}

/// A meeting's presenter as its screen drives it: records each call, in words.
@MainActor
public final class RecordingMeetingPresenter: CallRecorder, MeetingModuleInput {
    public var highestNumber = 0
    public func show(completion: @escaping CommandCompletion) { record("show", completion) }
    public func showLive() { record("showLive") }
    public func openRace(number: Int, completion: @escaping CommandCompletion) {
        record("openRace(\(number))", completion)
    }
    public func watch(seconds: Int, completion: @escaping CommandCompletion) { record("watch(\(seconds))", completion) }
}

/// Races of a meeting for tests: `count` races from `first`, `gap` apart.
public func meetingRaces(
    _ name: String, _ category: RaceCategory = .horse, country: String = "AUS", state: String? = "NSW", count: Int,
    first: Date, gap: TimeInterval = 1_800
) -> [Race] {
    (1...count).map { number in
        Race(
            id: "\(name)-\(number)", number: number, name: "\(name) race \(number)", meetingName: name,
            category: category, advertisedStart: first.addingTimeInterval(Double(number - 1) * gap),
            venue: Venue(name: name, state: state, country: country))
    }
}
