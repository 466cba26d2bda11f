import Platform

/// What a race card says of one race: who runs, at what price, and once it is run, how they finished and what
/// the pools paid. Everything but a runner's number and name is optional, as the cards leave much out.
public struct RaceCard: Sendable, Equatable, Codable {
    public var raceID: String
    public var status: RaceStatus?
    /// The start the card gives; a replay shifts the card's times by how far the race's start moved.
    public var advertisedStart: Date?
    /// Set on a copy kept from an earlier fetch, shown because the source could not be reached now: when it was
    /// saved, and what went wrong.
    public var offline: OfflineCard?
    /// In number order, as the card lists them.
    public var runners: [Runner]
    /// First past the post first; empty until the race is run.
    public var placings: [Placing]
    public var dividends: [Dividend]
    /// What the card says of the race itself: its going, weather, class, prize money, rail and start. The sheet
    /// takes each from here where the board's feed has none. nil where the card says none of them (and in a card
    /// saved before cards were read for them).
    public var raceForm: RaceForm?

    public init(
        raceID: String, status: RaceStatus? = nil, advertisedStart: Date? = nil, runners: [Runner] = [],
        placings: [Placing] = [], dividends: [Dividend] = [], raceForm: RaceForm? = nil
    ) {
        self.raceForm = raceForm
        self.raceID = raceID
        self.status = status
        self.advertisedStart = advertisedStart
        self.runners = runners
        self.placings = placings
        self.dividends = dividends
    }

    /// Cards hold at most this many runners, placings, dividends and prices a runner: a field is never bigger,
    /// and a hostile card cannot make the sheet endless.
    public static let maximumEntries = 64
    public static let maximumFlucs = 12

    /// The card cut to those limits: the newest prices of each runner, the first of each list.
    public func withinLimits() -> RaceCard {
        var card = self
        card.runners = Array(runners.prefix(Self.maximumEntries))
        card.placings = Array(placings.prefix(Self.maximumEntries))
        card.dividends = Array(dividends.prefix(Self.maximumEntries))
        for index in card.runners.indices {
            card.runners[index].flucs = Array(card.runners[index].flucs.suffix(Self.maximumFlucs))
        }
        return card
    }
}

extension Race {
    /// The race as its sheet tells it: each of the feed's facts, and the card's where the feed has none.
    public func filledIn(from card: RaceCard?) -> Race {
        guard let facts = card?.raceForm else { return self }
        return Race(
            id: id, number: number, name: name, meetingName: meetingName, category: category,
            advertisedStart: advertisedStart, venue: venue, form: form.filledIn(from: facts))
    }
}

/// A card shown from the copy kept when it was last fetched.
public struct OfflineCard: Sendable, Equatable, Codable {
    public var savedAt: Date
    /// Why the source could not be reached ("no response within 10 s").
    public var reason: String

    public init(savedAt: Date, reason: String) {
        self.savedAt = savedAt
        self.reason = reason
    }
}

/// Where a race stands, as the totes say it.
public enum RaceStatus: Sendable, Hashable, Codable {
    /// Betting open: not yet run.
    case open
    /// Betting closed: the race is being run.
    case closed
    /// Run, with placings that may still change (protests, photo finishes).
    case interim
    /// Run, and the result official.
    case final
    case abandoned
    /// A word the app does not know, kept to show as it is.
    case other(String)

    public init(word: String) {
        switch word.lowercased() {
        case "open": self = .open
        case "closed": self = .closed
        case "interim": self = .interim
        case "final", "paying", "resulted": self = .final
        case "abandoned": self = .abandoned
        default: self = .other(word)
        }
    }

    public var word: String {
        switch self {
        case .open: "Open"
        case .closed: "Closed"
        case .interim: "Interim"
        case .final: "Final"
        case .abandoned: "Abandoned"
        case .other(let word): word
        }
    }

    /// Placings and dividends belong to a race that has been run.
    public var hasBeenRun: Bool { self == .interim || self == .final }

    /// How far along a race's life the status is (open, closed, interim, final; abandoned ends it): of two
    /// accounts of one race, the one further on is the newer.
    public var progress: Int {
        switch self {
        case .open, .other: 0
        case .closed: 1
        case .interim: 2
        case .final: 3
        case .abandoned: 4
        }
    }
}

public struct Runner: Sendable, Equatable, Codable {
    public var number: Int
    public var name: String
    public var barrier: Int?
    /// Where a harness horse starts as the card says it (`Fr3`, `Sr1`: front or second row of a mobile start);
    /// nil where the card does not say.
    public var barrierPosition: String?
    /// The jockey, or the driver of a harness race.
    public var rider: String?
    public var trainer: String?
    /// As the card gives it, in kilograms ("58.5").
    public var weight: String?
    public var fixedWin: Double?
    public var fixedPlace: Double?
    /// Fixed win prices as they moved, oldest first; the last is the price now.
    public var flucs: [Double]
    public var scratching: Scratching?
    /// The market's favourite (the shortest price), as the card marks it: not the user's favourites.
    public var isMarketFavourite: Bool
    /// The runner the money has come for.
    public var isMover: Bool
    /// Recent form, latest last ("4776X").
    public var lastStarts: String?
    /// The rest of what the card tells of it (`form N`, `runner N`, `map`); nil when it tells nothing more.
    public var form: RunnerForm?

    public init(
        number: Int, name: String, barrier: Int? = nil, rider: String? = nil, trainer: String? = nil,
        weight: String? = nil, fixedWin: Double? = nil, fixedPlace: Double? = nil, flucs: [Double] = [],
        scratching: Scratching? = nil, isMarketFavourite: Bool = false, isMover: Bool = false,
        lastStarts: String? = nil,
        form: RunnerForm? = nil
    ) {
        self.form = form
        self.number = number
        self.name = name
        self.barrier = barrier
        self.rider = rider
        self.trainer = trainer
        self.weight = weight
        self.fixedWin = fixedWin
        self.fixedPlace = fixedPlace
        self.flucs = flucs
        self.scratching = scratching
        self.isMarketFavourite = isMarketFavourite
        self.isMover = isMover
        self.lastStarts = lastStarts
    }

    public var isScratched: Bool { scratching != nil }
}

/// A runner taken out of the race: before the final field was set, or late (after it), with the time and what it
/// takes off the fixed-odds bets on the others (`Deduction`) where known.
public enum Scratching: Sendable, Equatable, Codable {
    case scratched
    case late(at: Date?, deduction: Deduction? = nil)
}

public struct Placing: Sendable, Equatable, Codable {
    public var position: Int
    public var runnerNumber: Int
    public var name: String?
    /// Behind the runner ahead, as the card says it ("LG NK", "1.5L"); nil for the winner or when not given.
    public var margin: String?

    public init(position: Int, runnerNumber: Int, name: String? = nil, margin: String? = nil) {
        self.position = position
        self.runnerNumber = runnerNumber
        self.name = name
        self.margin = margin
    }
}

public struct Dividend: Sendable, Equatable, Codable {
    /// The bet: "Win", "Place", "Quinella", "Trifecta", "First4"…
    public var bet: String
    /// The runners it pays on, in order ("2:4").
    public var runners: String
    /// Per unit staked, in dollars.
    public var amount: Double
    /// Interim dividends may still change.
    public var isFinal: Bool

    public init(bet: String, runners: String, amount: Double, isFinal: Bool) {
        self.bet = bet
        self.runners = runners
        self.amount = amount
        self.isFinal = isFinal
    }
}
