/// Reads the `N` in commands such as `show N` and `fav N`: a race's position
/// on the list the user is looking at.
public enum PositionArgument {
    /// The zero-based index, or the message to show the user.
    public static func index(
        from arguments: [String], command: String, count: Int, listName: String
    ) -> Result<Int, ArgumentError> {
        guard count > 0 else {
            return .failure(ArgumentError(message: "The \(listName) is empty; there is no race to \(command)."))
        }
        let range = count == 1 ? "1" : "1 to \(count)"
        guard arguments.count == 1, let position = Int(arguments[0]) else {
            return .failure(
                ArgumentError(
                    message: "Usage: \(command) N, where N is a race's position on the \(listName) (\(range))."))
        }
        guard (1...count).contains(position) else {
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
