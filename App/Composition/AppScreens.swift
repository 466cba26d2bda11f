import BlackbookRouter
import CommandKit
import Core
import FavouritesRouter
import FeatureKit
import MeetingsRouter
import MoversRouter
import RaceDataLive
import RaceDetailRouter
import RaceListRouter
import ResultsRouter
import ScratchingsRouter

/// Every feature of the app, the root first: the one list help, `--help`, the manual page, completions,
/// routing and the README check are made from. A new feature is a folder and a line here.
enum AppFeatures {
    static let all: [Feature] =
        [RaceListModule.feature, RaceDetailModule.feature, FavouritesModule.feature] + MeetingsModule.features + [
            MoversModule.feature, BlackbookModule.feature, ResultsModule.feature, ScratchingsModule.feature,
        ]

    /// Every feature's commands with the shell's own, in the order help lists them.
    static let commands = CommandTable(
        all.flatMap(\.commands) + all.flatMap { $0.actions.map(\.entry) } + CommandTable.shellCommands)

    /// The launch options: the kernel's, with every feature's in their place.
    static let options = LaunchOptionTable.app(
        featureOptions: all.flatMap(\.options),
        apis: RacingAPI.all.map {
            KernelOptions.NamedAPI(name: $0.name, sourceHelp: $0.help, cardsHelp: $0.cardsHelp)
        })

    /// The settings file's keys: where races come from, every feature's, then the kernel's others.
    static let settings =
        [
            SettingEntry(
                "source", .option("--source", check: { RaceSource(argument: $0) == nil ? RaceSource.usage : nil }))
        ]
        + all.flatMap(\.settings) + KernelOptions.settingsAfterFeatures

    /// "source, filter, region, count, alert, refresh, colour (on/off), notify (on/off)": the keys as help says
    /// them.
    static var settingsList: String {
        settings.map { entry in
            if case .onOff = entry.meaning { "\(entry.key) (on/off)" } else { entry.key }
        }.joined(separator: ", ")
    }

    /// Whether any feature may alert in a run with these options.
    static func mayAlert(options: LaunchOptions, isLive: Bool) -> Bool {
        all.contains { $0.mayAlert(options, isLive) }
    }

    static func named(_ destination: Destination) -> Feature? {
        all.first { $0.destination == destination }
    }
}

/// Resolves routes to screens through the feature list, each feature's router assembling its module from the
/// context every feature is handed.
@MainActor
struct AppScreens: ScreenFactory {
    let context: FeatureContext

    /// The root screen (the list's first feature); its first fetch starts at once, before any command. Every
    /// feature begins first (a marker for the board's races is in place for its first fetch).
    func makeRoot(navigator: any Navigator) -> any Screen {
        for feature in AppFeatures.all { feature.begin(context) }
        guard let root = AppFeatures.all[0].makeScreen(.none, context, navigator) else {
            preconditionFailure("the first feature makes the root screen with no argument")
        }
        return root
    }

    func makeScreen(for route: AppRoute, navigator: any Navigator) -> (any Screen)? {
        AppFeatures.named(route.destination)?.makeScreen(route.argument, context, navigator)
    }

    func perform(
        _ command: Command, on screen: any Screen, navigator: any Navigator,
        completion: @escaping CommandCompletion
    ) -> Bool {
        let actions = AppFeatures.all.lazy.flatMap(\.actions)
        guard
            let action = actions.first(where: {
                $0.entry.name == command.name && $0.entry.screens?.contains(screen.kind) ?? true
            })
        else { return false }
        return action.perform(command, screen.subject, context, navigator, completion)
    }
}
