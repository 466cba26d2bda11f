import CommandKit
import Core
import Platform
import RaceDataLive
import Text

/// Settings kept between runs: `$XDG_CONFIG_HOME/next-to-go/config` (else `~/.config/next-to-go/config`), one
/// `key = value` a line, `#` comments (on their own line, or after a value and a space); and `NEXT_TO_GO_<KEY>`
/// variables. Flags win over variables, variables over the file: each setting becomes the option it stands for,
/// put before the command line's own, and the last value given wins. A line or variable that is not right is
/// named and skipped; the app still starts. The file is input like any other: a folder, a FIFO, a huge or
/// binary file is said and ignored, never waited on. The keys are the app's `AppFeatures.settings`: the
/// kernel's and each feature's own.
struct Settings {
    /// Options for the settings found, to go before the command line's.
    var arguments: [String] = []
    /// The options the settings with no option of their own set (`filter`), for the command line to go on.
    var options = LaunchOptions()
    var warnings: [String] = []
    private let entries: [SettingEntry]
    /// The options the entries' values are checked against.
    private let table: LaunchOptionTable

    private init(entries: [SettingEntry], table: LaunchOptionTable) {
        self.entries = entries
        self.table = table
    }

    /// The settings for a run: the file unless `--no-config` is among the options, then the variables.
    static func load(
        environment: [String: String], arguments commandLine: [String], entries: [SettingEntry],
        table: LaunchOptionTable
    ) -> Settings {
        var settings = Settings(entries: entries, table: table)
        if !commandLine.prefix(while: { $0 != "--" }).contains("--no-config") {
            settings.read(SettingsText.file(environment: environment))
        }
        for entry in entries {
            let variable = SettingsText.variable(for: entry.key)
            if let value = environment[variable] {
                settings.take(key: entry.key, value: value, from: variable)
            }
        }
        return settings
    }

    private mutating func read(_ file: URL) {
        let text: SettingsText
        do {
            guard let found = try SettingsText.read(file.path, shownAs: file.path) else { return }
            text = found
        } catch {
            warnings.append("Settings: \(error); it is ignored.")
            return
        }
        // A file that is not settings at all (a log, a binary) is said in a few lines, not one a line.
        var skipped = 0
        for line in text.lines {
            let place = "\(file.path) line \(line.number)"
            let said = warnings.count
            switch line.meaning {
            case .nothing: continue
            case .malformed: warnings.append("Settings: \(place) is not `key = value`; it is skipped.")
            case .entry(let key, let value, _): take(key: key, value: value, from: place)
            }
            if warnings.count > said {
                skipped += 1
                if skipped > Self.linesSaid { warnings.removeLast(warnings.count - said) }
            }
        }
        if skipped > Self.linesSaid {
            let more = skipped - Self.linesSaid
            warnings.append(
                "Settings: … and \(Self.grouped(more)) more \(more == 1 ? "line" : "lines") of \(file.path) skipped.")
        }
    }

    /// The skipped lines of the file named one by one; past these, they are counted.
    static let linesSaid = 3

    /// 19997 as 19,997, whatever the locale: the rest of the message is English too.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        return ([Substring(digits)] + groups).joined(separator: ",")
    }

    /// One setting, checked as its entry says; said and skipped if it is not right.
    private mutating func take(key: String, value: String, from place: String) {
        let shown = TerminalText.quoted(value, limit: 60)
        guard let entry = entries.first(where: { $0.key == key }) else {
            let known = entries.map(\.key).joined(separator: ", ")
            warnings.append(
                "Settings: \(place): \(TerminalText.quoted(key, limit: 40)) is not a setting (\(known)); it is skipped."
            )
            return
        }
        func refuse(_ expected: String) {
            warnings.append("Settings: \(place): \(key) \(shown) is not valid: expected \(expected); it is skipped.")
        }
        switch entry.meaning {
        case .value(let read):
            do throws(SettingRefusal) {
                try read(value, &options)
            } catch {
                refuse(error.expected)
            }
        case .onOff(let flag, let onGivesFlag):
            let on: Bool
            switch value.lowercased() {
            case "on", "yes", "true": on = true
            case "off", "no", "false": on = false
            default: return refuse("on or off")
            }
            // The last word wins.
            arguments.removeAll { $0 == flag }
            if on == onGivesFlag { arguments.append(flag) }
        case .option(let option, let check):
            if let expected = check?(value) { return refuse(expected) }
            do {
                _ = try LaunchOptions(arguments: [option, value], table: table)
                arguments += [option, value]
            } catch {
                let said = "\(error)".hasPrefix(option) ? key + "\(error)".dropFirst(option.count) : "\(error)"
                warnings.append("Settings: \(place): \(said); it is skipped.")
            }
        }
    }
}
