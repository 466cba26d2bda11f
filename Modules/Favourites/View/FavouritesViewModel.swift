import Core
import Text

public struct FavouritesViewModel: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case races([FavouriteRowViewModel])
        case empty(message: String)
    }

    public let title: String
    public let content: Content

    public init(title: String, content: Content) {
        self.title = title
        self.content = content
    }
}

public struct FavouriteRowViewModel: Sendable, Equatable {
    public let position: Int
    public let category: RaceCategory
    public let raceNumber: String
    public let meetingName: String
    /// The countdown, or "jumped 3m ago".
    public let status: String
    public let hasJumped: Bool
    /// The favourite itself, for formats that show every field (JSON).
    public let favourite: FavouriteRace?
    public let secondsToStart: Int

    public init(
        position: Int, category: RaceCategory, raceNumber: String, meetingName: String, status: String,
        hasJumped: Bool, favourite: FavouriteRace? = nil, secondsToStart: Int = 0
    ) {
        self.favourite = favourite
        self.secondsToStart = secondsToStart
        self.position = position
        self.category = category
        self.raceNumber = raceNumber
        self.meetingName = meetingName
        self.status = status
        self.hasJumped = hasJumped
    }
}

/// What the favourites presenter tells its view.
@MainActor
public protocol FavouritesViewInput: FeedbackView {
    func display(_ viewModel: FavouritesViewModel)
}
