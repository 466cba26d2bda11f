import CommandKit
import Core
import RaceData
import Testing

/// Navigation a fake records: each one the test did not say to expect (`expectNavigation()`) fails the test. The
/// feature's router fakes and the shell's `RecordingNavigator` build on it.
@MainActor
open class NavigationRecorder {
    private var expectsNavigation = false

    public init() {}

    /// The test is about to make the presenter (or router) navigate.
    public func expectNavigation() { expectsNavigation = true }

    /// Notes a navigation, `what` naming it for the failure.
    public func navigated(_ what: String) {
        if !expectsNavigation { Issue.record("unexpected navigation: \(what)") }
    }
}

/// A feature's router as its presenter sees it, where the presenter opens races' sheets: records each race
/// opened and finishes at once; navigation not expected fails the test.
@MainActor
open class RaceOpeningRecorder: NavigationRecorder {
    public private(set) var opened: [Race] = []

    public func openRaceDetail(_ race: Race, completion: @escaping CommandCompletion) {
        navigated("openRaceDetail(\(race.id))")
        opened.append(race)
        completion(.success)
    }
}

/// The shell's navigation as a router sees it: records where it was asked to go and finishes at once; navigation
/// not expected fails the test.
@MainActor
public final class RecordingNavigator: NavigationRecorder, Navigator {
    public private(set) var opened: [AppRoute] = []
    public private(set) var closed = 0

    public func open(_ route: AppRoute, completion: @escaping CommandCompletion) {
        navigated("open \(route)")
        opened.append(route)
        completion(.success)
    }

    public func close(completion: @escaping CommandCompletion) {
        navigated("close")
        closed += 1
        completion(.success)
    }
}

/// The calls a fake presenter was given, in words, each finished at once.
@MainActor
open class CallRecorder {
    public private(set) var calls: [String] = []

    public init() {}

    public func record(_ call: String, _ completion: CommandCompletion? = nil) {
        calls.append(call)
        completion?(.success)
    }
}

/// Fails the test for a call nobody told the fake to expect: the default body of every closure of a failing fake.
public func unexpectedCall(_ name: String) {
    Issue.record("unexpected call: \(name)")
}

/// A favourites call nobody told the fake to expect: fails the test, and answers with no favourites.
public func unexpectedFavouritesCall(_ name: String) -> Result<FavouritesState, FavouritesError> {
    unexpectedCall(name)
    return .success(FavouritesState(favourites: []))
}

/// The routes the features open, as the tests name them.
extension AppRoute {
    public static func raceDetail(_ race: Race) -> AppRoute { AppRoute(Destination("raceDetail"), .race(race)) }
    public static let favourites = AppRoute(Destination("favourites"))
}
