import Core
import Platform
import Text

/// The day's meetings, grouped by where they are raced.
public struct MeetingsViewModel: Sendable, Equatable {
    public let title: String
    /// Where the list came from, when it is not a list of meetings ("From the races in the feed: …").
    public let note: String?
    public let groups: [MeetingGroupViewModel]
    /// Said instead of the groups when there are none.
    public let emptyMessage: String?
    /// A `watch` frame after the first (JSON says so).
    public let isFollowUpFrame: Bool?

    public init(
        title: String, note: String?, groups: [MeetingGroupViewModel], emptyMessage: String?,
        isFollowUpFrame: Bool? = nil
    ) {
        self.title = title
        self.note = note
        self.groups = groups
        self.emptyMessage = emptyMessage
        self.isFollowUpFrame = isFollowUpFrame
    }
}

/// One country's meetings (one state's, in Australia) of one date.
public struct MeetingGroupViewModel: Sendable, Equatable {
    public let heading: String
    public let country: String?
    public let state: String?
    public let rows: [MeetingRowViewModel]
    /// `Saturday 7 March 2026` (`Yesterday, Friday 6 March 2026`) where the group starts a day's meetings, when the
    /// list has days to tell apart; else nil.
    public let day: String?
    /// The meetings' date at their venue, `2026-03-07`.
    public let date: String?

    public init(
        heading: String, country: String?, state: String?, rows: [MeetingRowViewModel], day: String? = nil,
        date: String? = nil
    ) {
        self.heading = heading
        self.country = country
        self.state = state
        self.rows = rows
        self.day = day
        self.date = date
    }
}

/// A meeting on the list: its code, how many races it has run, and its next race.
public struct MeetingRowViewModel: Sendable, Equatable {
    public let position: Int
    public let name: String
    public let category: RaceCategory
    public let races: Int
    public let run: Int
    public let toRun: Int
    public let abandoned: Int
    /// `5/8`: races run of the races.
    public let progress: String
    /// `R6 12m 5s`, `running`, `finished`, `abandoned`.
    public let next: String
    /// The next race's local start (`2:05pm`), for a wide window.
    public let nextTime: String?
    public let nextRace: NextRace?
    public let isOver: Bool
    /// The going and weather (`Good 4`, `Fine`), where the source has them; shown after the row where it fits
    /// whole. Apart, so each view joins them in its own way (a pipe's plain text, the terminal's glyph).
    public let conditionParts: [String]
    /// `Good 4 · Fine`, or nil.
    public var conditions: String? { conditionParts.isEmpty ? nil : conditionParts.joined(separator: " · ") }

    public struct NextRace: Sendable, Equatable {
        public let id: String
        public let number: Int
        public let start: Date
        public let secondsToStart: Int
        public let countdown: String
        public let urgency: CountdownUrgency

        public init(
            id: String, number: Int, start: Date, secondsToStart: Int, countdown: String,
            urgency: CountdownUrgency = .later
        ) {
            self.id = id
            self.number = number
            self.start = start
            self.secondsToStart = secondsToStart
            self.countdown = countdown
            self.urgency = urgency
        }
    }

    public init(
        position: Int, name: String, category: RaceCategory, races: Int, run: Int, toRun: Int, abandoned: Int,
        progress: String, next: String, nextTime: String?, nextRace: NextRace?, isOver: Bool,
        conditions: [String] = []
    ) {
        self.conditionParts = conditions
        self.position = position
        self.name = name
        self.category = category
        self.races = races
        self.run = run
        self.toRun = toRun
        self.abandoned = abandoned
        self.progress = progress
        self.next = next
        self.nextTime = nextTime
        self.nextRace = nextRace
        self.isOver = isOver
    }
}

/// One meeting, race by race.
public struct MeetingViewModel: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case races([MeetingRaceRowViewModel])
        /// No meeting answers to what was asked; the message says what to do.
        case missing(String)
    }

    public let title: String
    /// `horse · NSW, Australia · 5 of 8 run`.
    public let details: String
    /// `Track Good 4 · Fine`: the going and weather, where the source has them.
    public let conditions: String?
    /// `Quaddie R5-R8 · Early quaddie R1-R4`, where the meeting has them.
    public let quaddies: String?
    /// The legs by race number, for JSON; empty where it has none.
    public let quaddieLegs: [Int]
    public let earlyQuaddieLegs: [Int]
    public let note: String?
    public let content: Content
    /// For JSON: the meeting's code and place.
    public let category: RaceCategory?
    public let country: String?
    public let state: String?
    /// Races run, to run and abandoned, and the next to jump: what `details` says, for JSON.
    public let counts: Counts
    public let next: MeetingRowViewModel.NextRace?
    public let isFollowUpFrame: Bool?
    /// The meeting's date at its venue, `2026-03-07`, for JSON.
    public let date: String?

    public struct Counts: Sendable, Equatable {
        public let run: Int
        public let toRun: Int
        public let abandoned: Int

        public init(run: Int, toRun: Int, abandoned: Int) {
            self.run = run
            self.toRun = toRun
            self.abandoned = abandoned
        }
    }

    public init(
        title: String, details: String, note: String?, content: Content, category: RaceCategory?, country: String?,
        state: String?, counts: Counts = Counts(run: 0, toRun: 0, abandoned: 0),
        next: MeetingRowViewModel.NextRace? = nil, isFollowUpFrame: Bool? = nil, conditions: String? = nil,
        date: String? = nil, quaddies: String? = nil, quaddieLegs: [Int] = [], earlyQuaddieLegs: [Int] = []
    ) {
        self.date = date
        self.conditions = conditions
        self.quaddies = quaddies
        self.quaddieLegs = quaddieLegs
        self.earlyQuaddieLegs = earlyQuaddieLegs
        self.counts = counts
        self.next = next
        self.title = title
        self.details = details
        self.note = note
        self.content = content
        self.category = category
        self.country = country
        self.state = state
        self.isFollowUpFrame = isFollowUpFrame
    }
}

/// A race of a meeting: its number and start, and how it stands.
public struct MeetingRaceRowViewModel: Sendable, Equatable {
    public enum Stage: Sendable, Equatable {
        case upcoming, running, result, abandoned
    }

    public let race: Race
    /// `2:05pm`.
    public let startTime: String
    /// The countdown while open; `Closed`, `Interim 3-1-7`, `Final 3-1-7`, `Abandoned` after.
    public let status: String
    public let stage: Stage
    /// How near the start, while the row is a countdown; nil once it says how the race stands.
    public let urgency: CountdownUrgency?
    public let secondsToStart: Int
    /// `Final`, `Interim`…; nil while betting is open.
    public let statusWord: String?
    public let placings: [Int]
    /// A race run: its winner's name and what the win paid, as the source told them (`won by Velvet Lantern,
    /// $4.60`); nil where it told neither.
    public let result: String?
    public let winner: String?
    public let winDividend: Double?

    public init(
        race: Race, startTime: String, status: String, stage: Stage, urgency: CountdownUrgency? = nil,
        secondsToStart: Int, statusWord: String?, placings: [Int], result: String? = nil, winner: String? = nil,
        winDividend: Double? = nil
    ) {
        self.result = result
        self.winner = winner
        self.winDividend = winDividend
        self.race = race
        self.startTime = startTime
        self.status = status
        self.stage = stage
        self.urgency = urgency
        self.secondsToStart = secondsToStart
        self.statusWord = statusWord
        self.placings = placings
    }
}

/// What the meetings presenters tell their view.
@MainActor
public protocol MeetingsViewInput: FeedbackView {
    func display(_ viewModel: MeetingsViewModel)
    func display(_ viewModel: MeetingViewModel)
}
