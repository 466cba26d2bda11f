import Core

/// The races of a meeting's quaddie and early quaddie (pick the winners of four legs), by race number, as the
/// meetings list carries them for Australian and New Zealand meetings; both empty where it names none.
public struct QuaddieLegs: Sendable, Equatable {
    /// A quaddie has four legs; a list naming more than this is not naming legs.
    public static let maximumLegs = 8

    public let quaddie: [Int]
    public let earlyQuaddie: [Int]

    public static let none = QuaddieLegs(quaddie: [], earlyQuaddie: [])

    /// Legs as a list names them: plausible race numbers, each once, in race order; a list of more than
    /// `maximumLegs` is none.
    public init(quaddie: [Int], earlyQuaddie: [Int]) {
        self.quaddie = Self.legs(quaddie)
        self.earlyQuaddie = Self.legs(earlyQuaddie)
    }

    public var isEmpty: Bool { quaddie.isEmpty && earlyQuaddie.isEmpty }

    /// As Australian and New Zealand totes set them: the quaddie the last four races; the early quaddie the four
    /// before them, overlapping them on a card of six or seven (legs start at race 1). None under four races; no
    /// early quaddie under six.
    public static func standard(raceNumbers: [Int]) -> QuaddieLegs {
        let numbers = legs(raceNumbers, limit: Race.plausibleNumbers.count)
        guard numbers.count >= 4 else { return .none }
        let early = numbers.count >= 6 ? Array(numbers[max(0, numbers.count - 8)..<max(4, numbers.count - 4)]) : []
        return QuaddieLegs(quaddie: Array(numbers.suffix(4)), earlyQuaddie: Array(early.prefix(4)))
    }

    /// Whether the meetings of this country have quaddies: Australia's and New Zealand's (a venue's country as
    /// the sources spell it).
    public static func isRun(inCountry country: String?) -> Bool {
        ["AUS", "AU", "NZ", "NZL"].contains(country?.uppercased() ?? "")
    }

    private static func legs(_ numbers: [Int], limit: Int = maximumLegs) -> [Int] {
        guard numbers.count <= limit else { return [] }
        return Array(Set(numbers.filter(Race.plausibleNumbers.contains))).sorted()
    }
}
