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

/// What marks races: a feature that keeps races (the favourites) or runners, riders and trainers (the blackbook)
/// hands one to `RaceMarks` at launch, and the board, the sheet and the alerts ask through it without knowing the
/// feature.
public protocol RaceMarker: Sendable {
    /// Reads what marking these races needs (their cards), blocking: run in the board's own fetch, on its queue,
    /// so the board drawn from the feed has its marks. A source that must be asked over the network is asked a
    /// little at a time, within its budget.
    func prepare(_ races: [Race])
    /// The race's marked runners as known now, without waiting: the board and the sheet draw with them.
    func marks(inRace id: String) -> [RaceMark]
    /// The race's runners scratched late that would be marked had they stayed in (`marks` leaves them out): an
    /// alert says whom a scratching takes out.
    func scratchedMarks(inRace id: String) -> [RaceMark]
    /// The races marked whole (the favourites), as last read: the board's marker, and told of by alerts on or off
    /// the board (a favourite's result comes after its race has left the feed).
    @MainActor func markedRaces() -> [Race]
    /// Reads again what the user keeps, if another screen or copy changed it: before the board draws. Returns
    /// what the user should be told once (a damaged file set aside), if anything.
    @MainActor func reload() -> String?
}

extension RaceMarker {
    @MainActor public func markedRaces() -> [Race] { [] }
    public func scratchedMarks(inRace id: String) -> [RaceMark] { [] }
}

/// The app's one place races are marked through: every marker a feature hands it, asked by the board and the sheet
/// in the order they were handed in. A second marking feature adds its marks to the first's, never replaces them.
public final class RaceMarks: Sendable {
    private let markers = Mutex<[any RaceMarker]>([])

    public init() {}

    /// Marks by these markers, in this order.
    public init(_ markers: any RaceMarker...) {
        self.markers.withLock { $0 = markers }
    }

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

    public func scratchedMarks(inRace id: String) -> [RaceMark] {
        markers.withLock { $0 }.flatMap { $0.scratchedMarks(inRace: id) }
    }

    /// Every marker's whole races, a race once (the first marker's copy of it).
    @MainActor public func markedRaces() -> [Race] {
        var seen: Set<String> = []
        return markers.withLock { $0 }.flatMap { $0.markedRaces() }.filter { seen.insert($0.id).inserted }
    }

    /// What each marker says to be told once, a line each.
    @MainActor public func reload() -> String? {
        let said = markers.withLock { $0 }.compactMap { $0.reload() }
        return said.isEmpty ? nil : said.joined(separator: "\n")
    }
}
