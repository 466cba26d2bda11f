import Core

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

/// Where settings are kept between runs: keys and values as the settings file spells them (`count`, `3`), each
/// feature saving its own.
@MainActor
public protocol SettingsStore: AnyObject, Sendable {
    /// Keeps these settings, leaving every other thing the store holds (comments, other keys) as it was.
    func save(_ entries: [(key: String, value: String)]) throws(SettingsError) -> SavedSettings
}
