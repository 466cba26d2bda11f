import Core
import Platform
import RaceData

/// Accessible mode's voice: what happens to the races on the board, said once each as a plain line, in minutes,
/// never seconds — the next races (every race of the next start) as they come within 5, 2 and 1 minutes, a race
/// as it jumps, its result when the source tells the placings (in real racing minutes after the race has left the
/// board: a race seen to jump is listened to for `RaceAlerts.resultWindow`), a race abandoned. It starts
/// listening with the first board: what is already so then is not said, and a mark passed long ago is not said late.
struct BoardAnnouncer {
    static let minuteMarks = [1, 2, 5]

    private var said: Set<String> = []
    private var isListening = false
    /// Races seen on the board after their jump, whose result is still to be said.
    private var awaitingResult: [String: Race] = [:]

    /// A mark is said up to this long after it was passed (a tick late, a board that came late), not later.
    static let markLateness = 15

    mutating func lines(board races: [Race], standings: [String: RaceStanding], now: Date) -> [String] {
        let next = races.first { $0.advertisedStart > now && standings[$0.id]?.status != .abandoned }
        var lines: [String] = []
        for race in races {
            let isNext = race.advertisedStart == next?.advertisedStart && standings[race.id]?.status != .abandoned
            guard let (event, line) = Self.event(of: race, isNext: isNext, standings[race.id], now) else { continue }
            if said.insert(race.id + "|" + event).inserted, isListening, !line.isEmpty { lines.append(line) }
        }
        // Gone from the board: its result, or its abandonment, is still said when it comes.
        let onBoard = Set(races.map(\.id))
        for race in races where race.advertisedStart <= now { awaitingResult[race.id] = race }
        for race in awaitingResult.values.sorted(by: { ($0.advertisedStart, $0.id) < ($1.advertisedStart, $1.id) }) {
            let isOver = said.contains(race.id + "|result") || said.contains(race.id + "|abandoned")
            if isOver || now.timeIntervalSince(race.advertisedStart) >= RaceAlerts.resultWindow {
                awaitingResult[race.id] = nil
                continue
            }
            guard !onBoard.contains(race.id),
                let (event, line) = Self.event(of: race, isNext: false, standings[race.id], now),
                event == "result" || event == "abandoned"
            else { continue }
            if said.insert(race.id + "|" + event).inserted, isListening { lines.append(line) }
            awaitingResult[race.id] = nil
        }
        if !races.isEmpty { isListening = true }
        forgetRacesGone(keeping: onBoard)
        return lines
    }

    /// What was said of races neither on the board nor awaiting their result is let go once there is much of it:
    /// a board left open all day says something of every race.
    private mutating func forgetRacesGone(keeping onBoard: Set<String>) {
        guard said.count > Self.saidLimit else { return }
        said = said.filter { key in
            let id = String(key.prefix { $0 != "|" })
            return onBoard.contains(id) || awaitingResult[id] != nil
        }
    }

    static let saidLimit = 2_000

    /// What there is to say of a race now, and a key that says it once.
    private static func event(of race: Race, isNext: Bool, _ standing: RaceStanding?, _ now: Date)
        -> (String, String)?
    {
        let name = RaceListViewModels.name(of: race)
        switch standing?.status {
        case .abandoned?: return ("abandoned", "\(name) is abandoned.")
        case .final?:
            guard let standing, let result = resultLine(standing) else { break }
            return ("result", "Result: \(name): \(result).")
        default: break
        }
        let seconds = Countdown(from: now, to: race.advertisedStart).seconds
        if seconds <= 0 { return ("jumped", "\(name) has jumped.") }
        guard isNext, let mark = minuteMarks.first(where: { seconds <= $0 * 60 }) else { return nil }
        // Passed long ago (3 minutes to go, and the mark was 5): noted as said, not said.
        let line =
            seconds < mark * 60 - markLateness ? "" : "\(name): \(mark) \(mark == 1 ? "minute" : "minutes") to go."
        return ("\(mark)m", line)
    }

    /// "won by 2 Brave Mistral, second 4 Velvet Lantern, third 7 Royal Banjo": the winner and placegetters by
    /// number and, where the source told them, name; nil for no placings.
    static func resultLine(_ standing: RaceStanding) -> String? {
        guard !standing.placings.isEmpty else { return nil }
        let places = ["won by", "second", "third"]
        return standing.placings.enumerated().map { index, number in
            let name = index < standing.names.count ? " " + standing.names[index] : ""
            return "\(places[min(index, places.count - 1)]) \(number)\(name)"
        }.joined(separator: ", ")
    }
}
