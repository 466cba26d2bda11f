import Core
import Text

/// The day's results, worded by the presenter: the races run, the latest first, each with its placings and what
/// its pools paid, as far as they are known.
public struct ResultsViewModel: Sendable, Equatable {
    /// A runner placed: `1st`, its number and name.
    public struct Placing: Sendable, Equatable {
        public let position: Int
        /// `1st`.
        public let place: String
        public let number: Int
        /// nil where the source named no runner.
        public let name: String?

        public init(position: Int, place: String, number: Int, name: String?) {
            self.position = position
            self.place = place
            self.number = number
            self.name = name
        }
    }

    /// A race with a result (or abandoned).
    public struct Row: Sendable, Equatable {
        /// Its number on the screen: what `show N` opens.
        public let position: Int
        public let race: Race
        public let secondsToStart: Int
        /// `Romford R3`.
        public let label: String
        /// Its start, local: `11:34am`.
        public let localTime: String
        /// `Final`, `Interim`, `Abandoned`.
        public let status: String
        public let isAbandoned: Bool
        public let placings: [Placing]
        /// Each bet's dividends as every screen words them, win first.
        public let dividends: [ResultWording.Line]
        /// What is not known yet (`Other dividends when its card is read.`); nil when nothing is missing.
        public let missing: String?

        public init(
            position: Int, race: Race, secondsToStart: Int, label: String, localTime: String, status: String,
            isAbandoned: Bool, placings: [Placing], dividends: [ResultWording.Line], missing: String?
        ) {
            self.position = position
            self.race = race
            self.secondsToStart = secondsToStart
            self.label = label
            self.localTime = localTime
            self.status = status
            self.isAbandoned = isAbandoned
            self.placings = placings
            self.dividends = dividends
            self.missing = missing
        }
    }

    public let title: String
    public let rows: [Row]
    /// Results there are for the words, of which `rows` are the latest.
    public let total: Int
    /// Where the races came from, what is still being read, or what could not be.
    public let note: String?
    /// Said in place of the rows when there are none.
    public let emptyMessage: String?

    public init(title: String, rows: [Row], total: Int, note: String?, emptyMessage: String?) {
        self.title = title
        self.rows = rows
        self.total = total
        self.note = note
        self.emptyMessage = emptyMessage
    }
}

/// What the results presenter tells its view.
@MainActor
public protocol ResultsViewInput: FeedbackView {
    func display(_ viewModel: ResultsViewModel)
}
