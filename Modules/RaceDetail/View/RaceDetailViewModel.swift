import Core
import Text

/// The detail sheet, worded and decided by the presenter. Fields neither the
/// feed nor the race card supplied are simply absent.
public struct RaceDetailViewModel: Sendable, Equatable {
    /// "Casino R10".
    public let title: String
    /// The race's own name, when the feed has one.
    public let subtitle: String?
    /// Set once the race has left the board while the sheet was open.
    public let expiredNotice: String?
    public let fields: [DetailField]
    public let comment: String?
    public let isFavourite: Bool
    /// The race itself and its countdown, for formats that show every field (JSON).
    public let race: Race?
    public let secondsToStart: Int
    public let countdown: String
    /// The field and the result, once the race card is in; nil without one.
    public let card: RaceCardViewModel?
    /// One line about the card: none published yet, or why it could not be read.
    public let cardNote: String?
    /// A part of the card asked for (`form`, `map`, `runner N`), drawn in place of the field.
    public let section: CardSectionViewModel?
    /// The going and the weather as the sheet words them (`Soft 6`, `Fine`), for every format alike.
    public let going: String?
    public let weather: String?

    public init(
        title: String, subtitle: String?, expiredNotice: String?, fields: [DetailField], comment: String?,
        isFavourite: Bool, race: Race? = nil, secondsToStart: Int = 0, countdown: String = "",
        card: RaceCardViewModel? = nil, cardNote: String? = nil, section: CardSectionViewModel? = nil,
        going: String? = nil, weather: String? = nil
    ) {
        self.going = going
        self.weather = weather
        self.section = section
        self.card = card
        self.cardNote = cardNote
        self.race = race
        self.secondsToStart = secondsToStart
        self.countdown = countdown
        self.title = title
        self.subtitle = subtitle
        self.expiredNotice = expiredNotice
        self.fields = fields
        self.comment = comment
        self.isFavourite = isFavourite
    }
}

public struct DetailField: Sendable, Equatable {
    public let label: String
    public let value: String

    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}

/// The race card on the sheet, worded by the presenter: runners in number order with the scratched last,
/// prices as the board would say them, the placings and the main dividends once the race is run.
public struct RaceCardViewModel: Sendable, Equatable {
    /// "Final", "Abandoned"…; nil while the card does not say.
    public let status: String?
    public let runners: [RunnerRowViewModel]
    public let placings: [PlacingRowViewModel]
    public let dividends: [DividendRowViewModel]
    /// The card itself, for formats that show every field (JSON).
    public let card: RaceCard
    /// The field's headings in the race's own words: a horse's barrier and rider, a greyhound's box, a harness
    /// horse's driver.
    public let barrierHeading: String
    public let riderHeading: String
    /// By runner number, who of it the blackbook follows ("runner", "rider", "trainer").
    public let followed: [Int: [String]]
    /// The market's favourite by the board's rule, equal favourites each; nil where no runner has a price.
    public let marketFavourite: MarketFavourite?

    public init(
        status: String?, runners: [RunnerRowViewModel], placings: [PlacingRowViewModel],
        dividends: [DividendRowViewModel], card: RaceCard, barrierHeading: String = "Bar",
        riderHeading: String = "Rider", followed: [Int: [String]] = [:], marketFavourite: MarketFavourite? = nil
    ) {
        self.followed = followed
        self.marketFavourite = marketFavourite
        self.status = status
        self.runners = runners
        self.placings = placings
        self.dividends = dividends
        self.card = card
        self.barrierHeading = barrierHeading
        self.riderHeading = riderHeading
    }
}

public struct RunnerRowViewModel: Sendable, Equatable {
    public enum Trend: Sendable, Equatable {
        /// The price came in: the money is on it.
        case shortened
        /// The price went out.
        case drifted
    }

    public let number: String
    public let name: String
    /// Where it starts, as the sheet shows it: `(7)`, or a harness row and place (`Fr3`).
    public let barrier: String?
    public let rider: String?
    public let trainer: String?
    /// "57.5kg".
    public let weight: String?
    /// "5.00".
    public let win: String?
    public let place: String?
    /// The tote's win price, beside the fixed one where the card has it.
    public let tote: String?
    /// The first price of the trail, when the price has moved since ("8.50", then `win`).
    public let openingPrice: String?
    public let trend: Trend?
    public let isScratched: Bool
    /// Words after the row: "market favourite", "equal market favourite", "mover", "scratched", "late scratching
    /// 12:31".
    public let notes: [String]
    /// The same words a little shorter where that keeps a column the whole ones would cost ("mkt fav"); one for
    /// each of `notes`.
    public let compactNotes: [String]
    /// The same words where a narrow window has no room for them otherwise ("fav", "mvr", "late scr 12:31");
    /// one for each of `notes`.
    public let shortNotes: [String]

    public init(
        number: String, name: String, barrier: String? = nil, rider: String? = nil, trainer: String? = nil,
        weight: String? = nil, win: String? = nil, place: String? = nil, tote: String? = nil,
        openingPrice: String? = nil, trend: Trend? = nil, isScratched: Bool = false, notes: [String] = [],
        compactNotes: [String]? = nil, shortNotes: [String]? = nil
    ) {
        self.compactNotes = compactNotes ?? notes
        self.shortNotes = shortNotes ?? compactNotes ?? notes
        self.tote = tote
        self.number = number
        self.name = name
        self.barrier = barrier
        self.rider = rider
        self.trainer = trainer
        self.weight = weight
        self.win = win
        self.place = place
        self.openingPrice = openingPrice
        self.trend = trend
        self.isScratched = isScratched
        self.notes = notes
    }
}

public struct PlacingRowViewModel: Sendable, Equatable {
    /// "1st".
    public let position: String
    public let number: String
    public let name: String?
    public let margin: String?

    public init(position: String, number: String, name: String?, margin: String?) {
        self.position = position
        self.number = number
        self.name = name
        self.margin = margin
    }
}

public struct DividendRowViewModel: Sendable, Equatable {
    /// "Quinella".
    public let bet: String
    /// "2 $1.70 · 4 $1.90" for place; "2-4 $13.70" for the rest: the runners and what it paid.
    public let payouts: [String]
    public let isFinal: Bool

    public init(bet: String, payouts: [String], isFinal: Bool) {
        self.bet = bet
        self.payouts = payouts
        self.isFinal = isFinal
    }
}

/// A part of the card shown in place of the field (`form`, `map`, `runner N`), worded by the presenter: a
/// heading, then blocks, each a title and the lines under it, and a note on how to get back.
public struct CardSectionViewModel: Sendable, Equatable {
    public struct Block: Sendable, Equatable {
        public let title: String?
        public let lines: [String]

        public init(title: String?, lines: [String]) {
            self.title = title
            self.lines = lines
        }
    }

    public let heading: String
    public let blocks: [Block]
    public let note: String?

    public init(heading: String, blocks: [Block], note: String? = nil) {
        self.heading = heading
        self.blocks = blocks
        self.note = note
    }
}

/// What the detail sheet's presenter tells its view.
@MainActor
public protocol RaceDetailViewInput: FeedbackView {
    func display(_ viewModel: RaceDetailViewModel)
}
