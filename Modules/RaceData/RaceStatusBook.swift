import Core
import Platform
import Synchronization

/// What the card source has said of each race's status, shared by the modules: its statuses asked beside each
/// feed fetch (`StatusMarkingRaceService`), and each card opened on a sheet. The `nextraces` feed says nothing
/// of status, so this is how the board learns a race was abandoned.
public final class RaceStatusBook: Sendable {
    private struct State {
        /// Each race's standings as told, in the order of their times (one, for a live source).
        var standings: [String: [RaceStanding]] = [:]
        var abandoned: Set<String> = []
        /// Bumped at each record: what was worked out for a moment holds until something new is told.
        var generation = 0
        var lastWorkedOut: (generation: Int, at: Date, standings: [String: RaceStanding])?
    }

    private let state = Mutex(State())
    /// A session opens few sheets; a bound keeps a hostile source from growing it without end.
    static let maximumEntries = 10_000

    public init() {}

    /// How the race stands now, as a source told it: it replaces whatever was told before.
    public func record(_ status: RaceStatus, forRace id: String) {
        record([RaceStanding(status: status)], forRace: id)
    }

    /// The race's standings, each from its time (the snapshot tells a replayed race's whole life at once).
    public func record(_ told: [RaceStanding], forRace id: String) {
        guard !told.isEmpty else { return }
        let told = told.sorted { ($0.from ?? .distantPast) < ($1.from ?? .distantPast) }
        state.withLock { state in
            // Told again as it was (a list asked every half minute): nothing changes, and what was worked out
            // for a moment still holds.
            if state.standings[id] == told { return }
            if state.standings.count >= Self.maximumEntries, state.standings[id] == nil {
                state.standings.removeAll()
                state.abandoned.removeAll()
            }
            state.standings[id] = told
            if told.contains(where: { $0.status == .abandoned }) {
                state.abandoned.insert(id)
            } else {
                state.abandoned.remove(id)
            }
            state.generation &+= 1
            state.lastWorkedOut = nil
        }
    }

    /// How the race stands at `now`: the last standing told whose time has come.
    public func standing(ofRace id: String, at now: Date) -> RaceStanding? {
        state.withLock { $0.standings[id].flatMap { Self.current($0, at: now) } }
    }

    /// How every race told of stands at `now`. Boards ask at every draw, many times a second in a script: the
    /// answer for a moment is kept until the moment or what was told changes.
    public func standings(at now: Date) -> [String: RaceStanding] {
        state.withLock { state in
            if let last = state.lastWorkedOut, last.generation == state.generation, last.at == now {
                return last.standings
            }
            let standings = state.standings.compactMapValues { Self.current($0, at: now) }
            state.lastWorkedOut = (state.generation, now, standings)
            return standings
        }
    }

    public func status(ofRace id: String) -> RaceStatus? {
        standing(ofRace: id, at: .distantFuture)?.status
    }

    /// The races whose last card said they were abandoned.
    public var abandonedRaceIDs: Set<String> {
        state.withLock { $0.abandoned }
    }

    private static func current(_ told: [RaceStanding], at now: Date) -> RaceStanding? {
        told.last { ($0.from ?? .distantPast) <= now }
    }
}
