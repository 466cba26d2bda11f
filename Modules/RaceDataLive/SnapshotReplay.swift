import Core
import Platform
import RaceData

/// Replays a captured feed against the clock so it always looks live.
///
/// Every start time is shifted by one offset, chosen so the earliest race
/// jumps `leadTime` after `launch`; spacing between races is kept. When a
/// pass through the capture runs dry the next pass follows, shifted again by
/// `period` (the capture's span plus `gapBetweenPasses`), so the board never
/// empties. Every replayed race's id carries its replayed start
/// (`<id>@<unix seconds>`): each start is a distinct race, so a favourite
/// saved in one session is not mistaken for the same capture replayed at
/// another time in the next.
public struct SnapshotReplay: Sendable {
    public static let leadTime: TimeInterval = 120
    public static let gapBetweenPasses: TimeInterval = 120
    /// How many upcoming races of each category a fetch returns: the largest board (`count 20`), so any board
    /// is full under any filter, whatever size it is set to during the run. Passes are added until each
    /// category has this many (the snapshot's 8 harness races take three passes).
    public static let racesPerCategory = 20
    private static let maximumPasses = 64

    private let capture: [Race]
    private let offset: TimeInterval
    private let period: TimeInterval

    public init(capture: [Race], launch: Date) {
        let sorted = capture.sorted { $0.advertisedStart < $1.advertisedStart }
        self.capture = sorted
        let first = sorted.first?.advertisedStart.timeIntervalSince1970 ?? 0
        let last = sorted.last?.advertisedStart.timeIntervalSince1970 ?? 0
        // From the whole second of launch: replayed starts fall on whole seconds, as real ones do, so countdowns
        // turn over as the seconds do (`2m 0s` at launch).
        self.offset = launch.timeIntervalSince1970.rounded(.down) + Self.leadTime - first
        self.period = (last - first) + Self.gapBetweenPasses
    }

    public static func replayID(of race: Race, startingAt start: Date) -> String {
        "\(race.id)@\(Int(saturatingRoundedDown: start.timeIntervalSince1970))"
    }

    /// The id of the captured race a replayed one was made from (the id itself for one never replayed).
    public static func captureID(of id: String) -> String {
        guard let at = replayMark(in: id) else { return id }
        return String(id.utf8[..<at]) ?? id
    }

    /// The start a replayed race's id carries; nil for an id never replayed.
    public static func replayedStart(of id: String) -> Date? {
        guard let at = replayMark(in: id), let seconds = Int(Substring(id.utf8[id.utf8.index(after: at)...])) else {
            return nil
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Where a replayed id's `@` is: the last, followed by 1 to 12 digits. Read as bytes: a board asks of every race
    /// at every fetch.
    private static func replayMark(in id: String) -> String.UTF8View.Index? {
        let utf8 = id.utf8
        guard let at = utf8.lastIndex(of: UInt8(ascii: "@")) else { return nil }
        let digits = utf8[utf8.index(after: at)...]
        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return at
    }

    /// The races not yet expired at `now`, from as many passes as it takes to
    /// have `racesPerCategory` of every category the capture has.
    public func races(at now: Date) -> [Race] {
        guard let last = capture.last else { return [] }
        let lastShifted = last.advertisedStart.timeIntervalSince1970 + offset
        let expiredBefore = now.timeIntervalSince1970 - Race.boardExpiryDelay
        // First pass whose last race has not expired yet.
        let firstLivePass = max(0, Int(saturatingRoundedDown: (expiredBefore - lastShifted) / period) &+ 1)

        let categories = Set(capture.map(\.category))
        var counts: [RaceCategory: Int] = [:]
        var result: [Race] = []
        for pass in firstLivePass..<(firstLivePass + Self.maximumPasses) {
            for race in capture {
                let start = race.advertisedStart.addingTimeInterval(offset + Double(pass) * period)
                guard start.timeIntervalSince1970 > expiredBefore else { continue }
                result.append(race.startingAt(start, id: Self.replayID(of: race, startingAt: start)))
                counts[race.category, default: 0] += 1
            }
            if categories.allSatisfy({ counts[$0, default: 0] >= Self.racesPerCategory }) { break }
        }
        return result
    }
}
