/// Checks the `N` in commands such as `show N` and `fav N` (read as a whole
/// number by the shell) against the list the user is looking at.
public enum PositionArgument {
    /// The zero-based index, or the message to show the user.
    public static func index(
        of position: Int, command: String, count: Int, listName: String
    ) -> Result<Int, ArgumentError> {
        guard count > 0 else {
            return .failure(ArgumentError(message: "The \(listName) is empty; there is no race to \(command)."))
        }
        guard (1...count).contains(position) else {
            let range = count == 1 ? "1" : "1 to \(count)"
            return .failure(ArgumentError(message: "There is no race \(position) on the \(listName); choose \(range)."))
        }
        return .success(position - 1)
    }
}

/// A command's arguments were wrong; `message` says how, for the user.
public struct ArgumentError: Error, Equatable, Sendable {
    public let message: String

    public init(message: String) {
        self.message = message
    }
}
