import Core
import Dispatch
import Platform
import RaceData

/// What the race list's presenter may ask of its interactor.
public protocol RaceListInteractorInput: AnyObject, Sendable {
    /// Names the data source in messages.
    var sourceDescription: String { get }

    /// Fetches the current races and calls `completion` on the main actor.
    ///
    /// Requests made while a fetch is in flight join it: they all receive
    /// that fetch's result, and no second fetch starts alongside it.
    func refresh(completion: @escaping RaceListFetchCompletion)

    /// Adds the race to the favourites, or removes it if it is one: saved (or gathered in the turn) when it returns.
    @MainActor func toggleFavourite(_ favourite: FavouriteRace) -> Result<FavouritesState, FavouritesError>

    /// Keeps the board's settings for the next start (`save`): saved when it returns.
    @MainActor func saveSettings(_ settings: BoardSettings) -> Result<SavedSettings, SettingsError>

    /// The races a card has said were abandoned (read at each draw).
    var abandonedRaceIDs: Set<String> { get }
    /// How each race the card source told of stands at `now` (`Closed`, `Interim 2-4-7`…), read at each draw.
    func raceStandings(at now: Date) -> [String: RaceStanding]
    /// The race's marked runners (followed in the blackbook), as known now.
    func marks(inRace id: String) -> [RaceMark]
    /// The race's runners scratched late that would be marked had they stayed in.
    func scratchedMarks(inRace id: String) -> [RaceMark]
    /// The race's runners scratched late, as its field is known now (each with its time and deduction where told).
    func lateScratchings(inRace id: String) -> [Runner]
    /// The races marked whole (the favourites), as the marks were last read.
    @MainActor func markedRaces() -> [Race]
    /// The race's market at `now` (its favourite, its shortest prices), as known without waiting; nil when unknown.
    func market(ofRace id: String, at now: Date) -> RaceMarket?
    /// Reads again what marks races, before a draw: another screen or copy may have changed it. Returns a
    /// warning to say once, if any.
    @MainActor func reloadMarks() -> String?
}

extension RaceListInteractorInput {
    public var abandonedRaceIDs: Set<String> { [] }
    public func raceStandings(at now: Date) -> [String: RaceStanding] { [:] }
    public func marks(inRace id: String) -> [RaceMark] { [] }
    public func scratchedMarks(inRace id: String) -> [RaceMark] { [] }
    public func lateScratchings(inRace id: String) -> [Runner] { [] }
    public func market(ofRace id: String, at now: Date) -> RaceMarket? { nil }
    @MainActor public func markedRaces() -> [Race] { [] }
    @MainActor public func reloadMarks() -> String? { nil }
}

public typealias RaceListFetchCompletion = @MainActor @Sendable (Result<RaceFeed, RaceDataError>) -> Void

/// Fetches races on one serial queue, so fetches never run side by side, and
/// folds overlapping refresh requests into the fetch already under way.
///
/// It keeps no race data of its own: the presenter owns the state. Each
/// good fetch is also published to `latestRaces` for the other modules.
/// Favourites and settings go through their stores, on the main actor: local
/// files that answer in microseconds, never behind a slow fetch.
public final class RaceListInteractor: RaceListInteractorInput {
    private let service: any RaceService
    private let favourites: any FavouritesRepository
    private let settings: (any SettingsStore)?
    private let latestRaces: LatestRaces
    private let book: RaceDayBook
    private let raceMarks: RaceMarks
    private let watch: (any RaceCardWatch)?
    private let fields: (any RaceFieldService)?
    private let fetches: CoalescedFetch<Result<RaceFeed, RaceDataError>>

    /// - Parameter deliver: how results reach the main actor; the default hops
    ///   onto the main queue.
    public init(
        service: any RaceService,
        favourites: any FavouritesRepository,
        settings: (any SettingsStore)? = nil,
        latestRaces: LatestRaces = LatestRaces(),
        book: RaceDayBook = RaceDayBook(),
        raceMarks: RaceMarks = RaceMarks(),
        watch: (any RaceCardWatch)? = nil,
        fields: (any RaceFieldService)? = nil,
        queue: DispatchQueue = DispatchQueue(label: "NextToGo.RaceListInteractor"),
        deliver: @escaping MainDelivery = deliverOnMain
    ) {
        self.service = service
        self.favourites = favourites
        self.settings = settings
        self.latestRaces = latestRaces
        self.book = book
        self.raceMarks = raceMarks
        self.watch = watch
        self.fields = fields
        fetches = CoalescedFetch(queue: queue, deliver: deliver)
    }

    public var sourceDescription: String { service.sourceDescription }

    public var abandonedRaceIDs: Set<String> { book.abandonedRaceIDs }

    public func raceStandings(at now: Date) -> [String: RaceStanding] { book.standings(at: now) }

    public func marks(inRace id: String) -> [RaceMark] { raceMarks.marks(inRace: id) }

    public func scratchedMarks(inRace id: String) -> [RaceMark] { raceMarks.scratchedMarks(inRace: id) }

    /// From the source's own fields where it has them (the embedded day's, told as the replay goes: only those
    /// naming a late scratching are read, each once, as the board asks every second), else the field the book has
    /// from the race's last card read.
    public func lateScratchings(inRace id: String) -> [Runner] {
        let field =
            if let fields { (try? fields.fieldWithLateScratchings(forRace: id)) ?? nil } else {
                book.field(ofRace: id)?.runners
            }
        return (field ?? []).filter { if case .late? = $0.scratching { true } else { false } }
    }

    @MainActor public func markedRaces() -> [Race] { raceMarks.markedRaces() }

    @MainActor public func reloadMarks() -> String? { raceMarks.reload() }

    public func market(ofRace id: String, at now: Date) -> RaceMarket? {
        book.market(ofRace: id, at: now)
    }

    public func refresh(completion: @escaping RaceListFetchCompletion) {
        fetches.request(
            { [service, latestRaces, raceMarks, watch] in
                latestRaces.fetchStarted()
                let result = Result { () throws(RaceDataError) in try service.fetchRaces() }
                // In the fetch, so the board drawn from it has its marks (followed runners) and prices with it.
                if let races = try? result.get().races {
                    raceMarks.prepare(races)
                    watch?.look(at: races)
                }
                latestRaces.fetchFinished(with: try? result.get().races)
                return result
            }, completion: completion)
    }

    @MainActor
    public func toggleFavourite(_ favourite: FavouriteRace) -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: .toggle(favourite))
    }

    @MainActor
    public func saveSettings(_ board: BoardSettings) -> Result<SavedSettings, SettingsError> {
        guard let settings else { return .failure(SettingsError("this board keeps no settings")) }
        return Result { () throws(SettingsError) in try settings.save(board.entries) }
    }
}
