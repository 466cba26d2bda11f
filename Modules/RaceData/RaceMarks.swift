import Core
import Platform
import Synchronization

/// A runner of a race that something the user keeps marks: a followed horse, or the rider or trainer of it.
public struct RaceMark: Sendable, Equatable {
    /// Who of the runner is followed.
    public enum Role: String, Sendable, Equatable, Codable, CaseIterable {
        case runner, rider, trainer
    }

    public let runnerNumber: Int
    public let runnerName: String
    public let role: Role
    /// What the user keeps that marks it, as they would name it ("Brave Mistral", "J McDonald (rider)").
    public let reason: String

    public init(runnerNumber: Int, runnerName: String, role: Role, reason: String) {
        self.runnerNumber = runnerNumber
        self.runnerName = runnerName
        self.role = role
        self.reason = reason
    }
}

/// What marks races: a feature that keeps runners, riders or trainers (the blackbook) hands one to `RaceMarks`
/// at launch, and the board and the sheet ask through it without knowing the feature.
public protocol RaceMarker: Sendable {
    /// Reads what marking these races needs (their cards), blocking: run in the board's own fetch, on its queue,
    /// so the board drawn from the feed has its marks. A source that must be asked over the network is asked a
    /// little at a time, within its budget.
    func prepare(_ races: [Race])
    /// The race's marks as known now, without waiting: the board and the sheet draw with them.
    func marks(inRace id: String) -> [RaceMark]
    /// Reads again what the user keeps, if another screen or copy changed it: before the board draws. Returns
    /// what the user should be told once (a damaged file set aside), if anything.
    @MainActor func reload() -> String?
}

/// The app's one place races are marked through: every marker a feature hands it, asked by the board and the sheet
/// in the order they were handed in. A second marking feature adds its marks to the first's, never replaces them.
public final class RaceMarks: Sendable {
    private let markers = Mutex<[any RaceMarker]>([])

    public init() {}

    /// From now on, races are marked by `marker` too.
    public func register(_ marker: any RaceMarker) {
        markers.withLock { $0.append(marker) }
    }

    public func prepare(_ races: [Race]) {
        for marker in markers.withLock({ $0 }) { marker.prepare(races) }
    }

    public func marks(inRace id: String) -> [RaceMark] {
        let markers = markers.withLock { $0 }
        // Asked for every row at every draw: one marker (the usual case) answers without a copy.
        if markers.count == 1 { return markers[0].marks(inRace: id) }
        return markers.flatMap { $0.marks(inRace: id) }
    }

    /// What each marker says to be told once, a line each.
    @MainActor public func reload() -> String? {
        let said = markers.withLock { $0 }.compactMap { $0.reload() }
        return said.isEmpty ? nil : said.joined(separator: "\n")
    }
}
