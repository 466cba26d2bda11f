import Core

/// A module the shell can put on its navigation stack. The top screen gets
/// every command that is not global.
@MainActor
public protocol Screen: AnyObject {
    /// The commands this screen understands, for `help`.
    var commandHelp: [CommandHelp] { get }

    /// Runs the command and calls `completion` when it is done. Returns false,
    /// without calling `completion`, for a command this screen does not know.
    func handle(_ command: ShellCommand, completion: @escaping CommandCompletion) -> Bool
}

/// One line of `help`.
public struct CommandHelp: Sendable, Equatable {
    public let usage: String
    public let summary: String

    public init(_ usage: String, _ summary: String) {
        self.usage = usage
        self.summary = summary
    }
}
