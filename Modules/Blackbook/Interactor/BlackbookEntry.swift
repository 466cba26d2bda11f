import Core
import Platform
import RaceData

/// Someone the user follows across the day: a runner, a rider (a driver in harness) or a trainer, by name, code
/// and country, as the TAB's blackbook keys them, with the user's note. A runner of the same name in another code
/// or country (a greyhound and a horse, an Australian gallop and a British one) is someone else.
public struct BlackbookEntry: KeptItem, Sendable, Equatable {
    public typealias Kind = RaceMark.Role

    public let kind: Kind
    public let name: String
    public let note: String?
    public let followedAt: Date
    /// The code of the race it was followed in; nil in an entry saved before entries kept it (it matches its
    /// name in any code).
    public let category: RaceCategory?
    /// The country of the race's venue, as the feed gives it (`AUS`, `NZ`, `UK`); nil in an entry saved before
    /// entries kept it, or followed in a race whose venue names none (it matches its name in any country).
    public let country: String?

    public init(
        kind: Kind, name: String, note: String? = nil, followedAt: Date, category: RaceCategory? = nil,
        country: String? = nil
    ) {
        self.kind = kind
        self.name = name
        self.note = note
        self.followedAt = followedAt
        self.category = category
        self.country = country
    }

    /// Followed in a race at `place`: keyed on its code and country.
    public init(kind: Kind, name: String, followedAt: Date, at place: RunnerPlace) {
        self.init(kind: kind, name: name, followedAt: followedAt, category: place.code, country: place.country)
    }

    /// One entry per kind, name, code and country, the name as a card spells it whatever its case, dots or
    /// spacing: `J. McDonald` and `j mcdonald` in Australian gallops are one rider. An entry without a code or a
    /// country (saved before entries kept them) keeps the id it had: `rider:j mcdonald`.
    public var id: String {
        let named = "\(kind.rawValue):\(Self.key(name))"
        guard category != nil || country != nil else { return named }
        return "\(named)@\(category?.rawValue ?? "")/\(country ?? "")"
    }

    /// Where the entry runs, as runners are matched against it.
    public var place: RunnerPlace { RunnerPlace(code: category, country: country) }

    /// The entry with this note (nil or blank: none).
    public func noted(_ note: String?) -> BlackbookEntry {
        let kept = note?.trimmingWhitespace()
        return BlackbookEntry(
            kind: kind, name: name, note: kept?.isEmpty == false ? kept : nil, followedAt: followedAt,
            category: category, country: country)
    }

    /// What the entry is in a race of `category`: a harness race's rider is its driver.
    public func role(in category: RaceCategory?) -> String {
        kind == .rider && (category ?? self.category) == .harness ? "driver" : kind.rawValue
    }

    /// As messages name it: "Brave Mistral", "J McDonald (rider)", "C Merriman (driver)" of a harness race.
    public func spoken(in category: RaceCategory? = nil) -> String {
        kind == .runner ? name : "\(name) (\(role(in: category)))"
    }

    /// Whether `runner`, running at `place`, is this entry: the horse itself, or the one its rider rides or its
    /// trainer trains, of the entry's code and country.
    public func matches(_ runner: LineupRunner, at place: RunnerPlace) -> Bool {
        matches(runner, key: Self.key(name), at: place)
    }

    /// The entry's name as names are compared: fold it once to match it against many runners.
    public var nameKey: String { Self.key(name) }

    /// `matches`, given the entry's `nameKey` (a day's fields are thousands of runners).
    public func matches(_ runner: LineupRunner, key: String, at place: RunnerPlace) -> Bool {
        self.place.admits(place) && (runner.name(as: kind).map { Self.key($0) == key } ?? false)
    }

    /// Whether this entry and `other` may be the same one: the same kind and name, and no code or country that
    /// tells them apart (an entry saved before entries kept them is any of its name's).
    public func isSame(as other: BlackbookEntry) -> Bool {
        kind == other.kind && nameKey == other.nameKey && place.admits(other.place)
    }

    /// Whether the name has a letter or a digit to follow it by.
    public var hasName: Bool { !Self.key(name).isEmpty }

    /// A name folded for comparing: letters and digits, lower case, single spaces.
    static func key(_ name: String) -> String {
        // A book looks through a day's fields, every runner's names folded: most names are ASCII, folded byte by
        // byte (the same key, a tenth of the time of asking each character what it is).
        let utf8 = name.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return name.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
        }
        var folded: [UInt8] = []
        folded.reserveCapacity(utf8.count)
        var gap = false
        for byte in utf8 {
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            guard
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lower)
            else {
                gap = true
                continue
            }
            if gap, !folded.isEmpty { folded.append(UInt8(ascii: " ")) }
            gap = false
            folded.append(lower)
        }
        return String(decoding: folded, as: UTF8.self)
    }

    /// The longest name kept: a card's names are cut to 300 characters of at most 1,200 scalars (under 5,000
    /// bytes). Bytes bound it too, as a character can carry any number of accents.
    public static let longestName = 1_000
    public static let longestNameBytes = 5_000
    /// The longest note kept, in bytes alone: a line, a few hundred letters in any script, however accented.
    public static let longestNoteBytes = 2_000

    public var keptOrder: Date { followedAt }

    public var implausibility: String? {
        if Self.key(name).isEmpty || name.count > Self.longestName || name.utf8.count > Self.longestNameBytes {
            return "a name that is empty, over \(Self.longestName) characters or over \(Self.longestNameBytes) bytes"
        }
        if let note, note.utf8.count > Self.longestNoteBytes { return "a note over \(Self.longestNoteBytes) bytes" }
        if !Race.plausibleStarts.contains(followedAt) { return "a time followed that is not between 2000 and 2100" }
        if let country, RunnerPlace.country(country) != country {
            return "a country that is not a code of up to \(RunnerPlace.longestCountry) letters"
        }
        return nil
    }

    /// A few hundred is more than anyone follows; past that the file is not what this app wrote. Its bytes: room
    /// for that many entries at their longest name and note.
    public static let keptList = KeptListKind(
        name: "blackbook", singular: "blackbook entry", plural: "blackbook entries", maximumItems: 500,
        maximumFileBytes: 4 * 1024 * 1024, makingRoom: "`unfollow N` on `book`", pruned: "no longer followed")
}

/// Where a runner runs, as the blackbook keys on it: the race's code and its venue's country. What is not known
/// (nil) tells nothing apart.
public struct RunnerPlace: Sendable, Equatable {
    public let code: RaceCategory?
    /// Upper case, as the feeds write it (`AUS`, `NZ`, `UK`); nil when not known or not a code.
    public let country: String?

    public init(code: RaceCategory?, country: String?) {
        self.code = code
        self.country = country.flatMap(Self.country)
    }

    /// Where a race's runners run.
    public init(_ race: Race) {
        self.init(code: race.category, country: race.venue.country)
    }

    /// Nowhere known: matches by name alone.
    public static let anywhere = RunnerPlace(code: nil, country: nil)

    /// A country code is at most this long: the feeds' are two or three letters.
    public static let longestCountry = 8

    /// A feed's country as kept: trimmed, upper case; nil when empty, too long or not letters (a feed's text is
    /// input, and an entry keeps only what reads back as sensible).
    public static func country(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace().uppercased()
        guard !trimmed.isEmpty, trimmed.count <= longestCountry,
            trimmed.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) })
        else { return nil }
        return trimmed
    }

    /// Whether a runner at `other` may be one followed here: each of code and country the same where both know
    /// it.
    public func admits(_ other: RunnerPlace) -> Bool {
        Self.agree(code, other.code) && Self.agree(country, other.country)
    }

    private static func agree<Value: Equatable>(_ lhs: Value?, _ rhs: Value?) -> Bool {
        guard let lhs, let rhs else { return true }
        return lhs == rhs
    }
}

/// A runner of a race as the blackbook reads it, from the source's fields or the race's card.
public struct LineupRunner: Sendable, Equatable {
    public let number: Int
    public let name: String
    public let rider: String?
    public let trainer: String?

    public init(number: Int, name: String, rider: String? = nil, trainer: String? = nil) {
        self.number = number
        self.name = name
        self.rider = rider
        self.trainer = trainer
    }

    public init(_ runner: Runner) {
        self.init(number: runner.number, name: runner.name, rider: runner.rider, trainer: runner.trainer)
    }

    /// Its name as the entry of this kind would follow it: the runner's own, its rider's or its trainer's.
    public func name(as kind: BlackbookEntry.Kind) -> String? {
        switch kind {
        case .runner: name
        case .rider: rider
        case .trainer: trainer
        }
    }

    /// The card's runners still in the race: a scratched runner is not engaged.
    public static func field(of card: RaceCard) -> [LineupRunner] {
        field(of: card.runners)
    }

    /// Those of `runners` still in the race.
    public static func field(of runners: [Runner]) -> [LineupRunner] {
        runners.filter { !$0.isScratched }.map(LineupRunner.init)
    }
}
