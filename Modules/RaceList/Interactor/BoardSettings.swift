import Core

/// The board as a run starts it and `save` keeps it: the one value that flows from the options, variables and
/// settings file (`RaceListModule.board`), through the module to the board, and back out through `save`. Its
/// ranges and defaults are declared here, once, for the options, the settings, the commands and the board.
public struct BoardSettings: Sendable, Equatable {
    /// How the alert is kept.
    public enum Alert: Sendable, Equatable {
        case minutes(Int)
        case off
    }

    /// The races a board can show, and how many it shows unless asked.
    public static let counts = 1...20
    public static let standardCount = 5
    /// How long before a favourite's start an alert can come, and when a person at a terminal gets one unasked.
    public static let alertLeads = 1...1440
    public static let standardAlertLead = 2

    /// The categories shown; empty for all.
    public var categories: [RaceCategory]
    /// nil for every region.
    public var region: RaceRegion?
    public var count: Int
    /// nil: nobody chose one (the run's default: 2 min at a terminal, off in a pipe), which `save` does not keep.
    public var alert: Alert?

    public init(
        categories: [RaceCategory] = [], region: RaceRegion? = nil, count: Int = standardCount, alert: Alert? = nil
    ) {
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
