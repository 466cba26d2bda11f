import Core
import Foundation
import RaceData
import Text

// The decoder as it was before `JSONByteReader`: Foundation's JSONSerialization builds the whole tree and the
// races are read from it. Kept only as the oracle `FeedReaderAgreementTests` compares the byte reader with.

struct ReferenceFeedDecoder: Sendable {

    func decode(_ data: Data, source: String) throws(RaceDataError) -> RaceFeed {
        let root = try parseJSON(data, source: source)
        guard let top = root as? [String: Any] else {
            throw .invalidFeed(
                source: source, reason: "expected a JSON object at the top level, found \(kind(of: root))")
        }
        guard let body = top["data"] as? [String: Any] else {
            throw .invalidFeed(source: source, reason: "it has no `data` object")
        }
        guard let summaries = body["race_summaries"] as? [String: Any] else {
            throw .invalidFeed(source: source, reason: "it has no `data.race_summaries` object")
        }

        var races: [(key: String, race: Race)] = []
        var skipped: [SkippedRace] = []
        // By key, then in the board's order (a stable sort): nothing depends on dictionary order.
        for key in summaries.keys.sorted() {
            switch Self.race(from: summaries[key]) {
            case .success(let race): races.append((key, race))
            case .failure(let problem): skipped.append(SkippedRace(key: Self.shown(key), reason: problem.reason))
            }
        }
        let (kept, outliers) = Self.splittingOutliers(races)
        for (key, race) in outliers {
            skipped.append(
                SkippedRace(
                    key: Self.shown(key),
                    reason:
                        "advertised_start \(Self.isoDate(race.advertisedStart)) is years away from the feed's other races"
                ))
        }
        return RaceFeed(
            races: kept.sorted { RaceOrder.isOrderedBefore($0.race, $1.race) }.map(\.race), skipped: skipped)
    }

    private typealias KeyedRace = (key: String, race: Race)

    /// Races whose start lies within `Race.plausibleSpreadInFeed` of the feed's median start, and the rest.
    private static func splittingOutliers(_ races: [KeyedRace]) -> (kept: [KeyedRace], outliers: [KeyedRace]) {
        guard races.count > 2 else { return (races, []) }
        let starts = races.map(\.race.advertisedStart).sorted()
        let median = starts[starts.count / 2]
        var kept: [KeyedRace] = []
        var outliers: [KeyedRace] = []
        for entry in races {
            if abs(entry.race.advertisedStart.timeIntervalSince(median)) <= Race.plausibleSpreadInFeed {
                kept.append(entry)
            } else {
                outliers.append(entry)
            }
        }
        return (kept, outliers)
    }

    private static func isoDate(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day())
    }

    /// A summary key as a message may show it: cleaned, and short.
    private static func shown(_ key: String) -> String {
        TerminalText.clean(String(key.prefix(64)), asciiOnly: true)
    }

    // MARK: - Whole document

    private func parseJSON(_ data: Data, source: String) throws(RaceDataError) -> Any {
        let text = String(decoding: data.prefix(64), as: UTF8.self)
        let start = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if start.isEmpty {
            throw .invalidFeed(source: source, reason: "it is empty")
        }
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            if let repaired = ReferenceTextRepair.repaired(data),
                let root = try? JSONSerialization.jsonObject(with: repaired, options: [.fragmentsAllowed])
            {
                return root
            }
            let preview = TerminalText.clean(String(start.prefix(24)), asciiOnly: true)
            let looksLikeHTML = start.hasPrefix("<")
            throw .invalidFeed(
                source: source,
                reason: looksLikeHTML
                    ? "it is HTML, not JSON (starts \"\(preview)\")"
                    : "it is not valid JSON (starts \"\(preview)\")")
        }
    }

    private func kind(of value: Any) -> String {
        switch value {
        case is [Any]: "an array"
        case is String: "a string"
        case is NSNull: "null"
        case let number as NSNumber: Self.isBoolean(number) ? "a Boolean" : "a number"
        default: "a value of another kind"
        }
    }

    // MARK: - One race

    struct Problem: Error {
        let reason: String
    }

    static func race(from value: Any?) -> Result<Race, Problem> {
        guard let summary = value as? [String: Any] else {
            return .failure(Problem(reason: "the summary is not an object"))
        }
        do {
            let id = try requiredString(summary, "race_id")
            guard id.count <= Race.maximumIDLength else {
                throw Problem(reason: "race_id is longer than \(Race.maximumIDLength) characters")
            }
            let raceNumber = try requiredInt(summary, "race_number")
            let meetingName = try requiredString(summary, "meeting_name")
            let categoryID = try requiredString(summary, "category_id")
            guard let category = RaceCategory(nedsID: categoryID) else {
                throw Problem(reason: "unknown category_id \(shown(categoryID))")
            }
            guard let startObject = summary["advertised_start"] as? [String: Any] else {
                throw Problem(reason: "missing advertised_start")
            }
            guard let seconds = number(startObject["seconds"]) else {
                throw Problem(reason: "missing or non-numeric advertised_start.seconds")
            }
            let start = Date(timeIntervalSince1970: seconds)
            guard Race.plausibleStarts.contains(start) else {
                throw Problem(reason: "advertised_start.seconds \(seconds) is not between 2000 and 2100")
            }
            return .success(
                Race(
                    id: id,
                    number: raceNumber,
                    name: optionalString(summary["race_name"]),
                    meetingName: meetingName,
                    category: category,
                    advertisedStart: start,
                    venue: Venue(
                        name: optionalString(summary["venue_name"]),
                        state: optionalString(summary["venue_state"]),
                        country: optionalString(summary["venue_country"])),
                    form: form(from: summary["race_form"] as? [String: Any] ?? [:])))
        } catch let problem as Problem {
            return .failure(problem)
        } catch {
            return .failure(Problem(reason: "the summary could not be read"))
        }
    }

    private static func form(from raceForm: [String: Any]) -> RaceForm {
        let distance = number(raceForm["distance"]).flatMap { value -> Distance? in
            guard value > 0, value < 1_000_000 else { return nil }
            let unit = (raceForm["distance_type"] as? [String: Any]).flatMap { optionalString($0["short_name"]) }
            return Distance(value: Int(value), unit: unit)
        }
        return RaceForm(
            distance: distance,
            trackCondition: (raceForm["track_condition"] as? [String: Any]).flatMap { optionalString($0["name"]) },
            weather: (raceForm["weather"] as? [String: Any]).flatMap { optionalString($0["name"]) },
            comment: optionalString(raceForm["race_comment"], limit: Race.maximumCommentLength),
            info: info(from: raceForm["additional_data"]))
    }

    /// `additional_data`'s JSON string, read by JSONSerialization: `revealed_race_info`'s class, total prize money,
    /// rail and start.
    private static func info(from value: Any?) -> RaceInfo? {
        guard let text = value as? String, !text.isEmpty, text.utf8.count <= 64 * 1_024,
            let document = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let revealed = document["revealed_race_info"] as? [String: Any]
        else { return nil }
        let total = number((revealed["prizemonies"] as? [String: Any])?["total_value"])
        let info = RaceInfo(
            raceClass: optionalString(revealed["class"], limit: 40),
            prizeMoney: total.flatMap { $0 > 0 && $0 < 1e12 ? Int($0) : nil },
            railPosition: optionalString(revealed["rail_position"], limit: 80),
            startType: optionalString(revealed["start_type"], limit: 20))
        return info.isEmpty ? nil : info
    }

    private static func requiredString(_ summary: [String: Any], _ key: String) throws(Problem) -> String {
        guard summary[key] != nil, !(summary[key] is NSNull) else { throw Problem(reason: "missing \(key)") }
        guard let value = optionalString(summary[key]) else {
            throw Problem(reason: "\(key) is not a non-empty string")
        }
        return value
    }

    private static func requiredInt(_ summary: [String: Any], _ key: String) throws(Problem) -> Int {
        guard summary[key] != nil, !(summary[key] is NSNull) else { throw Problem(reason: "missing \(key)") }
        let range = Race.plausibleNumbers
        guard let value = number(summary[key]), value == value.rounded(),
            Double(range.lowerBound)...Double(range.upperBound) ~= value
        else {
            throw Problem(reason: "\(key) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(value)
    }

    /// The rule as it is stated, on the whole value, however long: trimmed of Unicode whitespace; nothing left is
    /// nil; more than `limit` characters or `4 × limit` scalars is cut to the first `limit` characters of the first
    /// `4 × limit` scalars, with a `…`.
    private static func optionalString(_ value: Any?, limit: Int = Race.maximumTextLength) -> String? {
        guard let text = value as? String else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        let trimmed = Array(scalars[first...last])
        let whole = Self.text(of: trimmed)
        if whole.count <= limit, trimmed.count <= 4 * limit { return whole }
        return String(Array(Self.text(of: Array(trimmed.prefix(4 * limit)))).prefix(limit)) + "…"
    }

    private static func text(of scalars: [Unicode.Scalar]) -> String {
        scalars.reduce(into: "") { $0.unicodeScalars.append($1) }
    }

    /// JSON numbers only: a Boolean or a numeric string is not a number here.
    private static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    /// JSONSerialization hands `true` back as an NSNumber that also casts to
    /// 1; only its class tells it apart (`__NSCFBoolean` on every platform).
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(describing: type(of: number)).hasSuffix("Boolean")
    }
}

enum ReferenceTextRepair {
    /// The mended document, or nil when there was nothing of these two kinds to mend.
    static func repaired(_ data: Data) -> Data? {
        let text = String(decoding: data, as: UTF8.self)
        var utf8 = Array(text.utf8)
        let hadInvalidUTF8 = utf8.count != data.count || !utf8.elementsEqual(data)
        let hadLoneSurrogates = replaceLoneSurrogateEscapes(in: &utf8)
        guard hadInvalidUTF8 || hadLoneSurrogates else { return nil }
        return Data(utf8)
    }

    private static let replacement = Array("\\uFFFD".utf8)

    /// Rewrites `\uD800`–`\uDFFF` escapes that are not a high half followed by a low half. Walks the text
    /// once, skipping every other escape whole, so `\\uD800` (an escaped backslash, then text) is left alone.
    private static func replaceLoneSurrogateEscapes(in bytes: inout [UInt8]) -> Bool {
        var changed = false
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "u"), let unit = hexUnit(bytes, at: index + 2) else {
                index += 2
                continue
            }
            switch unit {
            case 0xD800...0xDBFF:
                if index + 11 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                    bytes[index + 7] == UInt8(ascii: "u"), let low = hexUnit(bytes, at: index + 8),
                    (0xDC00...0xDFFF).contains(low)
                {
                    index += 12
                } else {
                    bytes.replaceSubrange(index..<(index + 6), with: replacement)
                    changed = true
                    index += 6
                }
            case 0xDC00...0xDFFF:
                bytes.replaceSubrange(index..<(index + 6), with: replacement)
                changed = true
                index += 6
            default:
                index += 6
            }
        }
        return changed
    }

    private static func hexUnit(_ bytes: [UInt8], at start: Int) -> UInt16? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[start..<(start + 4)] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
