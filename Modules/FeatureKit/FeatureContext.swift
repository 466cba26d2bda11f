import CommandKit
import Core
import Platform
import RaceData
import Text

/// What the app hands each feature to build its screen with, in a few groups: the races, the cards and what
/// they told, the marks, what the user keeps, the run, and how screens are shown. Made once, at launch, where
/// every policy about them (which services a run has) is decided.
@MainActor
public struct FeatureContext {
    /// Where races come from, and the board's latest good ones.
    public struct Races {
        public let service: any RaceService
        /// The race list's latest good races, for screens that show races without fetching.
        public let latest: LatestRaces

        public init(service: any RaceService, latest: LatestRaces) {
            self.service = service
            self.latest = latest
        }
    }

    /// Where race cards come from, and the services made of them.
    public struct Cards {
        /// Every card a screen reads (`CardReads`: what it says is told to the board); nil for no card source.
        public let reads: CardReads?
        /// The card source's list of the day's meetings, where it has one (the affiliates API, the race day's).
        public let meetings: (any RaceMeetingsService)?
        /// Races' fields apart from their cards, where the card source has them so (the embedded day).
        public let fields: (any RaceFieldService)?
        /// What reads the board's cards for their markets and results into the book; nil where nothing need be
        /// read for them (the embedded day's index has them) or nothing could come in time (a single command).
        public let watch: (any RaceCardWatch)?
        /// The card source answers from what it holds (the embedded day, a folder): reading many cards costs no
        /// requests.
        public let answerAtOnce: Bool

        public init(
            reads: CardReads?, meetings: (any RaceMeetingsService)?, fields: (any RaceFieldService)?,
            watch: (any RaceCardWatch)?, answerAtOnce: Bool
        ) {
            self.reads = reads
            self.meetings = meetings
            self.fields = fields
            self.watch = watch
            self.answerAtOnce = answerAtOnce
        }
    }

    /// What the user keeps between runs.
    public struct Kept {
        public let favourites: any FavouritesRepository
        /// Where a feature keeps its own list (`lists.list(of: Entry.self)`), as durably as the favourites.
        public let lists: any KeptListStore
        /// Where `save` keeps settings; nil where nothing is kept.
        public let settings: (any SettingsStore)?

        public init(favourites: any FavouritesRepository, lists: any KeptListStore, settings: (any SettingsStore)?) {
            self.favourites = favourites
            self.lists = lists
            self.settings = settings
        }
    }

    /// The run: its clock and zone, its options, and how it is used.
    public struct Run {
        public let clock: any WallClock
        public let timeZone: LocalZone
        /// The options the run was started with (the settings and variables come first in them).
        public let options: LaunchOptions
        /// A person at a live terminal (not a pipe, JSON or a single command).
        public let isLive: Bool
        /// The shell is offered (not a single command): messages may suggest commands.
        public let offersShell: Bool
        /// At a live terminal, the most a command waits for its cards before it draws without them.
        public let firstCardWait: TimeInterval?
        /// Alerts go here too (`--notify`: the desktop).
        public let alsoAlert: (@MainActor (String) -> Void)?

        public init(
            clock: any WallClock, timeZone: LocalZone, options: LaunchOptions, isLive: Bool, offersShell: Bool,
            firstCardWait: TimeInterval?, alsoAlert: (@MainActor (String) -> Void)? = nil
        ) {
            self.clock = clock
            self.timeZone = timeZone
            self.options = options
            self.isLive = isLive
            self.offersShell = offersShell
            self.firstCardWait = firstCardWait
            self.alsoAlert = alsoAlert
        }
    }

    public let races: Races
    public let cards: Cards
    /// What the day's cards have said of each race (standing, market, field), shared by every screen.
    public let book: RaceDayBook
    /// Where the board and the sheet ask which runners are marked (a feature registers its marker).
    public let raceMarks: RaceMarks
    public let kept: Kept
    public let run: Run
    public let presentation: Presentation

    public init(
        races: Races, cards: Cards, book: RaceDayBook, raceMarks: RaceMarks, kept: Kept, run: Run,
        presentation: Presentation
    ) {
        self.races = races
        self.cards = cards
        self.book = book
        self.raceMarks = raceMarks
        self.kept = kept
        self.run = run
        self.presentation = presentation
    }
}
