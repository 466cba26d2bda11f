/// A key of the settings file (and its `NEXT_TO_GO_<KEY>` variable), declared by its owner beside the option it
/// stands for: what the value means. The app's settings are the kernel's and every feature's; a line or variable
/// that is not right is named and skipped with the reason its entry gives.
public struct SettingEntry: Sendable {
    public enum Meaning: Sendable {
        /// The value is that option's (`count = 3` is `--count 3`), put before the command line's own so the
        /// command line wins. `check` says what was expected of a value it refuses, where the option itself
        /// takes anything (`source`).
        case option(String, check: (@Sendable (String) -> String?)? = nil)
        /// on or off (yes/no, true/false): the flag is given for on, or for off when `onGivesFlag` is false
        /// (`colour = off` is `--no-color`). The last word wins.
        case onOff(flag: String, onGivesFlag: Bool)
        /// A value no option takes, read by its owner into the options (`filter = greyhound harness`); throws
        /// what was expected.
        case value(@Sendable (String, inout LaunchOptions) throws(SettingRefusal) -> Void)
    }

    public let key: String
    public let meaning: Meaning

    public init(_ key: String, _ meaning: Meaning) {
        self.key = key
        self.meaning = meaning
    }
}

/// What a setting's value was expected to be (`"horse, greyhound and/or harness"`).
public struct SettingRefusal: Error, Sendable {
    public let expected: String

    public init(expected: String) { self.expected = expected }
}
