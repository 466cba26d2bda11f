/// Where a module asks the shell to go: a feature, by the name it is registered under in the app's feature list,
/// and what to open there. Features never import one another, and nothing here lists them: the feature that
/// opens another names it (`Destination`), and the app's list resolves the name.
public struct AppRoute: Sendable, Equatable, CustomStringConvertible {
    public let destination: Destination
    public let argument: RouteArgument

    public init(_ destination: Destination, _ argument: RouteArgument = .none) {
        self.destination = destination
        self.argument = argument
    }

    public var description: String { "\(destination.name)\(argument.description)" }
}

/// A feature's name in the app's feature list.
public struct Destination: Sendable, Hashable {
    public let name: String

    public init(_ name: String) { self.name = name }
}

/// What a route opens at its destination.
public enum RouteArgument: Sendable, Equatable, CustomStringConvertible {
    case none
    /// A race (its sheet).
    case race(Race)
    /// A word the destination reads (a meeting's name, say).
    case word(String)

    public var race: Race? {
        if case .race(let race) = self { race } else { nil }
    }

    public var description: String {
        switch self {
        case .none: ""
        case .race(let race): " \(race.id)"
        case .word(let word): " \(word)"
        }
    }
}

/// What a screen shows, as another feature's command on it sees it.
public enum ScreenSubject: Sendable, Equatable {
    /// A race, and its card as the screen has it (nil: none yet).
    case race(Race, card: RaceCard?)
}
