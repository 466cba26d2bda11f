import Core
import MeetingsView
import Platform
import RaceData

/// A meeting as it stands at a moment: its races in order, each race's stage, how many are run, and the next.
struct MeetingSummary {
    let id: String
    let races: [Race]
    let place: MeetingPlace
    let rows: [RaceState]
    /// The day it is raced on, at its venue.
    let date: MeetingDate
    let quaddies: QuaddieLegs

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
            case .open?, .other?: countdown.hasStarted ? .running : .upcoming
            // Nothing told of it (a feed's race): run, once it has left the board; its card may tell the result.
            case nil:
                !countdown.hasStarted
                    ? .upcoming : countdown.seconds > -Int(Race.boardExpiryDelay) ? .running : .result
            }
        }

        enum Stage { case upcoming, running, result, abandoned }

        /// While the row is a countdown, how near the start (the board's colours); nil once it says a status.
        var urgency: CountdownUrgency? {
            standing?.boardText == nil && countdown.seconds > -Int(Race.boardExpiryDelay) ? countdown.urgency : nil
        }

        var nextRace: MeetingRowViewModel.NextRace {
            MeetingRowViewModel.NextRace(
                id: race.id, number: race.number, start: race.advertisedStart, secondsToStart: countdown.seconds,
                countdown: countdown.text, urgency: countdown.urgency)
        }

        /// The countdown while it is to come, and for the minute after its start as the board has it; then its
        /// standing (`Final 3-1-7`), or how long ago it jumped where nothing was told.
        var statusText: String {
            if let told = standing?.boardText { return told }
            if countdown.seconds > -Int(Race.boardExpiryDelay) { return countdown.text }
            return "jumped \(Countdown.roughAge(seconds: -countdown.seconds)) ago"
        }
    }

    /// nil for a meeting with no races: there is nothing to show of it.
    /// - Parameter timeZone: the viewer's, where the venue has no zone known (its date is told in it).
    init?(_ meeting: RaceDay.Meeting, standings: [String: RaceStanding], at now: Date, timeZone: LocalZone) {
        guard let first = meeting.races.min(by: { ($0.number, $0.advertisedStart) < ($1.number, $1.advertisedStart) }),
            let date = MeetingDate(meeting: meeting.races, viewer: timeZone)
        else { return nil }
        id = meeting.id
        self.date = date
        quaddies = meeting.quaddies
        races = meeting.races.sorted { ($0.number, $0.advertisedStart) < ($1.number, $1.advertisedStart) }
        place = MeetingPlace(of: first)
        rows = races.map { race in
            RaceState(
                race: race, standing: standings[race.id], countdown: Countdown(from: now, to: race.advertisedStart))
        }
    }

    var name: String { races[0].meetingName }

    /// `Track Good 4 · Fine`: the going and weather of the next race to run (else the last told).
    var conditions: String? {
        conditionWords.map { [$0.going.map { "Track " + $0 }, $0.weather].compactMap { $0 }.joined(separator: " · ") }
    }

    /// `Good 4`, `Fine`: the same, short, for the meeting's line on the list.
    var shortConditions: [String] {
        conditionWords.map { [$0.going, $0.weather].compactMap { $0 } } ?? []
    }

    /// The going and the weather as the sheet words them, of the next race to run (else the last told).
    private var conditionWords: (going: String?, weather: String?)? {
        // Drawn for every meeting at every draw: the races are looked through in place, none copied.
        func told(_ form: RaceForm) -> Bool { form.trackCondition != nil || form.weather != nil }
        let form: RaceForm
        if let next, told(next.race.form) {
            form = next.race.form
        } else if let index = races.lastIndex(where: { told($0.form) }) {
            form = races[index].form
        } else {
            return nil
        }
        return (form.trackCondition.map(ConditionWording.going), form.weather.map(ConditionWording.weather))
    }
    var category: RaceCategory { races[0].category }
    var run: Int { rows.count { $0.stage == .running || $0.stage == .result } }
    var abandoned: Int { rows.count { $0.stage == .abandoned } }
    var toRun: Int { races.count - run - abandoned }
    /// Every race run to a result or abandoned: nothing more will happen at it today.
    var isOver: Bool { rows.allSatisfy { $0.stage == .result || $0.stage == .abandoned } }

    /// `R6 12m 0s` for the next race; else `running` while a race is still being run, then `finished`, or
    /// `abandoned` for a meeting that never raced.
    var nextText: String {
        if let next { return "R\(next.race.number) \(next.countdown.text)" }
        if !isOver { return "running" }
        return abandoned == races.count ? "abandoned" : "finished"
    }

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
