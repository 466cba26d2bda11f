import Core
import Text

/// The market's moves, worded by the presenter: the runners most backed and most eased since their markets
/// opened, by their chance in the market, among the next races.
public struct MoversViewModel: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        /// "Flemington R5".
        public let race: String
        public let countdown: String
        /// "4 Jolly Clover".
        public let runner: String
        /// "8.50".
        public let opened: String
        public let now: String
        /// "+5.1 pts": the change in its chance, in percentage points.
        public let change: String
        /// The change in its chance in percentage points, to a tenth (JSON).
        public let points: Double
        /// The change in its price in whole percent (JSON).
        public let percent: Int

        public init(
            race: String, countdown: String, runner: String, opened: String, now: String, change: String,
            points: Double, percent: Int
        ) {
            self.race = race
            self.countdown = countdown
            self.runner = runner
            self.opened = opened
            self.now = now
            self.change = change
            self.points = points
            self.percent = percent
        }
    }

    public let title: String
    /// Shortening prices: the money is for them.
    public let firming: [Row]
    /// Lengthening prices.
    public let drifting: [Row]
    /// How many races were looked at, and which had no card.
    public let footnote: String

    public init(title: String, firming: [Row], drifting: [Row], footnote: String) {
        self.title = title
        self.firming = firming
        self.drifting = drifting
        self.footnote = footnote
    }
}

/// What the movers' presenter tells its view.
@MainActor
public protocol MoversViewInput: FeedbackView {
    func display(_ viewModel: MoversViewModel)
}
