import Core
import Text

/// Everything the race list shows, already decided and worded by the presenter.
public struct RaceListViewModel: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case loading(source: String)
        case races([RaceRowViewModel])
        /// `list all`: every race of the filter, a section per meeting (and a heading per day, each meeting under its
        /// own date, when there are several days), numbered on through the sections.
        case sections([RaceSectionViewModel])
        case empty(message: String)
        case error(message: String, hint: String)
    }

    public let title: String
    /// "all categories", or the categories the filter lets through.
    public let filterSummary: String
    /// What else narrows the board, in order: the region, the search in quotes.
    public let narrowing: [String]
    public let content: Content
    /// A remark under the board, e.g. about races the feed could not supply.
    public let footnote: String?
    /// Set while the races shown are the last good ones and fetching fails.
    public let staleNotice: String?
    /// This board is the next frame of `watch`: a terminal may draw it over
    /// the previous one.
    public let replacesPrevious: Bool
    /// A frame of `watch`, the first too: it goes out as it is drawn, not when the command ends.
    public let isStreamed: Bool

    /// The hint of an error, if this is one.
    public var errorHint: String? {
        if case .error(_, let hint) = content { return hint }
        return nil
    }

    public init(
        title: String, filterSummary: String, narrowing: [String] = [], content: Content, footnote: String? = nil,
        staleNotice: String? = nil, replacesPrevious: Bool = false, isStreamed: Bool = false
    ) {
        self.title = title
        self.filterSummary = filterSummary
        self.narrowing = narrowing
        self.content = content
        self.footnote = footnote
        self.staleNotice = staleNotice
        self.replacesPrevious = replacesPrevious
        self.isStreamed = isStreamed
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
    /// The race itself, for formats that show every field (JSON).
    public let race: Race?
    public let secondsToStart: Int
    /// The local start, "7:42pm"; wide windows show it.
    public let startTime: String?
    /// Where: the state for an Australian venue, else the country ("VIC", "NZ", "HK"); wide windows show it.
    public let place: String?
    /// In a race's last minute, the winner's name where the source told it: shown after the row where it fits.
    public let winner: String?
    /// What the blackbook follows in this race ("Brave Mistral", "J McDonald (rider)"): the row is marked.
    public let followed: [String]
    /// The market's favourite and its fixed price ("2.60"), where the source knows the market.
    public let marketFavourite: MarketFavourite?
    /// The market favourite's price as the board words it (`Fav 2.60`): shown where the window has room.
    public let marketFavouritePrice: String?
    /// The shortest fixed prices, shortest first, at most three.
    public let shortestPrices: [RaceMarket.Price]
    /// As the board words them (`3@2.40 7@4.00 1@5.50`): shown instead of the favourite's where the window is
    /// wide.
    public let shortestPricesText: String?

    public init(
        position: Int, category: RaceCategory, raceNumber: String, meetingName: String, countdown: String,
        urgency: CountdownUrgency, isFavourite: Bool = false, race: Race? = nil, secondsToStart: Int = 0,
        startTime: String? = nil, place: String? = nil, winner: String? = nil, followed: [String] = [],
        marketFavourite: MarketFavourite? = nil, marketFavouritePrice: String? = nil,
        shortestPrices: [RaceMarket.Price] = [], shortestPricesText: String? = nil
    ) {
        self.marketFavourite = marketFavourite
        self.marketFavouritePrice = marketFavouritePrice
        self.shortestPrices = shortestPrices
        self.shortestPricesText = shortestPricesText
        self.winner = winner
        self.followed = followed
        self.startTime = startTime
        self.place = place
        self.race = race
        self.secondsToStart = secondsToStart
        self.position = position
        self.category = category
        self.raceNumber = raceNumber
        self.meetingName = meetingName
        self.countdown = countdown
        self.urgency = urgency
        self.isFavourite = isFavourite
    }
}

/// The line kept above the prompt at a live terminal: the next race to jump, counting down, and how fresh the
/// data is.
public struct LiveStatusViewModel: Sendable, Equatable {
    /// "R9 Hoosier Park (harness) in 1m 0s", or what to say when there is none.
    public let next: String
    /// "updated 5s ago", "fetching...", or the stale notice.
    public let freshness: String
    /// The end of `next` a narrow window must still show whole ("in 1m 0s"); nil when there is no race.
    public let countdown: String?

    public init(next: String, freshness: String, countdown: String? = nil) {
        self.next = next
        self.freshness = freshness
        self.countdown = countdown
    }
}

/// A favourite about to jump, or just jumped.
public struct RaceAlertViewModel: Sendable, Equatable {
    /// "R9 Hoosier Park (harness) starts in 1m 59s".
    public let message: String

    public init(message: String) {
        self.message = message
    }
}

/// One meeting's races in `list all`.
public struct RaceSectionViewModel: Sendable, Equatable {
    /// `Saturday 7 March 2026` (`Yesterday, Friday 6 March 2026`) where this section starts a day's meetings, when
    /// the board has days to tell apart; else nil.
    public let day: String?
    /// "Flemington · Flemington, VIC, AUS": the meeting and where it is.
    public let heading: String
    public let rows: [RaceRowViewModel]
    /// The meeting's date at its venue, `2026-03-07`.
    public let date: String?

    public init(day: String?, heading: String, rows: [RaceRowViewModel], date: String? = nil) {
        self.day = day
        self.heading = heading
        self.rows = rows
        self.date = date
    }
}

/// What the race list's presenter tells its view.
@MainActor
public protocol RaceListViewInput: FeedbackView {
    func display(_ viewModel: RaceListViewModel)
    /// The reply of a command that changes a setting (`alert 5`).
    func displayMessage(_ message: String)
    /// The live status line: sent every second once live updates run; shown only where someone watches.
    func displayStatus(_ status: LiveStatusViewModel)
    /// Something that happened by itself (a failed refresh, a race leaving): shown only where someone watches.
    func displayNotice(_ message: String)
    func displayAlert(_ alert: RaceAlertViewModel)
}
