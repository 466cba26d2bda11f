import Core
import Platform
import RaceData

/// Replays a day of racing every day, on the wall clock: each captured race runs again at the same time of day
/// (UTC) each day. Anchored to the clock, not to a launch, so every copy, every restart and every one-shot
/// command shows the same races with the same ids at the same instant, and a favourite is the same race
/// everywhere until it has run. Each replayed race's id carries its replayed start, as `SnapshotReplay`'s do.
public struct RaceDayReplay: Sendable {
    public static let day: TimeInterval = 86_400
    /// How far ahead a fetch looks: less than a day by more than a race's stay on the board after its start, so
    /// no race is on hand twice (today's run has left before tomorrow's comes in sight).
    public static let horizon: TimeInterval = day - 2 * Race.boardExpiryDelay

    /// The capture's races, each with its start as seconds into the UTC day.
    private let races: [(race: Race, secondOfDay: TimeInterval)]

    public init(capture: [Race]) {
        races = capture.map { race in
            let seconds = race.advertisedStart.timeIntervalSince1970.rounded(.down)
            return (race: race, secondOfDay: seconds - (seconds / Self.day).rounded(.down) * Self.day)
        }
    }

    /// The races not yet gone from the board at `now`, in start order: from the next to jump (or one that jumped
    /// within the minute) to the last before `horizon`, so `list all`, a search or a region sees the day ahead.
    public func races(at now: Date) -> [Race] {
        let earliest = now.timeIntervalSince1970 - Race.boardExpiryDelay
        let dayStart = (earliest / Self.day).rounded(.down) * Self.day
        var upcoming: [(start: TimeInterval, race: Race)] = []
        for (race, secondOfDay) in races {
            var start = dayStart + secondOfDay
            if start <= earliest { start += Self.day }
            guard start <= earliest + Self.horizon else { continue }
            upcoming.append((start, race))
        }
        upcoming.sort { ($0.start, $0.race.id) < ($1.start, $1.race.id) }
        return upcoming.map { start, race in
            let date = Date(timeIntervalSince1970: start)
            return race.startingAt(date, id: SnapshotReplay.replayID(of: race, startingAt: date))
        }
    }

    /// Every meeting of the day around `now`, each whole and once: the run of it nearest to `now` (the one under
    /// way, else whichever of the last and the next is closer), races already run among them. Ids are the replay's,
    /// so a race to come has the id the board gives it. In the order of their first races.
    public func meetings(at now: Date) -> [RaceDay.Meeting] {
        var order: [String] = []
        var grouped: [String: [(race: Race, secondOfDay: TimeInterval)]] = [:]
        for entry in races {
            let key = RaceDay.Meeting.key(of: entry.race)
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(entry)
        }
        let moment = now.timeIntervalSince1970
        let meetings = order.compactMap { key -> RaceDay.Meeting? in
            // The capture's own starts keep a meeting that crosses midnight (UTC) in one piece.
            guard let entries = grouped[key] else { return nil }
            let starts = entries.map { $0.race.advertisedStart.timeIntervalSince1970.rounded(.down) }
            guard let first = starts.min(), let last = starts.max() else { return nil }
            // The next run to finish (leave the board) after `now`, or the last one if that is closer.
            var days = ((moment - last - Race.boardExpiryDelay) / Self.day).rounded(.down) + 1
            let nextGap = first + days * Self.day - moment
            let lastGap = moment - (last + Race.boardExpiryDelay + (days - 1) * Self.day)
            if nextGap > 0, lastGap < nextGap { days -= 1 }
            let races = entries.map { entry in
                let date = Date(
                    timeIntervalSince1970: entry.race.advertisedStart.timeIntervalSince1970.rounded(.down) + days
                        * Self.day)
                return entry.race.startingAt(date, id: SnapshotReplay.replayID(of: entry.race, startingAt: date))
            }.sorted { ($0.advertisedStart, $0.number) < ($1.advertisedStart, $1.number) }
            // The race day's meetings of Australia and New Zealand have their quaddies where the totes set them.
            let quaddies =
                QuaddieLegs.isRun(inCountry: races.first?.venue.country)
                ? QuaddieLegs.standard(raceNumbers: races.map(\.number)) : .none
            return RaceDay.Meeting(id: key, races: races, quaddies: quaddies)
        }
        return meetings.sorted {
            ($0.races.first?.advertisedStart ?? .distantPast) < ($1.races.first?.advertisedStart ?? .distantPast)
        }
    }
}
