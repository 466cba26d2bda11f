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
