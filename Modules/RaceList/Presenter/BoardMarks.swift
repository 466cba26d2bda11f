import Core
import Platform
import RaceData
import RaceListInteractor

/// The board's marks as the presenter uses them: read again before each draw and each live second (another screen
/// or process may have changed what marks races), the favourites toggled for `fav N`, and the alerts marked races
/// call for, whatever marked them. Tells the presenter what to say as `BoardEvent`s.
@MainActor
final class BoardMarks {
    private let interactor: any RaceListInteractorInput
    /// The races marked whole (the favourites): the board's marker.
    private(set) var ids: Set<String> = []
    /// Races a followed runner is in that have jumped: their results are told after they leave the board, as a
    /// favourite's are (`RaceAlerts.resultWindow`).
    private var followedAfterJump: [String: Race] = [:]
    var alerts: RaceAlerts
    /// Hears alerts that are due and the markers' warnings.
    weak var events: (any BoardEventHandler)?

    init(interactor: any RaceListInteractorInput, alerts: RaceAlerts) {
        self.interactor = interactor
        self.alerts = alerts
    }

    /// Reads what marks races, and says the alerts now due. A marked race alerts by its start as `board`'s feed
    /// has it now (it may have moved since its favourite was saved); the board's races a followed runner is in
    /// alert as favourites do.
    func reload(on board: RaceBoard, at now: () -> Date) {
        if let warning = interactor.reloadMarks() { events?.handle(.warning(warning)) }
        let whole = interactor.markedRaces()
        ids = Set(whole.map(\.id))
        guard let lead = alerts.lead else { return }
        let time = now()
        // Only races an alert could be due for are asked for their runners' marks: a draw in a script asked every
        // race of the feed, ten thousand times.
        let due = (time.addingTimeInterval(-Race.boardExpiryDelay))...(time.addingTimeInterval(lead))
        let followed = board.races.filter {
            !ids.contains($0.id) && due.contains($0.advertisedStart) && !interactor.marks(inRace: $0.id).isEmpty
        }
        for race in followed where race.advertisedStart <= time { followedAfterJump[race.id] = race }
        followedAfterJump = followedAfterJump.filter {
            !ids.contains($0.key) && time.timeIntervalSince($0.value.advertisedStart) < RaceAlerts.resultWindow
        }
        let onBoard = Set(followed.map(\.id))
        let marked =
            whole.map { board.race(id: $0.id) ?? $0 } + followed
            + followedAfterJump.values.filter { !onBoard.contains($0.id) }
        let told =
            alerts.due(for: marked, standings: interactor.raceStandings(at: time), at: time)
            + alerts.due(scratchings: scratchings(in: whole, on: board, at: time), at: time)
        for alert in told { events?.handle(.alert(alert)) }
    }

    /// The late scratchings of the races marked whole, and of the followed runners in the board's races, while
    /// their races have not left the board. A followed runner is no longer marked once out: the markers say whom
    /// a scratching took out (`scratchedMarks`).
    private func scratchings(in whole: [Race], on board: RaceBoard, at now: Date) -> [RaceAlerts.Scratched] {
        // A favourite's every runner scratched late is news; in the board's other races, only a followed one.
        let races =
            whole.map { (race: board.race(id: $0.id) ?? $0, isFavourite: true) }
            + board.races.filter { !ids.contains($0.id) }.map { (race: $0, isFavourite: false) }
        return races.filter { now.timeIntervalSince($0.race.advertisedStart) < Race.boardExpiryDelay }.flatMap {
            race, isFavourite -> [RaceAlerts.Scratched] in
            let marks = interactor.scratchedMarks(inRace: race.id)
            guard isFavourite || !marks.isEmpty else { return [] }
            return interactor.lateScratchings(inRace: race.id).compactMap { runner in
                let following = marks.filter { $0.runnerNumber == runner.number }.map(\.reason)
                guard isFavourite || !following.isEmpty else { return nil }
                return RaceAlerts.Scratched(race: race, runner: runner, following: following)
            }
        }
    }

    /// Adds `race` to the favourites or takes it out, and reads the marks again; the error is the store's, for the
    /// user.
    func toggle(_ race: Race, on board: RaceBoard, at now: () -> Date) -> FavouritesError? {
        if case .failure(let error) = interactor.toggleFavourite(FavouriteRace(race)) { return error }
        reload(on: board, at: now)
        return nil
    }
}
