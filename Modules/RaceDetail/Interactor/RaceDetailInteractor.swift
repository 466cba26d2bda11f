import Core
import Dispatch
import Platform
import RaceData

public typealias RaceCardCompletion = @MainActor @Sendable (Result<RaceCard?, RaceDataError>) -> Void

/// What the detail sheet's presenter may ask of its interactor.
public protocol RaceDetailInteractorInput: AnyObject, Sendable {
    /// Whether the race is a favourite, as the marks were last read (`reloadMarks`).
    @MainActor func isFavourite(raceID: String) -> Bool
    @MainActor func toggleFavourite(_ favourite: FavouriteRace) -> Result<FavouritesState, FavouritesError>
    /// The race's card (nil: the source has none for it), answered on the main actor. A request made while a
    /// fetch is out joins it.
    func fetchCard(completion: @escaping RaceCardCompletion)
    /// Where cards come from, for messages; nil when there is no card source.
    var cardSourceDescription: String? { get }
    /// How the race stands at `now` as the app's one account of races' standings has it (the board's): nil
    /// where nothing has told it.
    func standing(at now: Date) -> RaceStanding?
    /// The race's marked runners (followed in the blackbook), as known now.
    func marks() -> [RaceMark]
    /// Reads again what marks races (the favourites, a runner followed on this sheet or elsewhere); what the user
    /// should be told once, if anything.
    @MainActor func reloadMarks() -> String?
}

extension RaceDetailInteractorInput {
    public func marks() -> [RaceMark] { [] }
}

/// The sheet's data: the race's card, fetched on a serial queue of its own so fetches never run side by side
/// (overlapping requests fold into the fetch under way), and the favourites, through the app's one
/// `FavouritesRepository`, answered on the main actor.
public final class RaceDetailInteractor: RaceDetailInteractorInput {
    private let raceID: String
    private let cards: (any RaceCardService)?
    private let favourites: any FavouritesRepository
    private let deliver: MainDelivery
    private let fetches: CoalescedFetch<Result<RaceCard?, RaceDataError>>
    private let book: RaceDayBook?
    private let raceMarks: RaceMarks

    /// - Parameter cards: the app's card reads (`CardReads`): what the sheet's card says of the race's standing,
    ///   its followed runners and its market is told to the board from there.
    /// - Parameter book: how the board has the race standing, which the sheet shows too.
    /// - Parameter raceMarks: what marks races; nil for the favourites alone.
    public init(
        raceID: String, cards: (any RaceCardService)?, favourites: any FavouritesRepository,
        book: RaceDayBook? = nil, raceMarks: RaceMarks? = nil,
        queue: DispatchQueue = DispatchQueue(label: "NextToGo.RaceDetailInteractor"),
        deliver: @escaping MainDelivery = deliverOnMain
    ) {
        self.raceID = raceID
        self.cards = cards
        self.book = book
        self.raceMarks = raceMarks ?? RaceMarks(FavouritesMarker(favourites: favourites))
        self.favourites = favourites
        self.deliver = deliver
        fetches = CoalescedFetch(queue: queue, deliver: deliver)
    }

    public var cardSourceDescription: String? { cards?.sourceDescription }

    public func standing(at now: Date) -> RaceStanding? {
        book?.standing(ofRace: raceID, at: now)
    }

    public func marks() -> [RaceMark] {
        raceMarks.marks(inRace: raceID)
    }

    @MainActor public func reloadMarks() -> String? { raceMarks.reload() }

    @MainActor public func isFavourite(raceID: String) -> Bool {
        raceMarks.markedRaces().contains { $0.id == raceID }
    }

    @MainActor
    public func toggleFavourite(_ favourite: FavouriteRace) -> Result<FavouritesState, FavouritesError> {
        favourites.result(of: .toggle(favourite))
    }

    public func fetchCard(completion: @escaping RaceCardCompletion) {
        guard let cards else {
            deliver { completion(.success(nil)) }
            return
        }
        fetches.request(
            { [raceID] in
                Result { () throws(RaceDataError) in try cards.card(forRace: raceID) }
            }, completion: completion)
    }
}
