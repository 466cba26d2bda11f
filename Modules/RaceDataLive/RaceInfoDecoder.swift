import Core
import Platform

/// Reads what a punter wants of a feed's `race_form.additional_data`, a JSON document carried in a string:
/// `revealed_race_info`'s `class`, `prizemonies.total_value`, `rail_position` and `start_type`. Anything else in
/// it, and a string that is not such a document, gives nothing; a string over `maximumBytes` is not read.
enum RaceInfoDecoder {
    static let maximumBytes = 64 * 1_024

    static func info(from value: JSONByteReader.Scalar?) -> RaceInfo? {
        guard case .string(let given, _)? = value, !given.isEmpty, given.utf8.count <= maximumBytes else {
            return nil
        }
        var text = given
        let info = text.withUTF8 { bytes -> RaceInfo? in
            var reader = JSONByteReader(UnsafeRawBufferPointer(bytes))
            return try? read(&reader)
        }
        return info?.isEmpty == false ? info : nil
    }

    private static func read(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> RaceInfo? {
        guard try reader.nextKind() == .object else { return nil }
        var info: RaceInfo?
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if name.is("revealed_race_info"), try reader.nextKind() == .object {
                info = try revealed(&reader)
            } else {
                try reader.skipValue()
            }
        }
        return info
    }

    private static func revealed(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> RaceInfo {
        var raceClass: String?
        var prize: Int?
        var rail: String?
        var start: String?
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if name.is("class") {
                raceClass = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: classLimit)
            } else if name.is("rail_position") {
                rail = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: railLimit)
            } else if name.is("start_type") {
                start = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: startTypeLimit)
            } else if name.is("prizemonies") {
                prize = try prizeMoney(&reader, summingPlaces: false)
            } else {
                try reader.skipValue()
            }
        }
        return RaceInfo(raceClass: raceClass, prizeMoney: prize, railPosition: rail, startType: start)
    }

    /// The most characters of a class, a rail and a start type kept, feed and card alike.
    static let classLimit = 40
    static let railLimit = 80
    static let startTypeLimit = 20

    /// The places a prize-money object may name, as the cards name them.
    static let placeNames: [StaticString] = [
        "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "11th", "12th", "13th", "14th",
        "15th", "16th", "17th", "18th", "19th", "20th",
    ]

    /// The total of the prize-money object at the reader (`{"total_value": 17000, "1st": 9520, ...}`), or where
    /// it has none and `summingPlaces`, the sum of the places it names; nil where neither is an amount. A value
    /// that is no object, or is not an amount, is passed over: the rest of the document is read all the same.
    static func prizeMoney(_ reader: inout JSONByteReader, summingPlaces: Bool) throws(JSONSyntaxError) -> Int? {
        guard try reader.nextKind() == .object else {
            try reader.skipValue()
            return nil
        }
        var total: Int?
        var places = [Int?](repeating: nil, count: placeNames.count)
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if name.is("total_value") {
                total = amount(try reader.readScalar())
            } else if summingPlaces, let place = placeNames.firstIndex(where: { name.is($0) }) {
                places[place] = amount(try reader.readScalar())
            } else {
                try reader.skipValue()
            }
        }
        guard total == nil, summingPlaces else { return total }
        let given = places.compactMap { $0 }
        return given.isEmpty ? nil : amount(.number(Double(given.reduce(0, +))))
    }

    /// An amount of money a race could offer: a number, above nothing and below a trillion.
    private static func amount(_ value: JSONByteReader.Scalar) -> Int? {
        guard case .number(let value) = value, value.isFinite, value > 0, value < 1e12 else { return nil }
        return Int(value)
    }
}
