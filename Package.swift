// swift-tools-version: 6.2
import PackageDescription

// MARK: - Features
// Each feature is four targets with one job each, and a fifth of fakes for tests (never linked into the app). The dependency graph is
// acyclic: Router -> Presenter -> Interactor -> RaceData -> Core, and
// Presenter -> View -> Core. Features never import one another, and none of
// them sees RaceDataLive: only the app wires live services in. They stand on
// Platform, never SystemCalls: what acts on the system is handed to them.

struct Feature {
    let name: String

    var targets: [Target] {
        [
            .target(
                name: "\(name)Interactor",
                dependencies: ["Core", "Platform", "RaceData"],
                path: "Modules/\(name)/Interactor"
            ),
            .target(
                name: "\(name)View",
                dependencies: ["Core", "Platform", "Text"],
                path: "Modules/\(name)/View"
            ),
            .target(
                name: "\(name)Presenter",
                dependencies: [
                    "Core", "Platform", "Text", .target(name: "\(name)Interactor"), .target(name: "\(name)View"),
                ],
                path: "Modules/\(name)/Presenter"
            ),
            .target(
                name: "\(name)Router",
                dependencies: [
                    "Core", "FeatureKit", "Platform", "Text",
                    .target(name: "\(name)Interactor"),
                    .target(name: "\(name)Presenter"),
                    .target(name: "\(name)View"),
                ],
                path: "Modules/\(name)/Router"
            ),
            // Fakes of the feature's interactor, view and router for any test target: they record what they are
            // asked, and a router fake fails the test on navigation it was not told to expect.
            .target(
                name: "\(name)TestSupport",
                dependencies: [
                    "Core", "RaceData", "TestSupport", "Text",
                    .target(name: "\(name)Interactor"), .target(name: "\(name)Presenter"),
                    .target(name: "\(name)View"),
                ],
                path: "Modules/\(name)/TestSupport"
            ),
            .testTarget(
                name: "\(name)InteractorTests",
                dependencies: [.target(name: "\(name)Interactor"), "TestSupport"],
                path: "Tests/\(name)InteractorTests"
            ),
            .testTarget(
                name: "\(name)PresenterTests",
                dependencies: [
                    .target(name: "\(name)Presenter"), .target(name: "\(name)TestSupport"), "TestSupport",
                ],
                path: "Tests/\(name)PresenterTests"
            ),
            .testTarget(
                name: "\(name)RouterTests",
                dependencies: [
                    .target(name: "\(name)Router"), .target(name: "\(name)TestSupport"), "TestSupport", "CommandKit",
                ],
                path: "Tests/\(name)RouterTests"
            ),
            .testTarget(
                name: "\(name)ViewTests",
                dependencies: [.target(name: "\(name)View"), "TestSupport", "Text"],
                path: "Tests/\(name)ViewTests"
            ),
        ]
    }
}

/// The app's features: each is its folder and a line here; App/Composition/AppScreens.swift lists them for the app.
let features = [
    Feature(name: "RaceList"),
    Feature(name: "RaceDetail"),
    Feature(name: "Favourites"),
    Feature(name: "Meetings"),
    Feature(name: "Movers"),
    Feature(name: "Blackbook"),
    Feature(name: "Results"),
    Feature(name: "Scratchings"),
]

extension [Feature] {
    /// What the composition root links: each feature's Router, which exports its `Feature` value.
    var routers: [Target.Dependency] { map { .target(name: "\($0.name)Router") } }
}

let package = Package(
    name: "NextToGo",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "next-to-go", targets: ["NextToGoApp"])
    ],
    targets: [
        // MARK: Platform — the floor every target stands on: Foundation as this system has it (re-exported), pure
        // values and helpers (C-locale number formats, calendar days, saturating conversions, bounded dictionaries,
        // byte search), and the zone database's wall clock, which Foundation has here only through ICU. Nothing in
        // it writes a file, starts a process, takes a signal, starts a thread or opens a socket: a presenter or a
        // view can reach nothing that acts on the system. No dependencies.
        .target(name: "Platform", path: "Modules/Platform"),

        // MARK: SystemCalls — the floor under the system-facing targets only: descriptors and files, processes
        // and the environment, signals and the process's end, threads, host lookups, reserved memory, each call
        // into libc behind a small type. Re-exports Platform. Features, Core, Text, the kits and RaceData never
        // depend on it (LayeringTests holds that).
        .target(name: "SystemCalls", dependencies: ["Platform"], path: "Modules/SystemCalls"),
        .testTarget(
            name: "SystemCallsTests", dependencies: ["SystemCalls", "TestSupport"], path: "Tests/SystemCallsTests"),

        // MARK: Core — the domain: races, cards, form, categories, regions, countdowns, the clock
        .target(name: "Core", dependencies: ["Platform"], path: "Modules/Core"),
        .testTarget(name: "CoreTests", dependencies: ["Core", "Text", "TestSupport"], path: "Tests/CoreTests"),

        // MARK: Text — what a view writes: terminal text made safe and fitted, styles, tables, JSON documents,
        // the outputs they go to. Views and what draws (the shell, the terminal) use it; interactors never see it.
        .target(name: "Text", dependencies: ["Core", "Platform"], path: "Modules/Text"),
        .testTarget(name: "TextTests", dependencies: ["Text", "TestSupport"], path: "Tests/TextTests"),

        // MARK: Files — files on disk as input and as state: atomic replacement, bounded reads, identity, locks
        .target(name: "Files", dependencies: ["Core", "Platform", "SystemCalls"], path: "Modules/Files"),

        // MARK: RaceData — what features may know of data: services, feeds, errors, the favourites store
        .target(name: "RaceData", dependencies: ["Core", "Platform"], path: "Modules/RaceData"),

        // MARK: RaceDataLive — the live code: feed decoding, the snapshot, file and HTTP sources, the
        // feed cache, the favourites file. Only the app (and tests of this target) import it.
        .target(
            name: "RaceDataLive",
            dependencies: ["CZlib", "Core", "Files", "Platform", "RaceData", "SnapshotData", "SystemCalls", "Text"],
            path: "Modules/RaceDataLive"),
        // The system's zlib: the snapshot's race cards are kept deflated in the program.
        .systemLibrary(name: "CZlib", path: "Modules/CZlib"),
        // MARK: SnapshotData — the race day the app ships, as Swift string literals made by Scripts/make-snapshot:
        // in the program itself, so no resource bundle is looked for (that needs Foundation's Bundle).
        .target(name: "SnapshotData", path: "Modules/SnapshotData"),
        // MARK: Fetch — the HTTP client: the system's libcurl, opened at the first request (CCurl has its types
        // only; nothing of curl is linked), one handle a source so its connection is kept between requests.
        .systemLibrary(name: "CCurl", path: "Modules/CCurl"),
        .target(
            name: "Fetch",
            dependencies: ["CCurl", "Core", "Platform", "RaceData", "RaceDataLive", "SystemCalls", "Text"],
            path: "App/Fetch"),
        .testTarget(
            name: "RaceDataTests",
            dependencies: [
                "Files", "RaceData", "RaceDataLive", "SnapshotData", "TestSupport", "FavouritesStress", "Fetch",
                "NextToGoApp", "SystemCalls",
            ],
            path: "Tests/RaceDataTests"),
        // A helper process for the store's two-process test; not shipped.
        .executableTarget(
            name: "FavouritesStress", dependencies: ["Core", "RaceData", "RaceDataLive"],
            path: "Tests/FavouritesStress"),

        // MARK: CommandKit — what the shell and the features agree on: the screen protocol, commands, the command
        // table and its parsing, launch options and settings (the kernel's declared in KernelOptions.swift).
        .target(name: "CommandKit", dependencies: ["Core", "Platform", "Text"], path: "Modules/CommandKit"),

        // MARK: FeatureKit — what a feature's Router builds on: `Feature`, the `FeatureContext` the app hands it
        // (services and capabilities), module screens and their commands. Re-exports CommandKit.
        .target(
            name: "FeatureKit", dependencies: ["CommandKit", "Core", "Platform", "RaceData", "Text"],
            path: "Modules/FeatureKit"),

        // MARK: Shell — the REPL runtime: the session and its screen stack, input loops over lines, the output
        // they write, the terminal's and locale's facts. Knows no data and no files; the standard streams, the
        // interrupt and the reading thread are why it stands on SystemCalls.
        .target(
            name: "Shell", dependencies: ["CommandKit", "Core", "Platform", "SystemCalls", "Text"],
            path: "Modules/Shell"),
        .testTarget(
            name: "ShellTests", dependencies: ["CommandKit", "Shell", "FeatureKit", "TestSupport"],
            path: "Tests/ShellTests"),

        // MARK: Terminal — a person at a terminal: the line editor, the live region, the full-screen watch, raw
        // mode, signals. Only the app links it.
        .target(
            name: "Terminal",
            dependencies: ["CommandKit", "Core", "Files", "Platform", "Shell", "SystemCalls", "Text"],
            path: "Modules/Terminal"),
        .testTarget(
            name: "TerminalTests", dependencies: ["CommandKit", "Terminal", "Shell", "TestSupport"],
            path: "Tests/TerminalTests"),

        // MARK: App — the composition root, a function (`NextToGoApp.run`) tests can call in-process, and the
        // executable, which only calls it
        .target(
            name: "AppComposition",
            dependencies: [
                "CommandKit", "Core", "FeatureKit", "Fetch", "Files", "Platform", "RaceData", "RaceDataLive", "Shell",
                "SystemCalls", "Terminal", "Text",
            ]
                + features.routers,
            path: "App/Composition"
        ),
        .executableTarget(
            name: "NextToGoApp",
            dependencies: ["AppComposition", "SystemCalls"],
            path: "App/NextToGo"
        ),
        .testTarget(
            name: "AppCompositionTests",
            dependencies: [
                "AppComposition", "CommandKit", "Shell", "Terminal", "Core", "TestSupport", "RaceDataLive",
                "RaceListInteractor",
            ]
                + features.routers,
            path: "Tests/AppCompositionTests"
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["NextToGoApp", "AppComposition", "Core", "SystemCalls", "TestSupport", "RaceListRouter"],
            path: "Tests/EndToEndTests"
        ),

        // MARK: TestSupport — fakes and fixtures shared by every test target
        .target(
            name: "TestSupport", dependencies: ["Core", "FeatureKit", "RaceData", "Shell", "SnapshotData", "Text"],
            path: "Tests/TestSupport"),
    ] + features.flatMap(\.targets),
    swiftLanguageModes: [.v6]
)
