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

    /// The card of one race from a bundle, the others passed over unread (a sheet needs one of 45); nil when the
    /// bundle has none for it.
    public func decodeBundleCard(_ data: Data, raceID: String, source: String) throws(RaceDataError) -> RaceCard? {
        try decodeBundleCard(data, at: bundleIndex(data, source: source)[raceID] ?? [], raceID: raceID, source: source)
    }

    /// Where a bundle's cards lie, by race id: the bytes of each member that is an object, in the order given, the
    /// whole document checked in the one pass. Read once, a bundle's cards are then each read alone
    /// (`decodeBundleCard(_:at:raceID:source:)`), not found by a pass over all of them.
    public func bundleIndex(_ data: Data, source: String) throws(RaceDataError) -> [String: [Range<Int>]] {
        try JSONByteReader.reading(data, source: source) { reader throws(JSONSyntaxError) in
            var ranges: [String: [Range<Int>]] = [:]
            try Self.objectMembers(of: &reader) { reader, id throws(JSONSyntaxError) in
                let start = reader.offset
                try reader.skipValue()
                ranges[id, default: []].append(start..<reader.offset)
            }
            return ranges
        }
    }

    /// The card at one of `ranges` of a bundle (`bundleIndex`): the last that is a card with a `data` object, as
    /// a bundle read whole keeps it.
    public func decodeBundleCard(
        _ data: Data, at ranges: [Range<Int>], raceID: String, source: String
    ) throws(RaceDataError) -> RaceCard? {
        for range in ranges.reversed() where range.upperBound <= data.count {
            let start = data.startIndex + range.lowerBound
            let card = try JSONByteReader.reading(data[start..<(start + range.count)], source: source) {
                reader throws(JSONSyntaxError) in try Self.card(&reader, raceID: raceID)
            }
            if let card { return card }
        }
        return nil
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
                try reader.readObject { reader, name throws(JSONSyntaxError) in
                    if name.is("status") {
                        card.status = NedsFeedDecoder.optionalString(try reader.readScalar()).map(
                            RaceStatus.init(word:))
                    } else if name.is("advertised_start") {
                        card.advertisedStart = NedsFeedDecoder.number(try reader.readScalar()).flatMap(plausibleDate)
                    } else {
                        try reader.skipValue()
                    }
                }
            } else if name.is("runners") {
                try readObjects(&reader) { fields in
                    if let runner = runner(from: fields), card.runners.count < RaceCard.maximumEntries {
                        card.runners.append(runner)
                    }
                }
            } else if name.is("results") {
                try readObjects(&reader) { fields in
                    if let placing = placing(from: fields), card.placings.count < RaceCard.maximumEntries {
                        card.placings.append(placing)
                    }
                }
            } else if name.is("dividends") {
                try readObjects(&reader) { fields in
                    if let dividend = dividend(from: fields), card.dividends.count < RaceCard.maximumEntries {
                        card.dividends.append(dividend)
                    }
                }
            } else {
                try reader.skipValue()
            }
        }
    }

    // MARK: - Fields

    /// The scalar members of one object, and of the objects up to two levels in (`odds.fixed_win`,
    /// `flucs_with_timestamp.open.fluc`), by dotted name; number arrays (`flucs`) as lists, and arrays of objects
    /// (`last_starts`, `flucs_with_timestamp.last_six`) as lists of their scalars. Anything deeper is passed over.
    struct Fields {
        var scalars: [String: JSONByteReader.Scalar] = [:]
        var numberLists: [String: [Double]] = [:]
        var objectLists: [String: [Fields]] = [:]

        /// Objects kept of one array: a card's lists are short, and a hostile one is not read further.
        static let mostObjects = 20
        static let longestName = 64

        func string(_ key: String, limit: Int = Race.maximumTextLength) -> String? {
            NedsFeedDecoder.optionalString(scalars[key], limit: limit)
        }

        func number(_ key: String) -> Double? { NedsFeedDecoder.number(scalars[key]) }

        /// A whole number within `range`; cards give some numbers as strings ("60"), which are read too.
        func wholeNumber(_ key: String, in range: ClosedRange<Int>) -> Int? {
            let value = number(key) ?? string(key).flatMap { Double($0) }
            guard let value, value == value.rounded(), Double(range.lowerBound)...Double(range.upperBound) ~= value
            else { return nil }
            return Int(value)
        }

        func flag(_ key: String) -> Bool {
            if case .boolean(true)? = scalars[key] { return true }
            return false
        }
    }

    /// Each element of an array that is an object, read into `Fields`; other elements are passed over.
    private static func readObjects(_ reader: inout JSONByteReader, _ each: (Fields) -> Void) throws(JSONSyntaxError) {
        guard try reader.nextKind() == .array else { return try reader.skipValue() }
        try reader.readArray { reader throws(JSONSyntaxError) in
            guard try reader.nextKind() == .object else { return try reader.skipValue() }
            var fields = Fields()
            try readFields(&reader, prefix: "", into: &fields, depth: 0)
            each(fields)
        }
    }

    private static func readFields(
        _ reader: inout JSONByteReader, prefix: String, into fields: inout Fields, depth: Int
    )
        throws(JSONSyntaxError)
    {
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            // No card's member names are long: a long one (a hostile card's megabyte) is passed over, so no key
            // below it is ever made of it.
            guard name.string.utf8.count <= Fields.longestName else { return try reader.skipValue() }
            let key = prefix + name.string
            switch try reader.nextKind() {
            case .object where depth < 2:
                try readFields(&reader, prefix: key + ".", into: &fields, depth: depth + 1)
            case .array where depth < 2:
                var numbers: [Double] = []
                var objects: [Fields] = []
                try reader.readArray { reader throws(JSONSyntaxError) in
                    switch try reader.nextKind() {
                    case .number:
                        if case .number(let value) = try reader.readScalar(), numbers.count < 1_000 {
                            numbers.append(value)
                        }
                    case .object where objects.count < Fields.mostObjects:
                        var element = Fields()
                        // An element's own objects are not read: what is kept of a start is its scalars.
                        try readFields(&reader, prefix: "", into: &element, depth: 2)
                        objects.append(element)
                    default:
                        try reader.skipValue()
                    }
                }
                if depth == 0 || !numbers.isEmpty { fields.numberLists[key] = numbers }
                if !objects.isEmpty { fields.objectLists[key] = objects }
            case .object, .array:
                try reader.skipValue()
            default:
                fields.scalars[key] = try reader.readScalar()
            }
        }
    }

    // MARK: - Runners, placings, dividends

    static let runnerNumbers = 1...999
    /// Odds a book could offer: above evens' floor, below any real longshot's ceiling.
    static let plausiblePrices = 1.0...100_000.0

    static func runner(from fields: Fields) -> Runner? {
        guard let number = fields.wholeNumber("runner_number", in: runnerNumbers), let name = fields.string("name")
        else { return nil }
        let scratching: Scratching? =
            if fields.flag("is_late_scratched") {
                .late(at: (fields.number("scr_time") ?? fields.number("scratch_time")).flatMap(plausibleDate))
            } else if fields.flag("is_scratched") {
                .scratched
            } else {
                nil
            }
        var runner = Runner(
            number: number, name: name,
            barrier: fields.wholeNumber("barrier", in: 1...999),
            rider: fields.string("jockey") ?? fields.string("driver"),
            trainer: fields.string("trainer_name"),
            weight: weight(
                fields.string("weight.allocated") ?? fields.string("weight.total")
                    ?? fields.number("weight.allocated").map(format)),
            fixedWin: price(fields.number("odds.fixed_win")),
            fixedPlace: price(fields.number("odds.fixed_place")),
            flucs: (fields.numberLists["flucs"] ?? []).compactMap(price).suffix(RaceCard.maximumFlucs).map { $0 },
            scratching: scratching,
            isFavourite: fields.flag("favourite"),
            isMover: fields.flag("mover"),
            lastStarts: fields.string("last_twenty_starts", limit: 20),
            form: form(from: fields))
        runner.barrierPosition = fields.string("barrier_position", limit: 12)
        return runner
    }

    /// The rest of the runner's entry; nil when the card tells nothing of it.
    static func form(from fields: Fields) -> RunnerForm? {
        var form = RunnerForm()
        form.starts = (fields.objectLists["last_starts"] ?? []).prefix(RunnerForm.maximumStarts).compactMap(pastStart)
        form.records = FormRecord.Kind.allCases.compactMap { kind in
            let key = kind.rawValue + "."
            guard let starts = fields.wholeNumber(key + "number_of_starts", in: 0...9_999) else { return nil }
            let count = { (name: String) in fields.wholeNumber(key + name, in: 0...starts) ?? 0 }
            return FormRecord(
                kind: kind, starts: starts, wins: count("number_of_wins"), seconds: count("number_of_seconds"),
                thirds: count("number_of_thirds"))
        }
        let settling = fields.number("speedmap.settling_lengths").flatMap { (-100.0...100.0) ~= $0 ? $0 : nil }
        let lane = fields.string("speedmap.label", limit: 40)
        if lane != nil || settling != nil { form.speedMap = SpeedMapPlace(label: lane, settlingLengths: settling) }
        form.silks = fields.string("silk_colours", limit: 160)
        form.gear = fields.string("gear", limit: 200)
        form.age = fields.wholeNumber("age", in: 1...40)
        form.sex = fields.string("sex", limit: 12)
        form.colour = fields.string("colour", limit: 20)
        form.sire = fields.string("sire", limit: 60)
        form.dam = fields.string("dam", limit: 60)
        form.toteWin = price(fields.number("odds.pool_win"))
        form.totePlace = price(fields.number("odds.pool_place"))
        form.priceHistory = priceHistory(from: fields)
        return form.isEmpty ? nil : form
    }

    static func pastStart(from fields: Fields) -> PastStart? {
        var start = PastStart(
            date: fields.string("date", limit: 20), track: fields.string("track", limit: 40),
            distance: fields.wholeNumber("distance", in: 1...10_000),
            trackCondition: fields.string("track_condition", limit: 20),
            finish: fields.wholeNumber("finish", in: 1...99),
            runners: fields.wholeNumber("number_of_runners", in: 1...99),
            margin: fields.string("margin", limit: 12), rider: fields.string("jockey", limit: 60),
            startingPrice: price(
                fields.number("starting_price") ?? fields.string("starting_price").flatMap { Double($0) }),
            winner: fields.string("winner", limit: 60))
        start.barrier = fields.wholeNumber("barrier", in: 1...99)
        start.weight = weight(
            fields.string("weight_carried", limit: 8) ?? fields.number("weight_carried").map(format))
        return start == PastStart() ? nil : start
    }

    /// The opening price, then each move with its time, the same point told twice kept once.
    static func priceHistory(from fields: Fields) -> [PricePoint] {
        let key = "flucs_with_timestamp."
        var points: [PricePoint] = []
        func point(_ fields: Fields, _ prefix: String) -> PricePoint? {
            price(fields.number(prefix + "fluc")).map {
                PricePoint(price: $0, at: fields.string(prefix + "timestamp", limit: 40).flatMap(InternetTime.date))
            }
        }
        if let open = point(fields, key + "open.") { points.append(open) }
        // A move back to an earlier price is a move; the same point told twice running (the opening price is
        // often the first of the last six) is one.
        for move in (fields.objectLists[key + "last_six"] ?? []).compactMap({ point($0, "") }) where points.last != move
        {
            points.append(move)
        }
        return Array(points.suffix(RunnerForm.maximumPrices))
    }

    static func placing(from fields: Fields) -> Placing? {
        guard let position = fields.wholeNumber("position", in: 1...999),
            let runnerNumber = fields.wholeNumber("runner_number", in: runnerNumbers)
        else { return nil }
        return Placing(
            position: position, runnerNumber: runnerNumber, name: fields.string("name"),
            margin: position == 1 ? nil : fields.string("positional_margin", limit: 20))
    }

    static func dividend(from fields: Fields) -> Dividend? {
        guard let product = fields.string("product_name", limit: 40),
            let amount = fields.number("dividend"), amount > 0, amount < 100_000_000
        else { return nil }
        let bet = product.hasPrefix("Pool ") ? String(product.dropFirst(5)) : product
        return Dividend(
            bet: bet, runners: fields.string("description", limit: 40) ?? "", amount: amount,
            isFinal: fields.string("status").map { RaceStatus(word: $0) == .final } ?? false)
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
