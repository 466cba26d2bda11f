/// A value of the launch options that a feature owns (the race list's board: count, region, alert, filter): it
/// declares the key and the options and settings that set it; `LaunchOptions` carries it for the feature, which
/// reads it back when the app hands it the options. The kernel knows none of them.
public struct OptionKey<Value: Sendable & Equatable>: Sendable {
    public let name: String
    /// What the value is when nothing set it.
    public let initial: Value

    public init(_ name: String, initial: Value) {
        self.name = name
        self.initial = initial
    }
}

/// A feature's value, its type forgotten while `LaunchOptions` carries it, its equality kept.
struct OptionValue: Sendable, Equatable {
    let value: any Sendable
    private let equals: @Sendable (any Sendable) -> Bool

    init<Value: Sendable & Equatable>(_ value: Value) {
        self.value = value
        equals = { ($0 as? Value) == value }
    }

    static func == (left: OptionValue, right: OptionValue) -> Bool { left.equals(right.value) }
}
