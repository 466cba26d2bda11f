import Core
import Platform
import RaceData
import Text

/// A feature's whole part in the app, exported by its Router target as one value: the name routes reach it by,
/// its commands, the launch options and settings it owns, the features it may open, and how its screen is made.
/// The app holds one list of them; help, `--help`, the manual page, completions, settings, routing and the
/// README check are made from that list.
public struct Feature: Sendable {
    /// What routes name it by (`AppRoute.destination`).
    public let destination: Destination
    /// Its commands, for the command table (each screen runs its own).
    public let commands: [CommandEntry]
    /// The launch options it owns, in the order `--help` lists them.
    public let options: [LaunchOptionEntry]
    /// The settings file's keys it owns, in the order help names them.
    public let settings: [SettingEntry]
    /// The destinations its routes may name: the app checks each is in its list.
    public let opens: [Destination]
    /// Whether it may alert in a run with these options (at a live terminal or not): the app says so where
    /// alerts are asked to go elsewhere too (`--notify`) and nothing reaches there.
    public let mayAlert: @Sendable (LaunchOptions, _ isLive: Bool) -> Bool
    /// Its screen for a route to it, made from what the app hands every feature; nil for an argument it does
    /// not take.
    public let makeScreen: @MainActor @Sendable (RouteArgument, FeatureContext, any Navigator) -> (any Screen)?

    public init(
        _ destination: Destination, commands: [CommandEntry], options: [LaunchOptionEntry] = [],
        settings: [SettingEntry] = [], opens: [Destination] = [],
        mayAlert: @escaping @Sendable (LaunchOptions, _ isLive: Bool) -> Bool = { _, _ in false },
        makeScreen: @escaping @MainActor @Sendable (RouteArgument, FeatureContext, any Navigator) -> (any Screen)?
    ) {
        self.destination = destination
        self.commands = commands
        self.options = options
        self.settings = settings
        self.opens = opens
        self.mayAlert = mayAlert
        self.makeScreen = makeScreen
    }
}

/// What the app hands each feature to build its screen with: the data services, the run's facts, and how
/// screens are shown. Made once, at launch.
@MainActor
public struct FeatureContext {
    public let races: any RaceService
    /// Where race cards come from; nil for none.
    public let cards: (any RaceCardService)?
    /// The card source's list of the day's meetings, where it has one (the affiliates API, the race day's).
    public let meetings: (any RaceMeetingsService)?
    /// What the cards have said of races' status, shared by every screen.
    public let statusBook: RaceStatusBook
    /// The race list's latest good races, for screens that show races without fetching.
    public let latestRaces: LatestRaces
    public let favourites: any FavouritesRepository
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
        races: any RaceService, cards: CardServices, statusBook: RaceStatusBook, latestRaces: LatestRaces,
        favourites: any FavouritesRepository, settings: (any SettingsStore)?, clock: any WallClock,
        timeZone: LocalZone, options: LaunchOptions, isLive: Bool, offersShell: Bool, firstCardWait: TimeInterval?,
        presentation: Presentation, alsoAlert: (@MainActor (String) -> Void)? = nil
    ) {
        self.races = races
        self.cards = cards.cards
        self.meetings = cards.meetings
        self.statusBook = statusBook
        self.latestRaces = latestRaces
        self.favourites = favourites
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
