import Platform

/// When a race's result comes, counted from its jump, as real racing has it: betting closes at the jump, the race
/// is run (its distance at its code's pace), the placings and interim dividends come once the judge has them
/// (`interim`), and the result is official minutes later (`final`: correct weight in the gallops, all clear in
/// harness and greyhounds). The one rule the replayed race day's statuses, standings and cards are told by.
///
/// The figures, each a typical one, so a replayed day reads as a real one does:
/// - Gallops run about 17.0 m/s over 1000 m, easing to 16.2 m/s at 2400 m and beyond (straight between): 1000 m in
///   59 s, 1200 m in 71 s, 1600 m in 96 s, 2400 m in 2:28, 3200 m in 3:18. Placings 40 s after the line (the photo
///   read), correct weight 4.5 minutes after that (the riders weighed in, protests heard).
/// - Greyhounds run about 17.3 m/s at any trip: 515 m in 30 s, 300 m in 17 s. Placings 20 s after the line
///   (the photo is quick, the boxes few), all clear 1.75 minutes after.
/// - Harness pacers run about 14 m/s (a mile rate of 1:55: 1609 m in 1:55), trotters about 13.3 m/s (2:01) where
///   the race says which it is (its name: `… Trot`, `… Pace`, or a French or Swedish meeting, where they only
///   trot); one that does not say runs at the pacers' rate, as most harness races are paced. Placings 40 s after the line, all clear 3 minutes after.
/// - A race whose distance is not known (or not in metres) runs its code's typical trip: 1200 m gallops, 515 m
///   greyhounds, 2100 m harness.
///
/// Each time is a whole number of seconds (starts are whole seconds, so a status turns over with the countdown),
/// and the same race always has the same times: no randomness. So a replayed race mostly reads `Closed` for
/// the minute it stays on the board (`Race.boardExpiryDelay`), and its result comes after it has left.
public struct RacingTime: Sendable, Equatable {
    /// From the jump to the line.
    public let running: TimeInterval
    /// From the jump to the placings and interim dividends.
    public let interim: TimeInterval
    /// From the jump to the official result.
    public let final: TimeInterval

    /// How a harness race is run, where it says so.
    public enum Gait: Sendable, Equatable {
        case pace
        case trot
    }

    /// - Parameters:
    ///   - metres: the race's distance; nil (or not a plausible one) for its code's typical trip.
    ///   - gait: in harness, whether it is a race for pacers or trotters; nil for not known (pacers).
    public init(category: RaceCategory, metres: Int?, gait: Gait? = nil) {
        let distance = Double(metres.flatMap { Self.plausibleMetres ~= $0 ? $0 : nil } ?? Self.typicalMetres(category))
        let pace: Double
        let settle: TimeInterval
        let official: TimeInterval
        switch category {
        case .horse:
            let eased = min(max((distance - 1_000) / 1_400, 0), 1)
            pace = 17.0 - 0.8 * eased
            (settle, official) = (40, 270)
        case .greyhound:
            pace = 17.3
            (settle, official) = (20, 105)
        case .harness:
            pace = gait == .trot ? 13.3 : 14.0
            (settle, official) = (40, 180)
        }
        running = (distance / pace).rounded()
        interim = running + settle
        final = interim + official
    }

    /// The race's own code, distance (where the feed gives it in metres) and, in harness, gait (from its name).
    public init(of race: Race) {
        let distance = race.form.distance.flatMap { distance -> Int? in
            guard let unit = distance.unit, !unit.isEmpty else { return distance.value }
            return Self.isMetres(unit) ? distance.value : nil
        }
        var gait: Gait?
        if race.category == .harness {
            // France and Sweden race their harness horses at the trot only; their races' names need not say so.
            let trotsOnly = race.venue.country == "FR" || race.venue.country == "SWE"
            gait = trotsOnly ? .trot : Self.gait(ofRaceNamed: race.name)
        }
        self.init(category: race.category, metres: distance, gait: gait)
    }

    /// `m`, `metres`, `Meters` and the like, compared as ASCII bytes: asked of every race a board shows.
    private static func isMetres(_ unit: String) -> Bool {
        let lower = unit.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        return lower.elementsEqual("m".utf8) || lower.starts(with: "metre".utf8) || lower.starts(with: "meter".utf8)
    }

    /// The trip a race of the code runs when its distance is not known.
    public static func typicalMetres(_ category: RaceCategory) -> Int {
        switch category {
        case .horse: 1_200
        case .greyhound: 515
        case .harness: 2_100
        }
    }

    /// Distances a race can be run over; anything else is a feed's mistake, and the typical trip is used.
    static let plausibleMetres = 100...10_000

    /// A harness race's gait as its name says it (`Vicbred Trot`, `Mobile Pace`, `Trotters Handicap`); nil where
    /// it says neither, or both.
    public static func gait(ofRaceNamed name: String?) -> Gait? {
        guard let name else { return nil }
        // Words of ASCII letters, compared as bytes: asked for each harness race a board shows, at every fetch.
        var trot = false
        var pace = false
        for word in name.utf8.split(whereSeparator: { !Self.isASCIILetter($0) }) where (4...8).contains(word.count) {
            let lower = String(decoding: word.map { $0 | 0x20 }, as: UTF8.self)
            if Self.trotWords.contains(lower) { trot = true }
            if Self.paceWords.contains(lower) { pace = true }
        }
        return trot == pace ? nil : trot ? .trot : .pace
    }

    private static let trotWords: Set<String> = ["trot", "trots", "trotters", "trotting", "trotter"]
    private static let paceWords: Set<String> = ["pace", "paces", "pacers", "pacing", "pacer"]

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
