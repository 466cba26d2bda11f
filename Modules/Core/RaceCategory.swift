/// The three kinds of racing on the board.
public enum RaceCategory: String, CaseIterable, Sendable, Codable, Comparable {
    case horse
    case greyhound
    case harness

    /// The category id the Neds API uses for this kind of racing.
    public var nedsID: String {
        switch self {
        case .horse: "4a2788f8-e825-4d36-9894-efd4baf1cfae"
        case .greyhound: "9daef0d7-bf3c-4f50-921d-8e818c60fe61"
        case .harness: "161d9be2-e909-4326-8c2c-35ed71fb460b"
        }
    }

    public init?(nedsID: String) {
        // Lowered once, not once a case: every race of a feed comes through here.
        let id = nedsID.lowercased()
        guard let match = Self.allCases.first(where: { $0.nedsID == id }) else { return nil }
        self = match
    }

    /// Accepts what a person is likely to type: the name, its plural and the
    /// common racing terms ("dogs", "trots"), in any case.
    public init?(userInput: String) {
        switch userInput.lowercased() {
        case "horse", "horses", "thoroughbred", "thoroughbreds", "gallops": self = .horse
        case "greyhound", "greyhounds", "dog", "dogs": self = .greyhound
        case "harness", "trot", "trots", "trotting": self = .harness
        default: return nil
        }
    }

    public var displayName: String { rawValue }

    /// The code's letter, as the Entain sources (Neds, Ladbrokes, TAB NZ) write it: `T` thoroughbred (gallops),
    /// `H` harness, `G` greyhound. The board, the meetings and `meetings T` all go by this one spelling.
    public var letter: String {
        switch self {
        case .horse: "T"
        case .greyhound: "G"
        case .harness: "H"
        }
    }

    /// A code's letter, in either case (`t`, `H`); nil for anything else.
    public init?(letter: String) {
        guard let match = Self.allCases.first(where: { $0.letter == letter.uppercased() }) else { return nil }
        self = match
    }

    /// What the letters mean, short enough for a 40-column window: `T thoroughbred, H harness, G greyhound`.
    public static let letterLegend =
        "\(horse.letter) thoroughbred, \(harness.letter) harness, \(greyhound.letter) greyhound"

    /// Every word `init(userInput:)` takes, for "did you mean".
    public static let typedNames = [
        "horse", "horses", "thoroughbred", "thoroughbreds", "gallops", "greyhound", "greyhounds", "dog", "dogs",
        "harness", "trot", "trots", "trotting",
    ]

    public static func < (lhs: RaceCategory, rhs: RaceCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
