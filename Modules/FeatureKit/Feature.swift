import CommandKit
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
    /// Its commands on other features' screens, run with what the screen shows (`follow 3` on a race's card).
    public let actions: [FeatureAction]
    /// What it sets going once, when the app has made the context and before the first screen: a marker for the
    /// board's races, say.
    public let begin: @MainActor @Sendable (FeatureContext) -> Void

    public init(
        _ destination: Destination, commands: [CommandEntry], options: [LaunchOptionEntry] = [],
        settings: [SettingEntry] = [], opens: [Destination] = [],
        mayAlert: @escaping @Sendable (LaunchOptions, _ isLive: Bool) -> Bool = { _, _ in false },
        actions: [FeatureAction] = [], begin: @escaping @MainActor @Sendable (FeatureContext) -> Void = { _ in },
        makeScreen: @escaping @MainActor @Sendable (RouteArgument, FeatureContext, any Navigator) -> (any Screen)?
    ) {
        self.actions = actions
        self.begin = begin
        self.destination = destination
        self.commands = commands
        self.options = options
        self.settings = settings
        self.opens = opens
        self.mayAlert = mayAlert
        self.makeScreen = makeScreen
    }
}

/// A command a feature runs on another feature's screen: its entry (for the command table, with the screens it
/// works on) and what it does with what that screen shows.
public struct FeatureAction: Sendable {
    public let entry: CommandEntry
    /// Returns false for arguments or a screen it does not take (the shell then says so).
    public let perform:
        @MainActor @Sendable (
            Command, ScreenSubject?, FeatureContext, any Navigator, @escaping CommandCompletion
        ) -> Bool

    public init(
        _ entry: CommandEntry,
        perform:
            @escaping @MainActor @Sendable (
                Command, ScreenSubject?, FeatureContext, any Navigator, @escaping CommandCompletion
            ) -> Bool
    ) {
        self.entry = entry
        self.perform = perform
    }
}
