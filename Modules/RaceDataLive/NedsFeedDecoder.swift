import Core
import Files
import Platform
import RaceData
import Text

/// Turns a Neds `nextraces` response into races.
///
/// Tolerant by design: optional parts (race form, venue, weather…) may be
/// missing or malformed without losing the race, and a summary that lacks a
/// required field or has an unknown category is skipped and reported, not
/// fatal. Only a body that is not JSON, or not this shape at all, fails.
public struct NedsFeedDecoder: FeedFormat {
    public init() {}

    public func decode(_ data: Data, source: String) throws(RaceDataError) -> RaceFeed {
        try data.withUnsafeBytes { bytes in
            Result { () throws(RaceDataError) in try decode(bytes, more: nil, source: source) }
        }.get()
    }

    /// A file's bytes, read a stretch at a time as they are wanted and given back page by page once read: a big
    /// feed's bytes and its races are never all held at once.
    public func decode(_ file: FileBytes, source: String) throws(RaceDataError) -> RaceFeed {
        try file.withUnsafeBytes { bytes in
            Result { () throws(RaceDataError) in
                try decode(bytes, more: file.more(upTo:), doneBefore: file.release(before:), source: source)
            }
        }.get()
    }

    /// The document in `bytes`, and then in what `more` gives (see `FeedDocument`).
    func decode(
        _ bytes: UnsafeRawBufferPointer, more: JSONByteReader.MoreBytes?, doneBefore: (Int) -> Void = { _ in },
        source: String
    ) throws(RaceDataError) -> RaceFeed {
        var document: FeedDocument
        do {
            document = try FeedDocument(reading: bytes, more: more, doneBefore: doneBefore)
        } catch {
            // The start is never given back, and the message quotes it.
            throw Self.notJSON(Data((more?(64) ?? bytes).prefix(64)), source: source)
        }
        return try Self.feed(from: &document, source: source)
    }

    /// The races in the board's order (`RaceOrder`, then by key), less the feed's mistakes, which are given by
    /// key: nothing depends on the order of the document's members, and the board takes the list as it is.
    private static func feed(from document: inout FeedDocument, source: String) throws(RaceDataError) -> RaceFeed {
        guard document.topLevel == .object else {
            throw .invalidFeed(
                source: source,
                reason: "expected a JSON object at the top level, found \(Self.describe(document.topLevel))")
        }
        guard document.body != nil else {
            throw .invalidFeed(source: source, reason: "it has no `data` object")
        }
        guard var summaries = document.takeSummaries() else {
            throw .invalidFeed(source: source, reason: "it has no `data.race_summaries` object")
        }
        let keys = summaries.keys
        var skipped: [SkippedRace] = []
        var kept: [(place: Int, key: Int)] = []
        for position in keys.indices.sorted(by: { keys[$0] < keys[$1] }) {
            switch summaries.outcomes[position] {
            case .race(let place): kept.append((place, position))
            case .problem(let problem):
                skipped.append(SkippedRace(key: Self.shown(keys[position]), reason: problem.reason))
            }
        }
        let (inOrder, outliers) = Self.boardOrder(kept, of: summaries.races)
        for (place, key) in outliers {
            let start = summaries.races[place].advertisedStart
            skipped.append(
                SkippedRace(
                    key: Self.shown(keys[key]),
                    reason: "advertised_start \(Self.isoDate(start)) is years away from the feed's other races"))
        }
        return RaceFeed(races: summaries.takeRaces(at: inOrder), skipped: skipped)
    }

    /// The places of `kept` in the board's order (ties, which only the same race given twice can make, by key:
    /// `kept` comes by key and the sort is stable), less those whose start is more than
    /// `Race.plausibleSpreadInFeed` from the feed's median, which are a mistake and come back by key.
    private static func boardOrder(
        _ kept: [(place: Int, key: Int)], of races: [Race]
    ) -> (inOrder: [Int], outliers: [(place: Int, key: Int)]) {
        let sorted = kept.sorted { RaceOrder.isOrderedBefore(races[$0.place], races[$1.place]) }
        guard sorted.count > 2 else { return (sorted.map(\.place), []) }
        let median = races[sorted[sorted.count / 2].place].advertisedStart
        let isOutlier = { (place: Int) in
            abs(races[place].advertisedStart.timeIntervalSince(median)) > Race.plausibleSpreadInFeed
        }
        return (sorted.lazy.map(\.place).filter { !isOutlier($0) }, kept.filter { isOutlier($0.place) })
    }

    private static func isoDate(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day())
    }

    /// A summary key as a message may show it: cleaned, and short.
    private static func shown(_ key: String) -> String {
        TerminalText.clean(String(key.prefix(64)), asciiOnly: true)
    }

    // MARK: - Whole document

    static func notJSON(_ data: Data, source: String) -> RaceDataError {
        let start = String(decoding: data.prefix(64), as: UTF8.self).trimmingWhitespace()
        if start.isEmpty {
            return .invalidFeed(source: source, reason: "it is empty")
        }
        let preview = TerminalText.clean(String(start.prefix(24)), asciiOnly: true)
        return .invalidFeed(
            source: source,
            reason: start.hasPrefix("<")
                ? "it is HTML, not JSON (starts \"\(preview)\")"
                : "it is not valid JSON (starts \"\(preview)\")")
    }

    static func describe(_ kind: JSONByteReader.Kind) -> String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a Boolean"
        case .null: "null"
        }
    }

    // MARK: - One race

    struct Problem: Error {
        let reason: String
    }

    typealias SummaryResult = Result<Race, Problem>

    /// - Parameter key: the summary's key, whose storage the race's id shares when they are the same (they are in
    ///   every feed seen): a big feed's ids are held once.
    static func race(from summary: SummaryFields, key: String) -> SummaryResult {
        do throws(Problem) {
            let id = try requiredString(summary.raceID, "race_id")
            guard id.count <= Race.maximumIDLength else {
                throw Problem(reason: "race_id is longer than \(Race.maximumIDLength) characters")
            }
            let raceNumber = try requiredInt(summary.raceNumber, "race_number")
            let meetingName = try requiredString(summary.meetingName, "meeting_name")
            let categoryID = try requiredString(summary.categoryID, "category_id")
            guard let category = RaceCategory(nedsID: categoryID) else {
                throw Problem(reason: "unknown category_id \(shown(categoryID))")
            }
            guard let advertisedStart = summary.advertisedStart else {
                throw Problem(reason: "missing advertised_start")
            }
            guard let seconds = number(advertisedStart.seconds) else {
                throw Problem(reason: "missing or non-numeric advertised_start.seconds")
            }
            let start = Date(timeIntervalSince1970: seconds)
            guard Race.plausibleStarts.contains(start) else {
                throw Problem(reason: "advertised_start.seconds \(seconds) is not between 2000 and 2100")
            }
            return .success(
                Race(
                    id: id == key ? key : id,
                    number: raceNumber,
                    name: optionalString(summary.raceName),
                    meetingName: meetingName,
                    category: category,
                    advertisedStart: start,
                    venue: Venue(
                        name: optionalString(summary.venueName),
                        state: optionalString(summary.venueState),
                        country: optionalString(summary.venueCountry)),
                    form: form(from: summary.form)))
        } catch {
            return .failure(error)
        }
    }

    private static func form(from raceForm: FormFields) -> RaceForm {
        let distance = number(raceForm.distance).flatMap { value -> Distance? in
            guard value > 0, value < 1_000_000 else { return nil }
            return Distance(value: Int(value), unit: optionalString(raceForm.distanceUnit))
        }
        return RaceForm(
            distance: distance,
            trackCondition: optionalString(raceForm.trackCondition),
            weather: optionalString(raceForm.weather),
            comment: optionalString(raceForm.comment, limit: Race.maximumCommentLength),
            info: RaceInfoDecoder.info(from: raceForm.additionalData))
    }

    private static func requiredString(_ value: JSONByteReader.Scalar?, _ key: String) throws(Problem) -> String {
        guard let value, value != .null else { throw Problem(reason: "missing \(key)") }
        guard let text = optionalString(value) else {
            throw Problem(reason: "\(key) is not a non-empty string")
        }
        return text
    }

    private static func requiredInt(_ value: JSONByteReader.Scalar?, _ key: String) throws(Problem) -> Int {
        guard let value, value != .null else { throw Problem(reason: "missing \(key)") }
        let range = Race.plausibleNumbers
        guard let number = number(value), number == number.rounded(),
            Double(range.lowerBound)...Double(range.upperBound) ~= number
        else {
            throw Problem(reason: "\(key) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(number)
    }

    /// Trimmed of whitespace at both ends; nil if nothing is left; cut with a `…` to its first `limit` characters
    /// (of its first `4 × limit` scalars) when it has more characters or scalars than that.
    static func optionalString(_ value: JSONByteReader.Scalar?, limit: Int = Race.maximumTextLength)
        -> String?
    {
        guard case .string(let text, let isPrintableASCII)? = value else { return nil }
        // Nearly every field is short printable ASCII: trimmed spaces are all there is to do.
        let utf8 = text.utf8
        if isPrintableASCII, utf8.count <= limit {
            guard let first = utf8.firstIndex(where: { $0 != 0x20 }),
                let last = utf8.lastIndex(where: { $0 != 0x20 })
            else { return nil }
            return String(text[first...last])
        }
        // Only the ends and the head are ever looked at, so a field of megabytes costs no more than a short one.
        // It is bounded in scalars as well as characters: one character can carry a million combining marks.
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        let trimmed = scalars[first...last]
        let scalarLimit = limit * 4
        let head = String(String.UnicodeScalarView(trimmed.prefix(scalarLimit))).prefix(limit + 1)
        guard head.count > limit || !trimmed.dropFirst(scalarLimit).isEmpty else { return String(head) }
        return String(head.prefix(limit)) + "…"
    }

    /// JSON numbers only: a Boolean or a numeric string is not a number here.
    static func number(_ value: JSONByteReader.Scalar?) -> Double? {
        guard case .number(let number)? = value, number.isFinite else { return nil }
        return number
    }
}

extension JSONByteReader {
    /// `body`'s reading of `data`, in place; a document that is not JSON is the source's "not valid JSON" error.
    static func reading<Value>(
        _ data: Data, source: String, _ body: (inout JSONByteReader) throws(JSONSyntaxError) -> Value
    ) throws(RaceDataError) -> Value {
        do {
            return try data.withUnsafeBytes { bytes in
                var reader = JSONByteReader(bytes)
                let value = try body(&reader)
                try reader.expectEnd()
                return value
            }
        } catch {
            throw NedsFeedDecoder.notJSON(data, source: source)
        }
    }
}
