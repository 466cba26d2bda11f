import CommandKit
import Core
import Platform
import RaceData
import Text

/// What the app hands each feature to build its screen with: the data services, the run's facts, and how
/// screens are shown. Made once, at launch.
@MainActor
public struct FeatureContext {
    public let races: any RaceService
    /// Where race cards come from; nil for none.
    public let cards: (any RaceCardService)?
    /// The card source's list of the day's meetings, where it has one (the affiliates API, the race day's).
    public let meetings: (any RaceMeetingsService)?
    /// The card source answers from what it holds (the embedded day, a folder): reading many cards costs no
    /// requests.
    public let cardsAnswerAtOnce: Bool
    /// What the cards have said of races' status, shared by every screen.
    public let statusBook: RaceStatusBook
    /// Where the board and the sheet ask which runners are marked (a feature registers the marker).
    public let raceMarks: RaceMarks
    /// Where the board learns each race's market favourite and price; nil without a card source, and for a single
    /// command whose cards come from a server.
    public let markets: (any RaceMarketService)?
    /// Races' fields apart from their cards, where the card source has them so (the embedded day).
    public let fields: (any RaceFieldService)?
    /// The race list's latest good races, for screens that show races without fetching.
    public let latestRaces: LatestRaces
    public let favourites: any FavouritesRepository
    /// Where a feature keeps its own list between runs (`keptLists.list(of: Entry.self)`), as durably as the
    /// favourites.
    public let keptLists: any KeptListStore
    /// Where `save` keeps settings; nil where nothing is kept.
    public let settings: (any SettingsStore)?
    public let clock: any WallClock
    public let timeZone: LocalZone
    /// The options the run was started with (the settings and variables come first in them).
    public let options: LaunchOptions
    /// A person at a live terminal (not a pipe, JSON or a single command).
    public let isLive: Bool
    /// The shell is offered (not a single command): messages may suggest commands.
    public let offersShell: Bool
    /// At a live terminal, the most a sheet waits for its race card before it is drawn without it.
    public let firstCardWait: TimeInterval?
    public let presentation: Presentation
    /// Alerts go here too (`--notify`: the desktop).
    public let alsoAlert: (@MainActor (String) -> Void)?

    public init(
        races: any RaceService, cards: CardServices, statusBook: RaceStatusBook, raceMarks: RaceMarks = RaceMarks(),
        latestRaces: LatestRaces,
        favourites: any FavouritesRepository, keptLists: any KeptListStore, settings: (any SettingsStore)?,
        clock: any WallClock,
        timeZone: LocalZone, options: LaunchOptions, isLive: Bool, offersShell: Bool, firstCardWait: TimeInterval?,
        presentation: Presentation, alsoAlert: (@MainActor (String) -> Void)? = nil
    ) {
        self.races = races
        self.cards = cards.cards
        self.meetings = cards.meetings
        self.fields = cards.fields
        // A single command ends before a server's cards could come: it asks for none for the board's prices.
        self.markets = (offersShell || cards.markets?.answersAtOnce == true) ? cards.markets : nil
        cardsAnswerAtOnce = cards.statuses?.answersAtOnce ?? false
        self.statusBook = statusBook
        self.raceMarks = raceMarks
        self.latestRaces = latestRaces
        self.favourites = favourites
        self.keptLists = keptLists
        self.settings = settings
        self.clock = clock
        self.timeZone = timeZone
        self.options = options
        self.isLive = isLive
        self.offersShell = offersShell
        self.firstCardWait = firstCardWait
        self.presentation = presentation
        self.alsoAlert = alsoAlert
    }
}
