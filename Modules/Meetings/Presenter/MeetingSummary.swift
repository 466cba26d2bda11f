import Core
import Foundation
import RaceData

/// A meeting as it stands at a moment: its races in order, each race's stage, how many are run, and the next.
struct MeetingSummary {
    let id: String
    let races: [Race]
    let place: MeetingPlace
    let rows: [RaceState]

    /// How a race stands: to come, being run, run with a result, or abandoned.
    struct RaceState {
        let race: Race
        let standing: RaceStanding?
        let countdown: Countdown

        var stage: Stage {
            switch standing?.status {
            case .abandoned?: .abandoned
            case .interim?, .final?: .result
            case .closed?: .running
            case .open?, .other?, nil: countdown.hasStarted ? .running : .upcoming
            }
        }

        enum Stage { case upcoming, running, result, abandoned }

        /// The countdown while it is to come, and for the minute after its start as the board has it; then its
        /// standing (`Final 3-1-7`), or how long ago it jumped where nothing was told.
        var statusText: String {
            if let told = standing?.boardText { return told }
            if countdown.seconds > -Int(Race.boardExpiryDelay) { return countdown.text }
            return "jumped \(Countdown.roughAge(seconds: -countdown.seconds)) ago"
        }
    }

    init(_ meeting: RaceDay.Meeting, standings: [String: RaceStanding], at now: Date) {
        id = meeting.id
        races = meeting.races.sorted { ($0.number, $0.advertisedStart) < ($1.number, $1.advertisedStart) }
        place = MeetingPlace(of: races[0])
        rows = races.map { race in
            RaceState(
                race: race, standing: standings[race.id], countdown: Countdown(from: now, to: race.advertisedStart))
        }
    }

    var name: String { races[0].meetingName }
    var category: RaceCategory { races[0].category }
    var run: Int { rows.count { $0.stage == .running || $0.stage == .result } }
    var abandoned: Int { rows.count { $0.stage == .abandoned } }

    /// The next race: the first still to come, or within the minute after its start with nothing told of it yet
    /// (as a board still shows it). A race told closed, run or abandoned is past.
    var next: RaceState? {
        rows.first { state in
            state.stage == .upcoming
                || (state.standing == nil && state.countdown.seconds > -Int(Race.boardExpiryDelay))
        }
    }

    var firstStart: Date { races.map(\.advertisedStart).min() ?? .distantPast }
}
