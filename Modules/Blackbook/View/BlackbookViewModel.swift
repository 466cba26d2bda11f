import Core
import Text

/// The blackbook screen, worded by the presenter.
public struct BlackbookViewModel: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case entries([BlackbookRowViewModel])
        case empty(message: String)
    }

    public let title: String
    public let content: Content
    /// How far the races to come were read ("Cards read for 12 of 140 races to come"); nil when all were.
    public let footnote: String?

    public init(title: String, content: Content, footnote: String? = nil) {
        self.title = title
        self.content = content
        self.footnote = footnote
    }
}

/// One entry of the book: who, the note, and where it runs next.
public struct BlackbookRowViewModel: Sendable, Equatable {
    public let position: Int
    public let name: String
    /// "runner", "rider", "driver", "trainer".
    public let kind: String
    /// The code and country the entry follows in; nil in an entry saved before entries kept them.
    public let category: RaceCategory?
    public let country: String?
    public let note: String?
    /// "R4 Randwick 2:35pm (3 Brave Mistral)"; nil when not engaged.
    public let nextRun: String?
    /// "12m 5s"; nil when not engaged.
    public let countdown: String?
    /// What a row says with no next run.
    public static let notEngaged = "not engaged today"
    /// What a row says with no next run to be found: no card source in this run.
    public static let notKnown = "next run not known: race cards are off"
    /// What a row says with no next run found yet while the cards are read.
    public static let stillLooking = "next run: reading race cards..."
    /// What the row says in place of a next run when it has none (`notEngaged`, `notKnown`).
    public let withoutRun: String
    /// The entry's fields and its next run, for formats that show every field (JSON).
    public let next: NextRun?

    /// The race an entry runs in next, and its runner there.
    public struct NextRun: Sendable, Equatable {
        public let race: Race
        public let runnerNumber: Int
        public let runnerName: String
        public let secondsToStart: Int

        public init(race: Race, runnerNumber: Int, runnerName: String, secondsToStart: Int) {
            self.race = race
            self.runnerNumber = runnerNumber
            self.runnerName = runnerName
            self.secondsToStart = secondsToStart
        }
    }

    public init(
        position: Int, name: String, kind: String, note: String?, nextRun: String?, countdown: String?,
        next: NextRun? = nil, withoutRun: String = BlackbookRowViewModel.notEngaged, category: RaceCategory? = nil,
        country: String? = nil
    ) {
        self.withoutRun = withoutRun
        self.category = category
        self.country = country
        self.position = position
        self.name = name
        self.kind = kind
        self.note = note
        self.nextRun = nextRun
        self.countdown = countdown
        self.next = next
    }
}

/// A change to the book, said in a line (`follow 3`, `unfollow 1`, `note 2 ...`).
public struct BlackbookChangeViewModel: Sendable, Equatable {
    /// "follow", "unfollow", "note".
    public let action: String
    public let kind: String
    public let name: String
    /// The entry's code and country; nil in an entry saved before entries kept them.
    public let category: RaceCategory?
    public let country: String?
    public let note: String?
    public let message: String

    public init(
        action: String, kind: String, name: String, note: String?, message: String, category: RaceCategory? = nil,
        country: String? = nil
    ) {
        self.action = action
        self.category = category
        self.country = country
        self.kind = kind
        self.name = name
        self.note = note
        self.message = message
    }
}

/// What the blackbook presenter tells its view.
@MainActor
public protocol BlackbookViewInput: FeedbackView {
    func display(_ viewModel: BlackbookViewModel)
    /// A change made on a race's card, where no book is drawn.
    func displayChange(_ change: BlackbookChangeViewModel)
    /// A change made on the book, and the book it leaves: the view shows what its format promises for a change.
    func displayChange(_ change: BlackbookChangeViewModel, leaving book: BlackbookViewModel)
}
