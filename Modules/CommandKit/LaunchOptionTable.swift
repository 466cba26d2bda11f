import Core
import Text

/// The options a run reads, in the order `--help` lists them: the kernel's own, with the features' between
/// them (`app(featureOptions:)`). The app makes one from its feature list.
public struct LaunchOptionTable: Sendable {
    public let entries: [LaunchOptionEntry]

    public init(_ entries: [LaunchOptionEntry]) {
        self.entries = entries
    }

    /// The kernel's options alone: what a run reads before it knows the features (the JSON pre-scan), and tests.
    public static let kernel = LaunchOptionTable(
        KernelOptions.optionsBeforeFeatures(apis: []) + KernelOptions.optionsAfterFeatures)

    /// The kernel's options with the features' in their place: after where races come from, before output.
    /// `apis` are the racing APIs `--source` and `--cards` know by name.
    public static func app(
        featureOptions: [LaunchOptionEntry], apis: [KernelOptions.NamedAPI]
    ) -> LaunchOptionTable {
        LaunchOptionTable(
            KernelOptions.optionsBeforeFeatures(apis: apis) + featureOptions + KernelOptions.optionsAfterFeatures)
    }

    /// The entry a spelling names, if any.
    public func named(_ name: String) -> LaunchOptionEntry? {
        entries.first { $0.allNames.contains(name) }
    }

    /// Every spelling shown, for guesses at a misspelt one.
    public var allNames: [String] { entries.flatMap(\.names) }

    /// The options section of `--help`: the usage in a column of 29, the help beside it and under it.
    public func helpLines() -> [String] {
        entries.flatMap { entry -> [String] in
            let indent = entry.names.first?.hasPrefix("--") == true ? "    " : ""
            let usage = indent + entry.usage
            let pad = TerminalText.spaces(29)
            var lines: [String] = []
            var help = entry.help[...]
            if usage.count <= 28, let first = help.first {
                lines.append(TerminalText.padded(usage, to: 29) + first)
                help = help.dropFirst()
            } else {
                lines.append(usage)
            }
            return lines + help.map { pad + $0 }
        }
    }
}
