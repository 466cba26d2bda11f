import Core
import Platform
import Text

/// The day's late scratchings, latest first, worded by the presenter.
public struct ScratchingsViewModel: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        /// What `show N` opens.
        public let position: Int
        public let race: Race
        /// `R4 Randwick`.
        public let raceText: String
        public let runnerNumber: Int
        public let runnerName: String
        public let scratchedAt: Date?
        /// `2:41pm` in the viewer's zone; nil where the source told no time.
        public let time: String?
        public let deduction: Deduction?
        /// The race's countdown while it is to come (`24m 5s`), `jumped` after: for a wide window.
        public let raceState: String

        public init(
            position: Int, race: Race, raceText: String, runnerNumber: Int, runnerName: String, scratchedAt: Date?,
            time: String?, deduction: Deduction?, raceState: String
        ) {
            self.position = position
            self.race = race
            self.raceText = raceText
            self.runnerNumber = runnerNumber
            self.runnerName = runnerName
            self.scratchedAt = scratchedAt
            self.time = time
            self.deduction = deduction
            self.raceState = raceState
        }

        /// `7 Brave Mistral`.
        public var runner: String { "\(runnerNumber) \(runnerName)" }
    }

    /// A row's `raceState` once its race has started.
    public static let jumped = "jumped"

    public let title: String
    public let rows: [Row]
    /// Where the scratchings come from and what a deduction is, said under them.
    public let note: String?
    /// Said in place of the rows when there are none.
    public let emptyMessage: String?

    public init(title: String, rows: [Row], note: String?, emptyMessage: String?) {
        self.title = title
        self.rows = rows
        self.note = note
        self.emptyMessage = emptyMessage
    }
}

/// What the scratchings' presenter tells its view.
@MainActor
public protocol ScratchingsViewInput: FeedbackView {
    func display(_ viewModel: ScratchingsViewModel)
}
