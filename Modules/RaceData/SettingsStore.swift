import Core

/// The board as `save` keeps it for the next start.
public struct BoardSettings: Sendable, Equatable {
    /// How the alert is kept.
    public enum Alert: Sendable, Equatable {
        case minutes(Int)
        case off
    }

    /// The categories shown; empty for all.
    public var categories: [RaceCategory]
    /// nil for every region.
    public var region: RaceRegion?
    public var count: Int
    /// nil leaves the kept alert as it is: the run's default (2 min at a terminal, off in a pipe) is not a choice
    /// to keep.
    public var alert: Alert?

    public init(categories: [RaceCategory], region: RaceRegion?, count: Int, alert: Alert?) {
        self.categories = categories.sorted()
        self.region = region
        self.count = count
        self.alert = alert
    }

    /// Each setting kept, as the settings file spells it (`filter = greyhound harness`), in the file's order.
    public var entries: [(key: String, value: String)] {
        var entries = [
            ("filter", categories.isEmpty ? "all" : categories.map(\.rawValue).joined(separator: " ")),
            ("region", region?.rawValue ?? "all"),
            ("count", String(count)),
        ]
        switch alert {
        case .minutes(let minutes)?: entries.append(("alert", String(minutes)))
        case .off?: entries.append(("alert", "off"))
        case nil: break
        }
        return entries
    }

    /// "filter greyhound harness, region aus, count 3, alert 10"
    public var summary: String {
        entries.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}

/// Where `save` put the settings, and what will come before them at the next start.
public struct SavedSettings: Sendable, Equatable {
    /// The file, for messages.
    public let location: String
    /// The environment variables set now that will win over what was saved (`NEXT_TO_GO_COUNT`).
    public let overriddenBy: [String]

    public init(location: String, overriddenBy: [String] = []) {
        self.location = location
        self.overriddenBy = overriddenBy
    }
}

/// Why the settings were not saved; whatever was kept before is as it was.
public struct SettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// Where the board's settings are kept between runs.
@MainActor
public protocol SettingsStore: AnyObject, Sendable {
    /// Keeps these settings, leaving every other thing the store holds (comments, other keys) as it was.
    func save(_ settings: BoardSettings) throws(SettingsError) -> SavedSettings
}
