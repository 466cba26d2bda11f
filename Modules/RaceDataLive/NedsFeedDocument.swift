import Core

/// The parts of a Neds `nextraces` document the decoder uses, read in one pass with `JSONByteReader`; every
/// other member is checked as JSON and passed over. Where a member appears twice the later one counts, as in
/// any JSON object read into a dictionary.
struct FeedDocument {
    /// `data`: nil when it is missing or not an object.
    struct Body {
        /// `race_summaries`, each read into a race or the reason it cannot be one; nil when it is missing or not
        /// an object. (`next_to_go_ids` is not read: the races are put in the board's order, which a feed's own
        /// list of ids cannot change.)
        var summaries: Summaries?
    }

    let topLevel: JSONByteReader.Kind
    private(set) var body: Body?

    /// - Parameters:
    ///   - more: more of the document as it is read, for one that arrives a stretch at a time.
    ///   - doneBefore: told, after each race, the offset before which the bytes are not read again.
    init(
        reading bytes: UnsafeRawBufferPointer, more: JSONByteReader.MoreBytes? = nil,
        doneBefore: (Int) -> Void = { _ in }
    ) throws(JSONSyntaxError) {
        var reader = JSONByteReader(bytes, more: more)
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

    /// The summaries, moved out of the document: whoever takes them holds the only reference, so their races
    /// can be put in order without a copy.
    mutating func takeSummaries() -> Summaries? {
        defer { body?.summaries = nil }
        return body?.summaries
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
                summaries.set(NedsFeedDecoder.race(from: try SummaryFields(reading: &reader), key: key), for: key)
            } else {
                try reader.skipValue()
                summaries.set(.failure(NedsFeedDecoder.Problem(reason: "the summary is not an object")), for: key)
            }
            // Everything of this race has been copied out: the name and the values alike.
            doneBefore(reader.offset)
        }
        return summaries
    }
}

/// `race_summaries`, one outcome per key (a key given twice keeps its last value). The races in one list as
/// they are read and each outcome pointing into it, rather than a dictionary of races: that list becomes the
/// feed's, put in order in place, so a big feed's races are never held twice.
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

    /// The races at `places`, in that order, moved out of this list (which is left empty): the elements are
    /// swapped into place, so the list's storage becomes the result's.
    mutating func takeRaces(at places: [Int]) -> [Race] {
        positions = [:]
        var taken: [Race] = []
        swap(&taken, &races)
        // Where each race read is now, and which race is now at each place.
        var placeOf = Array(taken.indices)
        var raceAt = Array(taken.indices)
        for (target, race) in places.enumerated() where placeOf[race] != target {
            let current = placeOf[race]
            let displaced = raceAt[target]
            taken.swapAt(target, current)
            raceAt[current] = displaced
            placeOf[displaced] = current
            raceAt[target] = race
            placeOf[race] = target
        }
        taken.removeLast(taken.count - places.count)
        return taken
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
    /// A JSON document in a string (`{"revealed_race_info": {...}}`), read apart (`RaceInfoDecoder`).
    var additionalData: JSONByteReader.Scalar?

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
            } else if name.is("additional_data") {
                additionalData = try reader.readScalar()
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
