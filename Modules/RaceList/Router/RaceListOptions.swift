import Core
import FeatureKit
import RaceListInteractor

/// The race list's own launch options and settings: each sets a part of the board (`board`), the value the
/// module starts the board from and `save` writes back.
extension RaceListModule {
    public nonisolated static let board = OptionKey("board", initial: BoardSettings())

    /// `1 to 20`, `1 to 1440`: the ranges as help says them.
    nonisolated static let counts = "\(BoardSettings.counts.lowerBound) to \(BoardSettings.counts.upperBound)"
    nonisolated static let leads = "\(BoardSettings.alertLeads.lowerBound) to \(BoardSettings.alertLeads.upperBound)"

    /// In the order `--help` lists them.
    public nonisolated static let options = [
        LaunchOptionEntry(
            ["--region"], placeholder: "aus|nz|intl|all", suggestions: .words(RaceRegion.choiceWords),
            help: ["only races in Australia, New Zealand, elsewhere (default all)"]
        ) { name, value, options throws(LaunchOptionsError) in
            let text = value ?? ""
            guard text.lowercased() == "all" || RaceRegion(userInput: text) != nil else {
                throw .invalidValue(
                    option: name, value: text,
                    expected: "aus, nz, intl or all" + regionHint(text))
            }
            options[board].region = RaceRegion(userInput: text)
        },
        LaunchOptionEntry(
            ["--count"], placeholder: "N",
            help: [
                "races on the board, \(counts.replacing(" to ", with: "-")) (default \(BoardSettings.standardCount))"
            ]
        ) { name, value, options throws(LaunchOptionsError) in
            let text = value ?? ""
            guard let number = Int(text), BoardSettings.counts.contains(number) else {
                throw .invalidValue(option: name, value: text, expected: "a number of races from \(counts)")
            }
            options[board].count = number
        },
        LaunchOptionEntry(
            ["--alert"], placeholder: "MINUTES|off", suggestions: .words(["off"]),
            help: [
                "alert when a favourite is MINUTES from its start (default: \(BoardSettings.standardAlertLead) at",
                "a terminal, off in pipes)",
            ]
        ) { name, value, options throws(LaunchOptionsError) in
            let text = value ?? ""
            if text.lowercased() == "off" {
                options[board].alert = .off
                return
            }
            guard let minutes = Int(text), BoardSettings.alertLeads.contains(minutes) else {
                throw .invalidValue(option: name, value: text, expected: "minutes from \(leads), or off")
            }
            options[board].alert = .minutes(minutes)
        },
    ]

    /// " (United Kingdom is in intl)", " (did you mean intl?)", or nothing.
    nonisolated static func regionHint(_ text: String) -> String {
        switch RaceRegion.hint(for: text) {
        case .place(let place, let region)?: " (\(place) is in \(region.rawValue))"
        case .guess(let guess)?: " (did you mean \(guess)?)"
        case nil: ""
        }
    }

    /// In the order help names them; `filter` has no option, the others are their options'.
    public nonisolated static let settings = [
        SettingEntry(
            "filter",
            .value { value, options throws(SettingRefusal) in
                // `all` (what `save` writes for no filter) is every category, as no word is.
                let words = value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
                    .filter { $0.lowercased() != "all" }
                let categories = words.compactMap(RaceCategory.init(userInput:))
                guard categories.count == words.count else {
                    throw SettingRefusal(expected: "horse, greyhound and/or harness")
                }
                options[board].categories = categories.sorted()
            }),
        SettingEntry("region", .option("--region")),
        SettingEntry("count", .option("--count")),
        SettingEntry("alert", .option("--alert")),
    ]
}
