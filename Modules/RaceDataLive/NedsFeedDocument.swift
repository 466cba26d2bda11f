import Core

/// The parts of a Neds `nextraces` document the decoder uses, read in one pass with `JSONByteReader`; every
/// other member is checked as JSON and passed over. Where a member appears twice the later one counts, as in
/// any JSON object read into a dictionary.
struct FeedDocument {
    /// `data`: nil when it is missing or not an object.
    struct Body {
        /// `race_summaries`, each read into a race or the reason it cannot be one; nil when it is missing or not
        /// an object.
        var summaries: Summaries?
        /// `next_to_go_ids`, its strings; nil when it is missing or not an array.
        var runningOrder: [String]?
    }

    let topLevel: JSONByteReader.Kind
    private(set) var body: Body?

    /// - Parameter doneBefore: told, after each race, the offset before which the bytes are not read again.
    init(reading bytes: UnsafeRawBufferPointer, doneBefore: (Int) -> Void = { _ in }) throws(JSONSyntaxError) {
        var reader = JSONByteReader(bytes)
        topLevel = try reader.nextKind()
        if topLevel == .object {
            var body: Body?
            try reader.readObject { reader, name throws(JSONSyntaxError) in
                guard name.is("data") else { return try reader.skipValue() }
                body =
                    try reader.nextKind() == .object
                    ? try Self.readBody(&reader, doneBefore: doneBefore) : try Self.skipped(&reader)
            }
            self.body = body
        } else {
            try reader.skipValue()
        }
        try reader.expectEnd()
    }

    private static func skipped<T>(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> T? {
        try reader.skipValue()
        return nil
    }

    private static func readBody(
        _ reader: inout JSONByteReader, doneBefore: (Int) -> Void
    ) throws(JSONSyntaxError) -> Body {
        var body = Body()
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if name.is("race_summaries") {
                body.summaries =
                    try reader.nextKind() == .object
                    ? try readSummaries(&reader, doneBefore: doneBefore) : try skipped(&reader)
            } else if name.is("next_to_go_ids") {
                body.runningOrder = try reader.nextKind() == .array ? try readStrings(&reader) : try skipped(&reader)
            } else {
                try reader.skipValue()
            }
        }
        return body
    }

    private static func readSummaries(
        _ reader: inout JSONByteReader, doneBefore: (Int) -> Void
    ) throws(JSONSyntaxError) -> Summaries {
        var summaries = Summaries()
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            let key = name.string
            if try reader.nextKind() == .object {
                summaries.set(NedsFeedDecoder.race(from: try SummaryFields(reading: &reader)), for: key)
            } else {
                try reader.skipValue()
                summaries.set(.failure(NedsFeedDecoder.Problem(reason: "the summary is not an object")), for: key)
            }
            // Everything of this race has been copied out: the name and the values alike.
            doneBefore(reader.offset)
        }
        return summaries
    }

    /// The strings of an array; its other elements are passed over.
    private static func readStrings(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> [String] {
        var strings: [String] = []
        try reader.readArray { reader throws(JSONSyntaxError) in
            if case .string(let text, _) = try reader.readScalar() { strings.append(text) }
        }
        return strings
    }
}

/// `race_summaries` in the order the document has them, a key given twice keeping its first place and its
/// last value. The races in one list as they are read and each entry pointing into it, rather than a dictionary
/// of races: a third of the memory at 3,400 races, and a feed read in its own order is that list, not a copy.
struct Summaries {
    enum Outcome {
        /// The race at this place in `races`.
        case race(Int)
        case problem(NedsFeedDecoder.Problem)
    }

    private(set) var keys: [String] = []
    private(set) var outcomes: [Outcome] = []
    /// Every race read, in the order read (one whose key came again later is left here, pointed at by nothing).
    private(set) var races: [Race] = []
    private var positions: [String: Int] = [:]

    mutating func set(_ result: NedsFeedDecoder.SummaryResult, for key: String) {
        let outcome: Outcome
        switch result {
        case .success(let race):
            races.append(race)
            outcome = .race(races.count - 1)
        case .failure(let problem):
            outcome = .problem(problem)
        }
        if let position = positions[key] {
            outcomes[position] = outcome
        } else {
            positions[key] = keys.count
            keys.append(key)
            outcomes.append(outcome)
        }
    }

    /// The feed's own running order first, then anything it did not list by key, so results never depend on the
    /// order of the document's members.
    func positionsInRunningOrder(_ runningOrder: [String]) -> [Int] {
        var listed = Set<Int>()
        let inRunningOrder = runningOrder.compactMap { positions[$0] }.filter { listed.insert($0).inserted }
        let rest = keys.indices.filter { !listed.contains($0) }.sorted { keys[$0] < keys[$1] }
        return inRunningOrder + rest
    }
}

/// The members of one race summary the decoder uses, as read: what they mean is `NedsFeedDecoder.race(from:)`'s
/// business. nil is a member that is missing.
struct SummaryFields {
    /// `advertised_start` when it is an object.
    struct AdvertisedStart {
        var seconds: JSONByteReader.Scalar?
    }

    var raceID: JSONByteReader.Scalar?
    var raceNumber: JSONByteReader.Scalar?
    var raceName: JSONByteReader.Scalar?
    var meetingName: JSONByteReader.Scalar?
    var categoryID: JSONByteReader.Scalar?
    var advertisedStart: AdvertisedStart?
    var venueName: JSONByteReader.Scalar?
    var venueState: JSONByteReader.Scalar?
    var venueCountry: JSONByteReader.Scalar?
    /// `race_form`; empty when it is missing or not an object.
    var form = FormFields()

    init(reading reader: inout JSONByteReader) throws(JSONSyntaxError) {
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if name.is("race_id") {
                raceID = try reader.readScalar()
            } else if name.is("race_number") {
                raceNumber = try reader.readScalar()
            } else if name.is("race_name") {
                raceName = try reader.readScalar()
            } else if name.is("meeting_name") {
                meetingName = try reader.readScalar()
            } else if name.is("category_id") {
                categoryID = try reader.readScalar()
            } else if name.is("advertised_start") {
                advertisedStart = try Self.readAdvertisedStart(&reader)
            } else if name.is("venue_name") {
                venueName = try reader.readScalar()
            } else if name.is("venue_state") {
                venueState = try reader.readScalar()
            } else if name.is("venue_country") {
                venueCountry = try reader.readScalar()
            } else if name.is("race_form") {
                form = try reader.nextKind() == .object ? try FormFields(reading: &reader) : try Self.empty(&reader)
            } else {
                try reader.skipValue()
            }
        }
    }

    private static func readAdvertisedStart(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> AdvertisedStart?
    {
        guard try reader.nextKind() == .object else {
            try reader.skipValue()
            return nil
        }
        var start = AdvertisedStart()
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if name.is("seconds") { start.seconds = try reader.readScalar() } else { try reader.skipValue() }
        }
        return start
    }

    private static func empty(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> FormFields {
        try reader.skipValue()
        return FormFields()
    }
}

/// The members of `race_form` the decoder uses; the nested ones (`distance_type.short_name`,
/// `track_condition.name`, `weather.name`) only when their object is one.
struct FormFields {
    var distance: JSONByteReader.Scalar?
    var distanceUnit: JSONByteReader.Scalar?
    var trackCondition: JSONByteReader.Scalar?
    var weather: JSONByteReader.Scalar?
    var comment: JSONByteReader.Scalar?

    init() {}

    init(reading reader: inout JSONByteReader) throws(JSONSyntaxError) {
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if name.is("distance") {
                distance = try reader.readScalar()
            } else if name.is("distance_type") {
                distanceUnit = try Self.member("short_name", of: &reader)
            } else if name.is("track_condition") {
                trackCondition = try Self.member("name", of: &reader)
            } else if name.is("weather") {
                weather = try Self.member("name", of: &reader)
            } else if name.is("race_comment") {
                comment = try reader.readScalar()
            } else {
                try reader.skipValue()
            }
        }
    }

    /// One member of the object that comes next; nil when it is not an object or lacks the member.
    private static func member(_ wanted: StaticString, of reader: inout JSONByteReader) throws(JSONSyntaxError)
        -> JSONByteReader.Scalar?
    {
        guard try reader.nextKind() == .object else {
            try reader.skipValue()
            return nil
        }
        var value: JSONByteReader.Scalar?
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if name.is(wanted) { value = try reader.readScalar() } else { try reader.skipValue() }
        }
        return value
    }
}
