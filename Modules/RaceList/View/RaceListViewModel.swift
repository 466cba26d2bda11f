import Core

/// Everything the race list shows, already decided and worded by the presenter.
public struct RaceListViewModel: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case loading(source: String)
        case races([RaceRowViewModel])
        case empty(message: String)
        case error(message: String, hint: String)
    }

    public let title: String
    /// "all categories", or the categories the filter lets through.
    public let filterSummary: String
    public let content: Content
    /// A remark under the board, e.g. about races the feed could not supply.
    public let footnote: String?
    /// Set while the races shown are the last good ones and fetching fails.
    public let staleNotice: String?
    /// This board is the next frame of `watch`: a terminal may draw it over
    /// the previous one.
    public let replacesPrevious: Bool

    public init(
        title: String, filterSummary: String, content: Content, footnote: String? = nil, staleNotice: String? = nil,
        replacesPrevious: Bool = false
    ) {
        self.title = title
        self.filterSummary = filterSummary
        self.content = content
        self.footnote = footnote
        self.staleNotice = staleNotice
        self.replacesPrevious = replacesPrevious
    }
}

public struct RaceRowViewModel: Sendable, Equatable {
    public let position: Int
    public let category: RaceCategory
    /// "R9".
    public let raceNumber: String
    public let meetingName: String
    /// "4m 5s", "-20s".
    public let countdown: String
    public let urgency: CountdownUrgency
    public let isFavourite: Bool

    public init(
        position: Int, category: RaceCategory, raceNumber: String, meetingName: String, countdown: String,
        urgency: CountdownUrgency, isFavourite: Bool = false
    ) {
        self.position = position
        self.category = category
        self.raceNumber = raceNumber
        self.meetingName = meetingName
        self.countdown = countdown
        self.urgency = urgency
        self.isFavourite = isFavourite
    }
}

/// How close a race is to jumping; views may colour by it.
public enum CountdownUrgency: Sendable, Equatable {
    /// More than five minutes away.
    case later
    /// Within five minutes.
    case soon
    /// Within a minute.
    case imminent
    /// Already started.
    case started
}
