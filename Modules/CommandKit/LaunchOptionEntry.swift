import Core
import Platform
import Text

/// A command-line option, declared once by its owner (the kernel's here, a feature's in its Router): its
/// spellings, the value it takes and how that value is read and checked, its default and its help.
/// `LaunchOptions` parses by the app's `LaunchOptionTable`; `--help`, the manual page, completions, the README
/// check and the error for an unknown option (with its guess) are made from it.
public struct LaunchOptionEntry: Sendable {
    /// The spellings shown in help, in order (`-s`, `--source`); the value placeholder follows the last.
    public let names: [String]
    /// Accepted, never shown (`--no-colour`).
    public let hiddenNames: [String]
    /// The value's placeholder in help (`SECONDS`, `aus|nz|intl|all`); nil for a flag. A spelling listed in
    /// `flagNames` takes no value even in an entry that has one (`--json` beside `--format json|text`).
    public let placeholder: String?
    public let flagNames: Set<String>
    /// Help lines after the usage, already wrapped; the first shares the usage's row when it fits.
    public var help: [String] { makeHelp() }
    /// Made when asked: a run reads its options on every start, and their help only for `--help` and its kind.
    private let makeHelp: @Sendable () -> [String]
    /// What a shell's completion offers for the value.
    public let suggestions: Suggestions

    public enum Suggestions: Sendable, Equatable {
        case none
        /// These words (a word ending in `:` is the start of a longer value: `file:`).
        case words([String])
        case directories
        /// These words, and after any of `schemes` (`file:`, `replay:`) a path: a folder's where `folders`.
        case wordsThenPaths([String], schemes: [String], folders: Bool)
    }
    /// Applies the option as given (`value` nil for a flag) to the options read so far.
    let apply:
        @Sendable (_ name: String, _ value: String?, _ options: inout LaunchOptions) throws(LaunchOptionsError) -> Void

    public init(
        _ names: [String], hidden: [String] = [], placeholder: String? = nil, flagNames: Set<String> = [],
        suggestions: Suggestions = .none, help: @autoclosure @escaping @Sendable () -> [String],
        apply: @escaping @Sendable (String, String?, inout LaunchOptions) throws(LaunchOptionsError) -> Void
    ) {
        self.names = names
        self.hiddenNames = hidden
        self.placeholder = placeholder
        self.flagNames = flagNames
        self.makeHelp = help
        self.suggestions = suggestions
        self.apply = apply
    }

    /// Every spelling this entry answers to.
    public var allNames: [String] { names + hiddenNames }

    /// Whether `name` takes a value.
    public func takesValue(_ name: String) -> Bool { placeholder != nil && !flagNames.contains(name) }

    /// As help shows it: `-s, --source SOURCE`.
    public var usage: String {
        names.joined(separator: ", ") + (placeholder.map { " " + $0 } ?? "")
    }
}

/// The shells `--completions` writes a script for.
public enum CompletionShell {
    public static let names = ["bash", "zsh", "fish"]
}
