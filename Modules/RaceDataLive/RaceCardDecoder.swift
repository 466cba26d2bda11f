import Core
import Platform
import RaceData

/// Turns an affiliates API race card (`GET /racing/events/{id}`: `data.race`, `data.runners`, `data.results`,
/// `data.dividends`) into a `RaceCard`.
///
/// Tolerant as the feed decoder is: of a runner's 86 keys only a dozen are read; a field that is missing, null
/// or of the wrong type leaves a gap; a runner without a number or a name is left out; prices that are not
/// prices are dropped. Only a body that is not JSON, or has no `data` object, fails. Lists are capped
/// (`RaceCard.maximumEntries`), so no card makes an endless sheet.
public struct RaceCardDecoder: Sendable {
    public init() {}

    public func decode(_ data: Data, raceID: String, source: String) throws(RaceDataError) -> RaceCard {
        var card = RaceCard(raceID: raceID)
        let topLevel: JSONByteReader.Kind
        let hasData: Bool
        do {
            (topLevel, hasData) = try data.withUnsafeBytes { try Self.read($0, into: &card) }
        } catch {
            throw NedsFeedDecoder.notJSON(data, source: source)
        }
        guard topLevel == .object else {
            throw .invalidFeed(
                source: source,
                reason: "expected a JSON object at the top level, found \(NedsFeedDecoder.describe(topLevel))")
        }
        guard hasData else { throw .invalidFeed(source: source, reason: "it has no `data` object") }
        return Self.tidied(card)
    }

    /// Many cards in one document, `{"<race id>": <card>, ...}`: the snapshot's, made by Scripts/make-snapshot.
    /// A member that is not a card with a `data` object is left out.
    public func decodeBundle(_ data: Data, source: String) throws(RaceDataError) -> [String: RaceCard] {
        try JSONByteReader.reading(data, source: source) { reader throws(JSONSyntaxError) in
            var cards: [String: RaceCard] = [:]
            try Self.objectMembers(of: &reader) { reader, id throws(JSONSyntaxError) in
                if let card = try Self.card(&reader, raceID: id) { cards[id] = card }
            }
            return cards
        }
    }

    /// Calls `member` with the race id of each member of a bundle that is an object, the reader at its value
    /// (which `member` must read or pass over); other members are passed over.
    private static func objectMembers(
        of reader: inout JSONByteReader, _ member: (inout JSONByteReader, String) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        guard try reader.nextKind() == .object else {
            throw JSONSyntaxError(offset: 0, reason: "a bundle of cards is an object")
        }
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            guard try reader.nextKind() == .object else { return try reader.skipValue() }
            try member(&reader, name.string)
        }
    }

    /// The card in the object at the reader; nil when it has no `data` object.
    private static func card(_ reader: inout JSONByteReader, raceID: String) throws(JSONSyntaxError) -> RaceCard? {
        var card = RaceCard(raceID: raceID)
        return try readDocument(&reader, into: &card) ? tidied(card) : nil
    }

    /// The document's top-level kind, and whether it had a `data` object.
    private static func read(_ bytes: UnsafeRawBufferPointer, into card: inout RaceCard) throws(JSONSyntaxError) -> (
        JSONByteReader.Kind, Bool
    ) {
        var reader = JSONByteReader(bytes)
        let topLevel = try reader.nextKind()
        var hasData = false
        if topLevel == .object {
            hasData = try readDocument(&reader, into: &card)
        } else {
            try reader.skipValue()
        }
        try reader.expectEnd()
        return (topLevel, hasData)
    }

    /// Reads one card document (an object); true when it had a `data` object.
    private static func readDocument(_ reader: inout JSONByteReader, into card: inout RaceCard) throws(JSONSyntaxError)
        -> Bool
    {
        var hasData = false
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            guard name.is("data"), try reader.nextKind() == .object else { return try reader.skipValue() }
            hasData = true
            try readData(&reader, into: &card)
        }
        return hasData
    }

    private static func tidied(_ card: RaceCard) -> RaceCard {
        var card = card
        card.runners.sort { $0.number < $1.number }
        card.placings.sort { ($0.position, $0.runnerNumber) < ($1.position, $1.runnerNumber) }
        card.dividends = finalWherePaid(card.dividends)
        return card
    }

    private static func readData(_ reader: inout JSONByteReader, into card: inout RaceCard) throws(JSONSyntaxError) {
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if name.is("race"), try reader.nextKind() == .object {
                try RaceEntry(&reader).apply(to: &card)
            } else if name.is("runners") {
                try readObjects(&reader, most: .max) { reader throws(JSONSyntaxError) in
                    if let runner = try RunnerEntry(&reader).runner, card.runners.count < RaceCard.maximumEntries {
                        card.runners.append(runner)
                    }
                }
            } else if name.is("results") {
                try readObjects(&reader, most: .max) { reader throws(JSONSyntaxError) in
                    if let placing = try placing(&reader), card.placings.count < RaceCard.maximumEntries {
                        card.placings.append(placing)
                    }
                }
            } else if name.is("dividends") {
                try readObjects(&reader, most: .max) { reader throws(JSONSyntaxError) in
                    if let dividend = try dividend(&reader), card.dividends.count < RaceCard.maximumEntries {
                        card.dividends.append(dividend)
                    }
                }
            } else {
                try reader.skipValue()
            }
        }
    }

    // MARK: - The race

    /// The race's own entry as read, member by member: its status and start, and what it says of the race (the
    /// going, weather, class, prize money, rail and start), every other of its forty-odd members passed over
    /// unread. A member of the wrong type leaves a gap.
    struct RaceEntry {
        enum Member: Int, CaseIterable {
            case status, advertisedStart, trackCondition, weather, raceClass, railPosition, startType
        }

        static let members: [StaticString] = [
            "status", "advertised_start", "track_condition", "weather", "class", "rail_position", "start_type",
        ]

        private var slots = [Scalar?](repeating: nil, count: Member.allCases.count)
        private var prizeMoney: Int?

        private subscript(member: Member) -> Scalar? { slots[member.rawValue] }

        init(_ reader: inout JSONByteReader) throws(JSONSyntaxError) {
            try reader.readObject { reader, name throws(JSONSyntaxError) in
                if let index = Self.members.firstIndex(where: { name.is($0) }) {
                    slots[index] = try reader.readScalar()
                } else if name.is("prize_monies") {
                    // A card may give the places' money without its total.
                    prizeMoney = try RaceInfoDecoder.prizeMoney(&reader, summingPlaces: true)
                } else {
                    try reader.skipValue()
                }
            }
        }

        func apply(to card: inout RaceCard) {
            card.status = self[.status].text().map(RaceStatus.init(word:))
            card.advertisedStart = self[.advertisedStart].number.flatMap(plausibleDate)
            let info = RaceInfo(
                raceClass: self[.raceClass].text(limit: RaceInfoDecoder.classLimit), prizeMoney: prizeMoney,
                railPosition: self[.railPosition].text(limit: RaceInfoDecoder.railLimit),
                startType: self[.startType].text(limit: RaceInfoDecoder.startTypeLimit))
            let form = RaceForm(
                trackCondition: self[.trackCondition].text(), weather: self[.weather].text(),
                info: info.isEmpty ? nil : info)
            card.raceForm = form == RaceForm() ? nil : form
        }
    }

    // MARK: - Runners, placings, dividends

    static let runnerNumbers = 1...999
    /// Odds a book could offer: above evens' floor, below any real longshot's ceiling.
    static let plausiblePrices = 1.0...100_000.0
    /// Objects kept of a runner's own lists (its last starts, its last six prices): a card's lists are short, and a
    /// hostile one is not read further.
    static let mostObjects = 20
    typealias Scalar = JSONByteReader.Scalar

    /// Calls `each` with the reader at each element of the array at the reader that is an object, up to `most`
    /// of them; other elements, those past `most`, and a value that is not an array are passed over.
    private static func readObjects(
        _ reader: inout JSONByteReader, most: Int, _ each: (inout JSONByteReader) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        guard try reader.nextKind() == .array else { return try reader.skipValue() }
        var read = 0
        try reader.readArray { reader throws(JSONSyntaxError) in
            guard read < most, try reader.nextKind() == .object else { return try reader.skipValue() }
            read += 1
            try each(&reader)
        }
    }

    /// The scalar members named in `names` of the object at the reader, each in its slot from `base` on (the last,
    /// where a card gives one twice); any other member, and a value that is not an object, passed over unread.
    private static func readScalars(
        _ reader: inout JSONByteReader, _ names: [StaticString], into slots: inout [Scalar?], from base: Int = 0
    ) throws(JSONSyntaxError) {
        guard try reader.nextKind() == .object else { return try reader.skipValue() }
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if let index = names.firstIndex(where: { name.is($0) }) {
                slots[base + index] = try reader.readScalar()
            } else {
                try reader.skipValue()
            }
        }
    }

    /// A runner's entry as read, member by member: each that the card's rules use (the last, where a card gives one
    /// twice), every other passed over unread; a runner's 86 members in a real card, a dozen wanted. A member of
    /// the wrong type leaves a gap.
    struct RunnerEntry {
        /// The entry's own scalar members, then those of its `odds`, `weight`, `speedmap` and opening price, each
        /// in the slot of its `Member`.
        enum Member: Int, CaseIterable {
            case number, name, barrier, jockey, driver, trainer, isScratched, isLateScratched, scratchedAt
            case scratchTime, isFavourite, isMover, lastTwentyStarts, barrierPosition, silks, gear, age, sex
            case colour, sire, dam
            case fixedWin, fixedPlace, poolWin, poolPlace
            case weightAllocated, weightTotal
            case settlingLengths, speedLabel
            case openPrice, openTime
            case deductionWin, deductionPlace
        }

        static let ownMembers: [StaticString] = [
            "runner_number", "name", "barrier", "jockey", "driver", "trainer_name", "is_scratched",
            "is_late_scratched", "scr_time", "scratch_time", "favourite", "mover", "last_twenty_starts",
            "barrier_position", "silk_colours", "gear", "age", "sex", "colour", "sire", "dam",
        ]
        static let oddsMembers: [StaticString] = ["fixed_win", "fixed_place", "pool_win", "pool_place"]
        static let weightMembers: [StaticString] = ["allocated", "total"]
        static let speedMapMembers: [StaticString] = ["settling_lengths", "label"]
        static let priceMembers: [StaticString] = ["fluc", "timestamp"]
        static let deductionMembers: [StaticString] = ["win", "place"]

        private var slots = [Scalar?](repeating: nil, count: Member.allCases.count)
        private var flucs: [Double] = []
        private var lastSix: [[Scalar?]] = []
        private var starts: [PastStart] = []
        private var records: [FormRecord.Kind: [Scalar?]] = [:]

        private subscript(member: Member) -> Scalar? { slots[member.rawValue] }

        init(_ reader: inout JSONByteReader) throws(JSONSyntaxError) {
            try reader.readObject { reader, name throws(JSONSyntaxError) in
                if let index = Self.ownMembers.firstIndex(where: { name.is($0) }) {
                    slots[index] = try reader.readScalar()
                } else if name.is("odds") {
                    try readScalars(&reader, Self.oddsMembers, into: &slots, from: Member.fixedWin.rawValue)
                } else if name.is("flucs") {
                    flucs = try numbers(&reader)
                } else if name.is("weight") {
                    try readScalars(&reader, Self.weightMembers, into: &slots, from: Member.weightAllocated.rawValue)
                } else if name.is("last_starts") {
                    try readObjects(&reader, most: mostObjects) { reader throws(JSONSyntaxError) in
                        if let start = try pastStart(&reader) { starts.append(start) }
                    }
                } else if name.is("speedmap") {
                    try readScalars(&reader, Self.speedMapMembers, into: &slots, from: Member.settlingLengths.rawValue)
                } else if name.is("deduction") {
                    try readScalars(
                        &reader, Self.deductionMembers, into: &slots, from: Member.deductionWin.rawValue)
                } else if name.is("flucs_with_timestamp") {
                    try readPrices(&reader)
                } else if let kind = FormRecord.Kind.allCases.first(where: { name.is($0.memberName) }) {
                    var counts = records[kind] ?? [Scalar?](repeating: nil, count: recordCounts.count)
                    try readScalars(&reader, recordCounts, into: &counts)
                    records[kind] = counts
                } else {
                    try reader.skipValue()
                }
            }
        }

        /// `flucs_with_timestamp`: the opening price, and the last six moves.
        private mutating func readPrices(_ reader: inout JSONByteReader) throws(JSONSyntaxError) {
            guard try reader.nextKind() == .object else { return try reader.skipValue() }
            try reader.readObject { reader, name throws(JSONSyntaxError) in
                if name.is("open") {
                    try readScalars(&reader, Self.priceMembers, into: &slots, from: Member.openPrice.rawValue)
                } else if name.is("last_six") {
                    try readObjects(&reader, most: mostObjects) { reader throws(JSONSyntaxError) in
                        var point = [Scalar?](repeating: nil, count: Self.priceMembers.count)
                        try readScalars(&reader, Self.priceMembers, into: &point)
                        lastSix.append(point)
                    }
                } else {
                    try reader.skipValue()
                }
            }
        }

        var runner: Runner? {
            guard let number = self[.number].whole(in: runnerNumbers), let name = self[.name].text() else { return nil }
            let scratching: Scratching? =
                if self[.isLateScratched].isTrue {
                    .late(at: scratchedAt, deduction: deduction)
                } else if self[.isScratched].isTrue {
                    .scratched
                } else {
                    nil
                }
            let allocated = self[.weightAllocated]
            var runner = Runner(
                number: number, name: name,
                barrier: self[.barrier].whole(in: 1...999),
                rider: self[.jockey].text() ?? self[.driver].text(),
                trainer: self[.trainer].text(),
                weight: weight(allocated.text() ?? self[.weightTotal].text() ?? allocated.number.map(format)),
                fixedWin: price(self[.fixedWin].number),
                fixedPlace: price(self[.fixedPlace].number),
                flucs: flucs.compactMap(price).suffix(RaceCard.maximumFlucs).map { $0 },
                scratching: scratching,
                isMarketFavourite: self[.isFavourite].isTrue,
                isMover: self[.isMover].isTrue,
                lastStarts: self[.lastTwentyStarts].text(limit: 20),
                form: form)
            runner.barrierPosition = self[.barrierPosition].text(limit: 12)
            return runner
        }

        /// When a late scratching was made: `scr_time`, a date-time as the API documents it or Unix seconds as the
        /// race day writes it, else `scratch_time` (seconds; 0 where not told, which is no time).
        private var scratchedAt: Date? {
            let told = self[.scratchedAt]
            let seconds = told.number ?? told.text(limit: 40).flatMap(InternetTime.date(from:))?.timeIntervalSince1970
            return (seconds ?? self[.scratchTime].number).flatMap(plausibleDate)
        }

        /// A late scratching's deduction: both numbers, each cents a deduction can be (`Deduction`), or none.
        private var deduction: Deduction? {
            guard let win = self[.deductionWin].number, let place = self[.deductionPlace].number else { return nil }
            return Deduction(win: win, place: place)
        }

        /// The rest of the runner's entry; nil when the card tells nothing of it.
        private var form: RunnerForm? {
            var form = RunnerForm()
            form.starts = Array(starts.prefix(RunnerForm.maximumStarts))
            form.records = FormRecord.Kind.allCases.compactMap { kind in
                guard let counts = records[kind], let starts = counts[0].whole(in: 0...9_999) else { return nil }
                let count = { (index: Int) in counts[index].whole(in: 0...starts) ?? 0 }
                return FormRecord(kind: kind, starts: starts, wins: count(1), seconds: count(2), thirds: count(3))
            }
            let settling = self[.settlingLengths].number.flatMap { (-100.0...100.0) ~= $0 ? $0 : nil }
            let lane = self[.speedLabel].text(limit: 40)
            if lane != nil || settling != nil { form.speedMap = SpeedMapPlace(label: lane, settlingLengths: settling) }
            form.silks = self[.silks].text(limit: 160)
            form.gear = self[.gear].text(limit: 200)
            form.age = self[.age].whole(in: 1...40)
            form.sex = self[.sex].text(limit: 12)
            form.colour = self[.colour].text(limit: 20)
            form.sire = self[.sire].text(limit: 60)
            form.dam = self[.dam].text(limit: 60)
            form.toteWin = price(self[.poolWin].number)
            form.totePlace = price(self[.poolPlace].number)
            form.priceHistory = priceHistory
            return form.isEmpty ? nil : form
        }

        /// The opening price, then each move with its time, the same point told twice kept once.
        private var priceHistory: [PricePoint] {
            func point(_ price: Scalar?, _ time: Scalar?) -> PricePoint? {
                RaceCardDecoder.price(price.number).map {
                    PricePoint(price: $0, at: time.text(limit: 40).flatMap(InternetTime.date))
                }
            }
            var points: [PricePoint] = []
            if let open = point(self[.openPrice], self[.openTime]) { points.append(open) }
            // A move back to an earlier price is a move; the same point told twice running (the opening price is
            // often the first of the last six) is one.
            for move in lastSix.compactMap({ point($0[0], $0[1]) }) where points.last != move {
                points.append(move)
            }
            return Array(points.suffix(RunnerForm.maximumPrices))
        }
    }

    /// A record's counts, in the order `RunnerEntry` keeps them: starts, wins, seconds, thirds.
    static let recordCounts: [StaticString] = [
        "number_of_starts", "number_of_wins", "number_of_seconds", "number_of_thirds",
    ]

    /// The numbers of the array at the reader (at most 1,000; anything else in it passed over); none for a value
    /// that is not an array.
    private static func numbers(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> [Double] {
        guard try reader.nextKind() == .array else {
            try reader.skipValue()
            return []
        }
        var numbers: [Double] = []
        try reader.readArray { reader throws(JSONSyntaxError) in
            if try reader.nextKind() == .number, numbers.count < 1_000 {
                numbers.append(try reader.readNumber())
            } else {
                try reader.skipValue()
            }
        }
        return numbers
    }

    static let pastStartMembers: [StaticString] = [
        "date", "track", "distance", "track_condition", "finish", "number_of_runners", "margin", "jockey",
        "starting_price", "winner", "barrier", "weight_carried",
    ]

    private static func pastStart(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> PastStart? {
        var member = [Scalar?](repeating: nil, count: pastStartMembers.count)
        try readScalars(&reader, pastStartMembers, into: &member)
        let startingPrice = member[8]
        var start = PastStart(
            date: member[0].text(limit: 20), track: member[1].text(limit: 40),
            distance: member[2].whole(in: 1...10_000),
            trackCondition: member[3].text(limit: 20), finish: member[4].whole(in: 1...99),
            runners: member[5].whole(in: 1...99), margin: member[6].text(limit: 12), rider: member[7].text(limit: 60),
            startingPrice: price(startingPrice.number ?? startingPrice.text().flatMap { Double($0) }),
            winner: member[9].text(limit: 60))
        start.barrier = member[10].whole(in: 1...99)
        start.weight = weight(member[11].text(limit: 8) ?? member[11].number.map(format))
        return start == PastStart() ? nil : start
    }

    // A board reads every race's placings and dividends at its first draw: these two read their members in line.

    private static func placing(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> Placing? {
        var position, runnerNumber, name, margin: Scalar?
        try reader.readObject { reader, member throws(JSONSyntaxError) in
            if member.is("position") {
                position = try reader.readScalar()
            } else if member.is("runner_number") {
                runnerNumber = try reader.readScalar()
            } else if member.is("name") {
                name = try reader.readScalar()
            } else if member.is("positional_margin") {
                margin = try reader.readScalar()
            } else {
                try reader.skipValue()
            }
        }
        guard let position = position.whole(in: 1...999), let runnerNumber = runnerNumber.whole(in: runnerNumbers)
        else { return nil }
        return Placing(
            position: position, runnerNumber: runnerNumber, name: name.text(),
            margin: position == 1 ? nil : margin.text(limit: 20))
    }

    private static func dividend(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> Dividend? {
        var product, amount, runners, status: Scalar?
        try reader.readObject { reader, member throws(JSONSyntaxError) in
            if member.is("product_name") {
                product = try reader.readScalar()
            } else if member.is("dividend") {
                amount = try reader.readScalar()
            } else if member.is("description") {
                runners = try reader.readScalar()
            } else if member.is("status") {
                status = try reader.readScalar()
            } else {
                try reader.skipValue()
            }
        }
        guard let product = product.text(limit: 40), let amount = amount.number, amount > 0, amount < 100_000_000
        else { return nil }
        let bet = product.hasPrefix("Pool ") ? String(product.dropFirst(5)) : product
        return Dividend(
            bet: bet, runners: runners.text(limit: 40) ?? "", amount: amount,
            isFinal: status.text().map { RaceStatus(word: $0) == .final } ?? false)
    }

    /// The card lists each pool's interim dividend beside its final one: the final is kept where there is one.
    static func finalWherePaid(_ dividends: [Dividend]) -> [Dividend] {
        var kept: [Dividend] = []
        for dividend in dividends {
            if let index = kept.firstIndex(where: { $0.bet == dividend.bet && $0.runners == dividend.runners }) {
                if dividend.isFinal, !kept[index].isFinal { kept[index] = dividend }
            } else {
                kept.append(dividend)
            }
        }
        return kept
    }

    private static func price(_ value: Double?) -> Double? {
        guard let value, plausiblePrices ~= value else { return nil }
        return value
    }

    private static func weight(_ text: String?) -> String? {
        guard let text, let value = Double(text), value > 0, value < 200 else { return nil }
        return format(value)
    }

    /// "58" for a whole number, "57.5" otherwise; a number no Int holds (1e300, from a damaged card) is written as
    /// it is, never converted.
    private static func format(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
    }

    private static func plausibleDate(_ seconds: Double) -> Date? {
        let date = Date(timeIntervalSince1970: seconds)
        return Race.plausibleStarts.contains(date) ? date : nil
    }
}

/// A member's value as the card's rules read it: text trimmed and cut, a finite number, a whole number in range
/// (cards give some as strings, "60", which are read too), a flag that is `true`; nil for anything else.
extension Optional where Wrapped == JSONByteReader.Scalar {
    fileprivate func text(limit: Int = Race.maximumTextLength) -> String? {
        NedsFeedDecoder.optionalString(self, limit: limit)
    }

    fileprivate var number: Double? { NedsFeedDecoder.number(self) }

    fileprivate func whole(in range: ClosedRange<Int>) -> Int? {
        let value = number ?? text().flatMap { Double($0) }
        guard let value, value == value.rounded(), Double(range.lowerBound)...Double(range.upperBound) ~= value
        else { return nil }
        return Int(value)
    }

    fileprivate var isTrue: Bool {
        if case .boolean(true)? = self { return true }
        return false
    }
}

extension FormRecord.Kind {
    /// The card's member holding the record (`track_distance`).
    fileprivate var memberName: StaticString {
        switch self {
        case .overall: "overall"
        case .track: "track"
        case .distance: "distance"
        case .trackDistance: "track_distance"
        case .good: "good"
        case .soft: "soft"
        case .heavy: "heavy"
        case .firstUp: "first_up"
        case .secondUp: "second_up"
        }
    }
}
